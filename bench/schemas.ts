// npm run bench:schemas [-- sizes…]: how long validate and build take for generated schema
// folders of 100, 1,000 and 5,000 resources, in memory and through the CLI. The goal is 1,000
// resources in under a second on two cores, growing linearly (docs/benchmarks.md).

import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateSchemas } from './generateSchemas.ts';
import { measureCli, measureInMemory, timeCli, writeSchemaDir } from './measure.ts';
import { formatTable, type Row } from './table.ts';

const DEFAULT_SIZES = [100, 1000, 5000];

async function main(): Promise<void> {
  const sizes = process.argv.slice(2).map(Number);
  const counts = sizes.length > 0 && sizes.every((n) => Number.isInteger(n) && n > 0) ? sizes : DEFAULT_SIZES;
  const work = await mkdtemp(join(tmpdir(), 'schema-bench-'));
  try {
    // one pass that is not counted, so every size is timed with the loader already compiled
    measureInMemory(generateSchemas(50), 1);
    const rows: Row[] = [];
    for (const count of counts) {
      const texts = generateSchemas(count);
      const memory = measureInMemory(texts);
      const dir = join(work, `schemas-${count}`);
      await writeSchemaDir(dir, texts);
      const cli = await measureCli(dir, join(work, `out-${count}`));
      rows.push({ resources: count, memory, cli });
      process.stderr.write(`${count} resources measured\n`);
    }
    process.stdout.write(
      `Node ${process.version}, ${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown'})\n\n`,
    );
    const startup = Math.min(await timeCli(['--help']), await timeCli(['--help']), await timeCli(['--help']));
    process.stdout.write(formatTable(rows, startup));
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

await main();
