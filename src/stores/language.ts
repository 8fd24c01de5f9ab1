// The interface language: Chinese by default (DESIGN §7), English on request; remembered in localStorage.

import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { Lang } from '../../runtime/schema/types.ts';

export interface LanguageState {
  lang: Lang;
  setLang(lang: Lang): void;
}

export const LANGUAGE_STORAGE_KEY = 'language';

export const useLanguageStore = create<LanguageState>()(
  persist(
    (set) => ({
      lang: 'zh',
      setLang(lang) {
        set({ lang });
      },
    }),
    {
      name: LANGUAGE_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ lang }) => ({ lang }),
    },
  ),
);
