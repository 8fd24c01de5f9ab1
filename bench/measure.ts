// Times the two ways schemas are checked and built: in memory through loadSchemaTexts (what the
// dev server and the tests do) and on disk through the schema-admin command (what a maintainer
// and CI do, Node and tsx start-up included). In-memory passes report CPU time beside wall time:
// on a shared machine the wall clock also counts other people's work.
import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { loadSchemaTexts, type SchemaText } from '../runtime/schema/load.ts';
import { buildManifest, serializeManifest } from '../runtime/schema/manifest.ts';

const exec = promisify(execFile);
const BIN = fileURLToPath(new URL('../cli/bin.js', import.meta.url));

export interface Span {
  wallMs: number;
  /** user + system time of the whole process, garbage collection included */
  cpuMs: number;
}

export interface Timing {
  /** reading and checking every file */
  validate: Span;
  /** the manifest from the checked resources, serialised as written to disk */
  build: Span;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const cpuNow = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

function timed<T>(work: () => T): { result: T; span: Span } {
  const wall = performance.now();
  const cpu = cpuNow();
  const result = work();
  return { result, span: { wallMs: performance.now() - wall, cpuMs: cpuNow() - cpu } };
}

/** The median of `runs` passes, each validate then build; a pass with problems is an error. */
export function measureInMemory(texts: SchemaText[], runs = 3): Timing {
  const passes: Timing[] = [];
  for (let i = 0; i < runs; i++) {
    const validate = timed(() => loadSchemaTexts(texts, 'bench'));
    const { resources, menuGroups, problems } = validate.result;
    if (problems.length > 0) throw new Error(`generated schemas have ${problems.length} problems`);
    const build = timed(() => serializeManifest(buildManifest(resources, menuGroups)));
    passes.push({ validate: validate.span, build: build.span });
  }
  const pick = (get: (t: Timing) => number) => median(passes.map(get));
  return {
    validate: { wallMs: pick((t) => t.validate.wallMs), cpuMs: pick((t) => t.validate.cpuMs) },
    build: { wallMs: pick((t) => t.build.wallMs), cpuMs: pick((t) => t.build.cpuMs) },
  };
}

export async function writeSchemaDir(dir: string, texts: SchemaText[]): Promise<void> {
  for (const { path, text } of texts) {
    const file = join(dir, path);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, text);
  }
}

/** Wall time of one `schema-admin …` run; it must succeed. */
export async function timeCli(args: string[]): Promise<number> {
  const start = performance.now();
  await exec(process.execPath, [BIN, ...args], { maxBuffer: 64 * 1024 * 1024 });
  return performance.now() - start;
}

export interface CliTiming {
  validateMs: number;
  buildMs: number;
}

/** Wall time of `schema-admin validate <dir>` and of `schema-admin build <dir> --out <out>`. */
export async function measureCli(dir: string, out: string): Promise<CliTiming> {
  return {
    validateMs: await timeCli(['validate', dir]),
    buildMs: await timeCli(['build', dir, '--out', out]),
  };
}
