import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { formatProblem } from '../../runtime/schema/formatProblem.ts';
import { buildManifest, serializeManifest } from '../../runtime/schema/manifest.ts';
import { buildOpenApi, serializeOpenApi } from '../../runtime/schema/openapi.ts';
import { buildSmokePlan, serializeSmokePlan } from '../../runtime/schema/smokePlan.ts';
import { loadForCommand } from '../loadForCommand.ts';
import { EXIT, type Output } from '../output.ts';

export const MANIFEST_FILE = 'manifest.json';
/** The API's description, generated from the same manifest (runtime/schema/openapi.ts). */
export const OPENAPI_FILE = 'openapi.json';
/** What each resource's generated browser smoke test does (runtime/schema/smokePlan.ts). */
export const SMOKE_FILE = 'smoke.json';

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
  const manifest = buildManifest(resources, menuGroups);
  const files = [
    { target: join(options.out, MANIFEST_FILE), text: serializeManifest(manifest) },
    { target: join(options.out, OPENAPI_FILE), text: serializeOpenApi(buildOpenApi(manifest)) },
    { target: join(options.out, SMOKE_FILE), text: serializeSmokePlan(buildSmokePlan(manifest)) },
  ];
  if (options.check) {
    let stale = 0;
    for (const { target, text } of files) {
      const current = await readFile(target, 'utf8').catch(() => undefined);
      if (current === text) {
        output.out(`${target} is up to date\n`);
        continue;
      }
      stale += 1;
      output.err(
        `${target} is ${current === undefined ? 'missing' : 'stale'}; run: schema-admin build ${dir} --out ${options.out}\n`,
      );
    }
    return stale === 0 ? EXIT.ok : EXIT.problems;
  }
  await mkdir(options.out, { recursive: true });
  for (const { target, text } of files) await writeFile(target, text);
  const targets = files.map((f) => f.target);
  output.out(
    `wrote ${targets.slice(0, -1).join(', ')} and ${targets.at(-1)} (${resources.length} resources)\n`,
  );
  return EXIT.ok;
}
