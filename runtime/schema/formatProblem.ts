import { PROBLEMS } from './problemMessages.ts';
import type { Lang, Problem } from './types.ts';

/** The problem's message in `lang`; a rule worded only in English says it in English. */
export function problemMessage(p: Problem, lang: Lang = 'en'): string {
  return lang === 'zh' ? (p.zh ?? p.message) : p.message;
}

/**
 * `file:line:col: key.path: message`, the form editors and terminals turn into a link; a warning
 * says so after the position.
 */
export function formatProblem(p: Problem, lang: Lang = 'en', warning = false): string {
  const mark = warning ? `${PROBLEMS.warning()[lang]}: ` : '';
  return `${p.file}:${p.line}:${p.col}: ${mark}${p.path ? `${p.path}: ` : ''}${problemMessage(p, lang)}`;
}

/** The warnings, then every problem on its own line, then how many in how many files: what `schema-admin validate` prints. */
export function formatProblems(problems: Problem[], lang: Lang = 'en', warnings: Problem[] = []): string {
  const files = new Set(problems.map((p) => p.file)).size;
  const lines = [
    ...warnings.map((p) => formatProblem(p, lang, true)),
    ...problems.map((p) => formatProblem(p, lang)),
  ];
  const counts = [PROBLEMS.summary({ problems: problems.length, files })[lang]];
  if (warnings.length > 0) counts.push(PROBLEMS.warningsSummary({ warnings: warnings.length })[lang]);
  return `${lines.map((l) => `${l}\n`).join('')}${counts.join(lang === 'zh' ? '，' : ', ')}\n`;
}
