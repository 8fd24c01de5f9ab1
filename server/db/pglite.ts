// PGlite opened as every caller opens it: the server's database process (pgliteProcess.ts), the
// CLI and the tests. A file of its own, importing PGlite and nothing of the query side, so the
// database process does not load Kysely and pg (about 35 MB it never uses).
import { mkdir, rm } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { discardPgliteTemplate, isNewCluster, readPgliteTemplate } from './pgliteTemplate.ts';

/**
 * PGlite's own start parameters, and a smaller shared buffer pool than PostgreSQL's default
 * 128 MB: the pool is the embedded process's WebAssembly memory, which never shrinks, while the
 * files under it stay in the operating system's cache as a server's do. 32 MB holds the hot
 * pages of a school's tables; docs/benchmarks.md ("The embedded database") has the memory and
 * the throughput it was chosen by.
 */
const START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

/**
 * PGlite as every caller opens it; the one place its options (extensions) are listed.
 * `restore`: a tarball of dumpDataDir to fill a new folder with; `templatePath`: where the kept
 * empty cluster is (tests; by default pgliteTemplatePath()).
 */
export async function createPglite(
  dataDir?: string,
  restore?: Uint8Array,
  templatePath?: string,
): Promise<PGlite> {
  const open = (from?: Uint8Array) => {
    const options = {
      ...(from ? { loadDataDir: new Blob([new Uint8Array(from)]) } : {}),
      startParams: START_PARAMS,
    };
    return dataDir ? PGlite.create(dataDir, options) : PGlite.create(options);
  };
  if (restore) return open(restore);
  // a new cluster starts from the kept empty one instead of running initdb (pgliteTemplate.ts)
  const template = isNewCluster(dataDir) ? await readPgliteTemplate(templatePath) : undefined;
  if (!template) return open();
  try {
    return await open(template);
  } catch (error) {
    process.emitWarning(
      `the kept empty embedded database did not start (${error instanceof Error ? error.message : error}); running initdb`,
    );
    await discardPgliteTemplate(templatePath);
    if (dataDir) {
      // what the failed copy left; the folder itself stays, as the caller made it
      await rm(dataDir, { recursive: true, force: true });
      await mkdir(dataDir, { recursive: true });
    }
    return open();
  }
}
