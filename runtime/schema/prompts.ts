// What an empty input or picker says: "请输入用户名" / "请选择部门". One wording for the filter bar
// and the form, so the same field prompts the same way in both.
import type { Lang } from './types.ts';

export type PromptKind = 'enter' | 'select';

const PROMPTS: Record<PromptKind, Record<Lang, (title: string) => string>> = {
  enter: { zh: (title) => `请输入${title}`, en: (title) => `Enter ${title}` },
  select: { zh: (title) => `请选择${title}`, en: (title) => `Select ${title}` },
};

export function promptText(kind: PromptKind, title: string, lang: Lang): string {
  return PROMPTS[kind][lang](title);
}
