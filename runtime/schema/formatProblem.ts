import type { Problem } from './types.ts';

/** `file:line:col: key.path: message`, the form editors and terminals turn into a link. */
export function formatProblem(p: Problem): string {
  return `${p.file}:${p.line}:${p.col}: ${p.path ? `${p.path}: ` : ''}${p.message}`;
}

/** Every problem on its own line, then how many in how many files: what `schema-admin validate` prints. */
export function formatProblems(problems: Problem[]): string {
  const files = new Set(problems.map((p) => p.file)).size;
  const lines = problems.map((p) => `${formatProblem(p)}\n`).join('');
  return `${lines}${problems.length} problem${problems.length === 1 ? '' : 's'} in ${files} file${files === 1 ? '' : 's'}\n`;
}
