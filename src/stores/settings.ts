// Look-and-feel choices (spec §3 "Settings", defaults from §9), remembered in localStorage.
// They belong to the person at this browser rather than to a session: logging out keeps them
// (see the session store).

import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { COLORS } from '../config.ts';

export interface Settings {
  theme: string;
  showSettings: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  tagsView: boolean;
  menuBg: string;
  subMenuBg: string;
  /** antd's dark algorithm and the shell's dark surfaces */
  darkMode: boolean;
}

export interface SettingsState extends Settings {
  changeSetting<K extends keyof Settings>(key: K, value: Settings[K]): void;
  resetSettings(): void;
}

/** Spec §9: settings panel shown, tab bar on, fixed header on, sidebar logo off. */
export const DEFAULT_SETTINGS: Settings = {
  theme: COLORS.theme,
  showSettings: true,
  fixedHeader: true,
  sidebarLogo: false,
  tagsView: true,
  menuBg: COLORS.menuBg,
  subMenuBg: COLORS.subMenuBg,
  darkMode: false,
};

export const SETTINGS_STORAGE_KEY = 'settings';

export const useSettingsStore = create<SettingsState>()(
  persist(
    (set) => ({
      ...DEFAULT_SETTINGS,
      changeSetting(key, value) {
        set({ [key]: value } as Pick<Settings, typeof key>);
      },
      resetSettings() {
        set(DEFAULT_SETTINGS);
      },
    }),
    {
      name: SETTINGS_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (state): Settings => {
        const kept = {} as Record<keyof Settings, unknown>;
        for (const key of Object.keys(DEFAULT_SETTINGS) as Array<keyof Settings>) kept[key] = state[key];
        return kept as Settings;
      },
    },
  ),
);
