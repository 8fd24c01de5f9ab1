import { formatProblem, formatProblems, problemMessage } from '../../runtime/schema/formatProblem.ts';
import { PROBLEMS } from '../../runtime/schema/problemMessages.ts';
import type { Lang, Problem } from '../../runtime/schema/types.ts';
import { loadForCommand } from '../loadForCommand.ts';
import { EXIT, type Output } from '../output.ts';

export interface ValidateOptions {
  format: 'text' | 'json';
  lang: Lang;
}

/** A problem as the JSON output gives it: the message in the chosen language. */
const inLanguage = (p: Problem, lang: Lang) => ({
  file: p.file,
  line: p.line,
  col: p.col,
  path: p.path,
  message: problemMessage(p, lang),
});

export async function validateCommand(
  dir: string,
  options: ValidateOptions,
  output: Output,
): Promise<number> {
  const { resources, problems, warnings } = await loadForCommand(dir);
  const { lang } = options;
  if (options.format === 'json') {
    const report = {
      resources: resources.length,
      problems: problems.map((p) => inLanguage(p, lang)),
      warnings: warnings.map((p) => inLanguage(p, lang)),
    };
    output.out(`${JSON.stringify(report, null, 2)}\n`);
  } else {
    const clean = () =>
      warnings.map((w) => `${formatProblem(w, lang, true)}\n`).join('') +
      `${PROBLEMS.clean({ dir, resources: resources.length })[lang]}\n`;
    output.out(problems.length === 0 ? clean() : formatProblems(problems, lang, warnings));
  }
  return problems.length === 0 ? EXIT.ok : EXIT.problems;
}
