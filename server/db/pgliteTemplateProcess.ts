// Makes the empty cluster pgliteTemplate.ts keeps (the path is the first argument): PGlite's
// initdb in memory, the folder dumped as a gzipped tarball, written beside its final name and
// renamed into place, so a reader never sees half a file and two makers at once leave one whole.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { PGlite } from '@electric-sql/pglite';

const [path] = process.argv.slice(2);

async function main(): Promise<void> {
  if (!path) throw new Error('usage: pgliteTemplateProcess.ts <path>');
  const db = await PGlite.create();
  const dump = await db.dumpDataDir('gzip');
  await db.close();
  await mkdir(dirname(path), { recursive: true });
  const partial = `${path}.${process.pid}.partial`;
  await writeFile(partial, new Uint8Array(await dump.arrayBuffer()));
  await rename(partial, path);
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
