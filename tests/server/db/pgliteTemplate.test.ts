// @vitest-environment node
// A new embedded database is a copy of the kept empty cluster (no initdb), made once by a process
// of its own; a damaged copy is discarded and the database made by initdb as before.

import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { connectDatabase } from '../../../server/db/connect.ts';
import { createPglite } from '../../../server/db/pglite.ts';
import {
  ensurePgliteTemplate,
  extractPgliteTemplate,
  isNewCluster,
  pgliteTemplatePath,
  readPgliteTemplate,
  STALE_STAGING_MS,
} from '../../../server/db/pgliteTemplate.ts';

/** initdb gives every cluster an identifier of its own; a copy keeps its source's */
const clusterId = async (db: PGlite) =>
  String(
    (await db.query<{ id: string }>('select system_identifier::text as id from pg_control_system()')).rows[0]
      .id,
  );

describe('the kept empty cluster', () => {
  const dirs: string[] = [];
  const tempDir = async () => {
    const dir = await mkdtemp(join(tmpdir(), 'schema-admin-template-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('is made once, and every new database, on disk or in memory, is a copy of it', async () => {
    const template = join(await tempDir(), 'cache', 'empty.tar.gz');
    // two callers at once share one maker
    await Promise.all([ensurePgliteTemplate(template), ensurePgliteTemplate(template)]);
    expect(existsSync(template)).toBe(true);
    const source = await createPglite(undefined, await readPgliteTemplate(template));
    const id = await clusterId(source);
    await source.close();

    const dataDir = join(await tempDir(), 'pglite');
    expect(isNewCluster(dataDir)).toBe(true);
    const onDisk = await createPglite(dataDir, undefined, template);
    expect(await clusterId(onDisk)).toBe(id);
    await onDisk.query('create table kept (n int)');
    await onDisk.close();
    expect(isNewCluster(dataDir)).toBe(false);
    // an existing cluster is opened, never replaced by the copy
    const again = await createPglite(dataDir, undefined, template);
    expect((await again.query("select to_regclass('kept') is not null as here")).rows).toEqual([
      { here: true },
    ]);
    await again.close();

    const inMemory = await createPglite(undefined, undefined, template);
    expect(await clusterId(inMemory)).toBe(id);
    await inMemory.close();
  });

  it('runs initdb when there is no copy, and discards a copy PGlite cannot start from', async () => {
    const dir = await tempDir();
    const missing = join(dir, 'none.tar.gz');
    const made = await createPglite(undefined, undefined, missing);
    expect((await made.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    await made.close();

    const damaged = join(dir, 'damaged.tar.gz');
    await writeFile(damaged, 'not a tarball');
    const warnings = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    let warned: unknown[][] = [];
    try {
      const dataDir = join(dir, 'pglite');
      const db = await createPglite(dataDir, undefined, damaged);
      expect((await db.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
      await db.close();
      expect(isNewCluster(dataDir)).toBe(false);
    } finally {
      warned = [...warnings.mock.calls];
      warnings.mockRestore();
    }
    expect(warned).toContainEqual([expect.stringContaining('running initdb')]);
    expect(existsSync(damaged)).toBe(false);
  });

  it("writes the copy into a new folder with the system's tar, and PGlite opens it as a folder of its own", async () => {
    await ensurePgliteTemplate();
    const source = await createPglite(undefined, await readPgliteTemplate());
    const id = await clusterId(source);
    await source.close();

    const dataDir = join(await tempDir(), 'pglite');
    await mkdir(dataDir);
    expect(await extractPgliteTemplate(dataDir)).toBe(true);
    expect(isNewCluster(dataDir)).toBe(false);
    const db = await createPglite(dataDir);
    expect(await clusterId(db)).toBe(id);
    await db.query('create table kept (n int)');
    await db.close();
    const again = await createPglite(dataDir);
    expect((await again.query("select to_regclass('kept') is not null as here")).rows).toEqual([
      { here: true },
    ]);
    await again.close();
    expect(existsSync(await pgliteTemplatePath())).toBe(true);
  });

  it('writes a folder once when two starts write it at the same moment, and never half', async () => {
    await ensurePgliteTemplate();
    const parent = await tempDir();
    const dataDir = join(parent, 'pglite');
    await mkdir(dataDir);
    const both = await Promise.all([extractPgliteTemplate(dataDir), extractPgliteTemplate(dataDir)]);
    expect(both.sort()).toEqual([false, true]);
    expect(isNewCluster(dataDir)).toBe(false);
    // the copies were written beside the folder; neither is left there
    expect(await readdir(parent)).toEqual(['pglite']);
    const db = await createPglite(dataDir);
    expect((await db.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    await db.close();
  });

  it('clears at each open the copies a killed start left beside the folder, and none another start is writing', async () => {
    const parent = await tempDir();
    const dataDir = join(parent, 'pglite');
    const first = await connectDatabase({ pgliteDir: dataDir });
    await first.close();
    const left = join(parent, 'pglite.new-killed');
    const writing = join(parent, 'pglite.new-writing');
    const other = join(parent, 'other.new-killed');
    for (const dir of [left, writing, other]) await mkdir(join(dir, 'base'), { recursive: true });
    const old = new Date(Date.now() - STALE_STAGING_MS - 60_000);
    await utimes(left, old, old);
    await utimes(other, old, old);
    // the folder holds its cluster: this open writes no copy, and still clears the old one
    const again = await connectDatabase({ pgliteDir: dataDir });
    await again.close();
    expect((await readdir(parent)).sort()).toEqual(['other.new-killed', 'pglite', 'pglite.new-writing']);
  });

  it('leaves the new folder as it was when the copy is missing or not a tarball', async () => {
    const dir = await tempDir();
    const dataDir = join(dir, 'pglite');
    await mkdir(dataDir);
    expect(await extractPgliteTemplate(dataDir, join(dir, 'none.tar.gz'))).toBe(false);
    const damaged = join(dir, 'damaged.tar.gz');
    await writeFile(damaged, 'not a tarball');
    expect(await extractPgliteTemplate(dataDir, damaged)).toBe(false);
    expect(await readdir(dataDir)).toEqual([]);
    expect((await readdir(dir)).sort()).toEqual(['damaged.tar.gz', 'pglite']);
    // and the folder is made as before (here by initdb: no copy)
    const db = await createPglite(dataDir, undefined, join(dir, 'none.tar.gz'));
    expect((await db.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    await db.close();
  });

  it('starts PGlite with a 32 MB shared buffer pool instead of 128 MB', async () => {
    const db = await createPglite();
    expect((await db.query('show shared_buffers')).rows).toEqual([{ shared_buffers: '32MB' }]);
    await db.close();
  });
});
