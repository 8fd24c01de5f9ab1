// What an empty input or picker says: "请输入用户名" / "请选择部门". One wording for the filter bar
// and the form, so the same field prompts the same way in both. Also how a label reads once it
// sits inside an English sentence: "Select pinned", "New user", "Enter ICP licence no.".
import type { Lang } from './types.ts';

export type PromptKind = 'enter' | 'select';

// A capitalised ordinary word, hyphenated parts included ("Pinned", "Home-page"). Acronyms and
// mixed-case names (URL, ID, ICP, WeChat) do not match, so they keep their letters.
const CAPITALISED_WORD = /^[A-Z][a-z]*(?:[-'][a-z]+)*$/;
// Proper adjectives a school's labels use that stay capitalised mid-sentence ("English name").
const PROPER_WORDS = new Set(['English', 'Chinese']);

/**
 * A label as it reads inside an English sentence: each capitalised ordinary word lower-cased,
 * acronyms, mixed-case names and language names kept. Chinese has no case and is returned as is.
 */
export function inSentence(label: string, lang: Lang): string {
  if (lang !== 'en') return label;
  return label
    .split(' ')
    .map((word) => (CAPITALISED_WORD.test(word) && !PROPER_WORDS.has(word) ? word.toLowerCase() : word))
    .join(' ');
}

const PROMPTS: Record<PromptKind, Record<Lang, (title: string) => string>> = {
  enter: { zh: (title) => `请输入${title}`, en: (title) => `Enter ${inSentence(title, 'en')}` },
  select: { zh: (title) => `请选择${title}`, en: (title) => `Select ${inSentence(title, 'en')}` },
};

export function promptText(kind: PromptKind, title: string, lang: Lang): string {
  return PROMPTS[kind][lang](title);
}
