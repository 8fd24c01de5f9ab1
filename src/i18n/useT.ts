import { useCallback } from 'react';
import type { I18n, Lang } from '../../runtime/schema/types.ts';
import { useLanguageStore } from '../stores/language.ts';
import { type MessageKey, messages } from './messages.ts';

export type Translate = (key: MessageKey, vars?: Record<string, string | number>) => string;

/** The shell's strings in the current language, `{name}` placeholders filled from `vars`. */
export function useT(): Translate {
  const lang = useLanguageStore((s) => s.lang);
  return useCallback(
    (key: MessageKey, vars?: Record<string, string | number>) => {
      const text: string = messages[key][lang];
      return vars ? text.replace(/\{(\w+)\}/g, (whole, name: string) => String(vars[name] ?? whole)) : text;
    },
    [lang],
  );
}

/** A route's title in the language shown: its bilingual label when the route has one. */
export function routeTitle(meta: { title?: string; titleI18n?: I18n } | undefined, lang: Lang): string {
  return meta?.titleI18n?.[lang] || meta?.title || '';
}
