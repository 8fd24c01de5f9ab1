// The copy `schema-admin db --apply` writes before a step that loses data, and the way back.
// PGlite: its data folder as a gzipped tarball (PGlite's dumpDataDir), restored into a new
// folder with `schema-admin db --restore <file>`. PostgreSQL: a pg_dump of the whole database
// that drops and recreates what it holds (restored with psql, or the same --restore); where
// pg_dump is missing or refuses (a server newer than it), the rows of the tables the steps
// change, as a script that recreates them beside the live tables.
import { execFile } from 'node:child_process';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../server/db/connect.ts';
import { createPglite } from '../server/db/pglite.ts';
import { UsageError } from './output.ts';

const exec = promisify(execFile);

export interface Backup {
  file: string;
  /** how to bring it back, for the maintainer to read */
  restore: string;
  /** why the whole-database dump was not made, when it was not */
  partial?: string;
}

export interface Tools {
  /** the pg_dump to run (PG_DUMP; it must not be older than the server) */
  pgDump: string;
  /** the psql to run (PSQL) */
  psql: string;
}

export function toolsFrom(env: NodeJS.ProcessEnv): Tools {
  return { pgDump: env.PG_DUMP || 'pg_dump', psql: env.PSQL || 'psql' };
}

/** A file-name-safe UTC time stamp: 20261126T095012Z. */
export function stamp(now = new Date()): string {
  return now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
}

export async function backupDatabase(
  database: DatabaseHandle,
  where: { url?: string; dir: string; tables: string[]; tools: Tools },
): Promise<Backup> {
  await mkdir(where.dir, { recursive: true });
  const when = stamp();
  if (database.dumpDataDir) {
    const file = join(where.dir, `pglite-${when}.tar.gz`);
    await writeFile(file, await database.dumpDataDir());
    return { file, restore: `schema-admin db --restore ${file}` };
  }
  if (!where.url) throw new Error('a PostgreSQL backup needs its DATABASE_URL');
  const file = join(where.dir, `postgres-${when}.sql`);
  try {
    await exec(where.tools.pgDump, [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--no-privileges',
      '--file',
      file,
      '--dbname',
      where.url,
    ]);
    return {
      file,
      restore: `schema-admin db --restore ${file} (or: psql -v ON_ERROR_STOP=1 -f ${file} "$DATABASE_URL")`,
    };
  } catch (error) {
    const why =
      (error as { code?: string; stderr?: string }).code === 'ENOENT'
        ? `${where.tools.pgDump} is not installed (Debian: apt-get install postgresql-client)`
        : `${where.tools.pgDump} failed: ${String((error as { stderr?: string }).stderr ?? error).trim()}`;
    const rowsFile = join(where.dir, `postgres-${when}-rows.sql`);
    await writeFile(rowsFile, await rowsScript(database, where.tables, when));
    return {
      file: rowsFile,
      partial: why,
      restore:
        `psql -v ON_ERROR_STOP=1 -f ${rowsFile} "$DATABASE_URL" recreates the tables the steps change as ` +
        `backup_${when}_<table>, rows and all; copy back what you need from them`,
    };
  }
}

/**
 * The rows of each table as a script that recreates the table, with its columns' types as they
 * are now, under a name of its own (the live table is left alone).
 */
async function rowsScript(database: DatabaseHandle, tables: string[], when: string): Promise<string> {
  const parts = [`-- rows saved by schema-admin db --apply at ${when}, before it changed these tables\n`];
  for (const table of tables) {
    const columns = await sql<{ name: string; type: string }>`
      select a.attname as name, format_type(a.atttypid, a.atttypmod) as type
      from pg_attribute a
      where a.attrelid = ${table}::regclass and a.attnum > 0 and not a.attisdropped
      order by a.attnum`.execute(database.db);
    const rows = await sql<{ rows: unknown }>`
      select coalesce(json_agg(t order by t.id), '[]') as rows from ${sql.table(table)} t`.execute(
      database.db,
    );
    const json = JSON.stringify(rows.rows[0]?.rows ?? []);
    // a dollar-quote tag the data cannot end early
    let tag = 'rows';
    while (json.includes(`$${tag}$`)) tag += '_';
    const columnList = columns.rows.map((c) => `"${c.name}" ${c.type}`).join(', ');
    parts.push(
      `create table "backup_${when}_${table}" as\n  select * from json_to_recordset($${tag}$${json}$${tag}$::json)\n  as r(${columnList});\n`,
    );
  }
  return parts.join('\n');
}

/** Puts a backup back: a PGlite tarball into the PGlite folder, a SQL file into DATABASE_URL. */
export async function restoreBackup(
  file: string,
  where: { url?: string; pgliteDir?: string; tools: Tools },
): Promise<string> {
  const tarball = /\.(tar\.gz|tgz)$/.test(file);
  if (tarball) {
    if (!where.pgliteDir)
      throw new UsageError(
        `${file} is a PGlite backup; unset DATABASE_URL to restore it into the PGlite folder`,
      );
    const bytes = await readFile(file).catch(() => {
      throw new UsageError(`backup not found: ${file}`);
    });
    // the folder it replaces is kept, not deleted: restoring the wrong file is undone by hand
    const kept = `${where.pgliteDir}-replaced-${stamp()}`;
    const moved = await rename(where.pgliteDir, kept).then(
      () => true,
      (error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return false;
        throw error;
      },
    );
    const pglite = await createPglite(where.pgliteDir, bytes);
    await pglite.close();
    return `-- restored ${file} into ${where.pgliteDir}${moved ? `; the folder it replaced is kept as ${kept}` : ''}\n`;
  }
  if (!where.url)
    throw new UsageError(
      `${file} is a PostgreSQL backup; set DATABASE_URL to the database to restore it into`,
    );
  try {
    await exec(where.tools.psql, [
      '-X',
      '-q',
      '-v',
      'ON_ERROR_STOP=1',
      '--single-transaction',
      '-f',
      file,
      where.url,
    ]);
  } catch (error) {
    const detail =
      (error as { code?: string; stderr?: string }).code === 'ENOENT'
        ? `${where.tools.psql} is not installed (Debian: apt-get install postgresql-client)`
        : String((error as { stderr?: string }).stderr ?? error).trim();
    throw new UsageError(`restoring ${file} failed, nothing was changed: ${detail}`);
  }
  return `-- restored ${file} into the database of DATABASE_URL\n`;
}
