// dayjs keeps one global locale; it follows the language store so dates, weekdays and antd's
// pickers read in the language shown. The shell starts it (the sign-in page shows no dates).

import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { Lang } from '../../runtime/schema/types.ts';
import { useLanguageStore } from '../stores/language.ts';

function apply(lang: Lang): void {
  dayjs.locale(lang === 'zh' ? 'zh-cn' : 'en');
}

/** Follows the language store until the returned function is called. */
export function followLanguage(): () => void {
  apply(useLanguageStore.getState().lang);
  return useLanguageStore.subscribe((state) => apply(state.lang));
}
