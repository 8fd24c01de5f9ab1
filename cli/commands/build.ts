import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildManifest, formatProblem, serializeManifest } from '../../runtime/schema/index.ts';
import { loadForCommand } from '../loadForCommand.ts';
import { EXIT, type Output } from '../output.ts';

export const MANIFEST_FILE = 'manifest.json';

export interface BuildOptions {
  out: string;
  /** compare with what is on disk instead of writing (CI: the committed manifest must be current) */
  check: boolean;
}

export async function buildCommand(dir: string, options: BuildOptions, output: Output): Promise<number> {
  const { resources, menuGroups, problems } = await loadForCommand(dir);
  if (problems.length > 0) {
    for (const p of problems) output.err(`${formatProblem(p)}\n`);
    output.err(`not built: ${problems.length} problem${problems.length === 1 ? '' : 's'}\n`);
    return EXIT.problems;
  }
  const text = serializeManifest(buildManifest(resources, menuGroups));
  const target = join(options.out, MANIFEST_FILE);
  if (options.check) {
    const current = await readFile(target, 'utf8').catch(() => undefined);
    if (current === text) {
      output.out(`${target} is up to date\n`);
      return EXIT.ok;
    }
    output.err(
      `${target} is ${current === undefined ? 'missing' : 'stale'}; run: schema-admin build ${dir} --out ${options.out}\n`,
    );
    return EXIT.problems;
  }
  await mkdir(options.out, { recursive: true });
  await writeFile(target, text);
  output.out(`wrote ${target} (${resources.length} resources)\n`);
  return EXIT.ok;
}
