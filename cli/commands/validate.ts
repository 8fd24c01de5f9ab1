import { formatProblems } from '../../runtime/schema/formatProblem.ts';
import { loadForCommand } from '../loadForCommand.ts';
import { EXIT, type Output } from '../output.ts';

export interface ValidateOptions {
  format: 'text' | 'json';
}

export async function validateCommand(
  dir: string,
  options: ValidateOptions,
  output: Output,
): Promise<number> {
  const { resources, problems } = await loadForCommand(dir);
  if (options.format === 'json') {
    output.out(`${JSON.stringify({ resources: resources.length, problems }, null, 2)}\n`);
  } else {
    output.out(
      problems.length === 0
        ? `${dir}: ${resources.length} resources, no problems\n`
        : formatProblems(problems),
    );
  }
  return problems.length === 0 ? EXIT.ok : EXIT.problems;
}
