// `schema-admin db [dir]`: what the schemas ask of the database the server would use
// (DATABASE_URL, or the PGlite under DATA_DIR), compared with what it holds. Additive DDL is
// printed for the maintainer to read (the server applies it on its next start); a destructive
// difference is printed with the server's advice and makes the command fail, because the
// server will refuse to start on it. Nothing is ever applied here.
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import { formatProblems } from '../../runtime/schema/formatProblem.ts';
import { buildManifest } from '../../runtime/schema/manifest.ts';
import type { Manifest } from '../../runtime/schema/types.ts';
import { readConfig } from '../../server/config.ts';
import { connectDatabase, type DatabaseHandle } from '../../server/db/connect.ts';
import { migrateSystemTables } from '../../server/db/migrate.ts';
import { pgliteHeldError } from '../../server/db/pgliteServer.ts';
import {
  parseRepairChoice,
  type RepairChoice,
  RepairRefusedError,
  repairReferences,
} from '../../server/db/repairReferences.ts';
import { diffSchema, type SchemaDiff } from '../../server/db/schemaDiff.ts';
import { loadForCommand } from '../loadForCommand.ts';
import { EXIT, type Output, UsageError } from '../output.ts';

interface Target {
  /** how the output names the database */
  label: string;
  /** false for a PGlite folder not made yet: opening it would create a database as a side effect */
  exists: boolean;
  open(): Promise<DatabaseHandle>;
}

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

async function target(env: NodeJS.ProcessEnv): Promise<Target> {
  const config = readConfig(env);
  if (config.databaseUrl) {
    const url = config.databaseUrl;
    return { label: 'PostgreSQL (DATABASE_URL)', exists: true, open: () => connectDatabase({ url }) };
  }
  // the folder server/start.ts opens
  const pgliteDir = join(config.dataDir, 'pglite');
  // a running server holds the folder; a second PGlite on it would damage it
  const held = await pgliteHeldError(pgliteDir);
  if (held) throw new UsageError(held.message);
  return {
    label: `PGlite in ${pgliteDir}`,
    exists: await exists(pgliteDir),
    open: () => connectDatabase({ pgliteDir }),
  };
}

/**
 * The diff against the database, or, when it was never started (no migrations table), against
 * an empty in-memory one brought to the system migrations: what a first start would create.
 */
async function diffAgainst(
  target: Target,
  manifest: Manifest,
): Promise<{ fresh: boolean; diff: SchemaDiff }> {
  if (target.exists) {
    const database = await target.open();
    try {
      // the migrator's own table (server/db/migrate.ts)
      const started = await sql<{
        present: boolean;
      }>`select to_regclass('sys_migration') is not null as present`
        .execute(database.db)
        .then((r) => r.rows[0]?.present === true);
      if (started) return { fresh: false, diff: await diffSchema(database.db, manifest) };
    } finally {
      await database.close();
    }
  }
  const scratch = await connectDatabase();
  try {
    await migrateSystemTables(scratch.db);
    return { fresh: true, diff: await diffSchema(scratch.db, manifest) };
  } finally {
    await scratch.close();
  }
}

function reportDangling(diff: SchemaDiff, output: Output): void {
  if (diff.dangling.length === 0) return;
  output.err(
    `${diff.dangling.length} reference${diff.dangling.length === 1 ? '' : 's'} point at rows that do not exist; ` +
      'the server keeps running without their foreign key until you choose a repair:\n',
  );
  for (const d of diff.dangling) {
    const target = `${d.resource}.${d.field}`;
    const choices = d.nullable
      ? `--repair ${target}=setNull or --repair ${target}=delete`
      : `--repair ${target}=delete`;
    output.err(
      `  - ${target} (${d.table}.${d.column} → ${d.refTable}): ${d.rows} row${d.rows === 1 ? '' : 's'} point at ` +
        `missing id${d.missing.length === 1 ? '' : 's'} ${d.missing.join(', ')}; repair with schema-admin db ${choices}\n`,
    );
  }
}

function report(diff: SchemaDiff, fresh: boolean, label: string, output: Output): number {
  reportDangling(diff, output);
  if (fresh) {
    output.out(`-- ${label} has no tables yet; its first start creates the system tables and:\n`);
  } else if (diff.additive.length > 0) {
    output.out(`-- ${label}: the server applies these on its next start:\n`);
  }
  for (const statement of diff.additive) output.out(`${statement}\n`);
  if (diff.destructive.length > 0) {
    output.err(
      `refused: ${diff.destructive.length} change${diff.destructive.length === 1 ? '' : 's'} would lose data; the server applies additive changes only and will not start until each is resolved:\n`,
    );
    for (const change of diff.destructive)
      output.err(`  - ${change.table}.${change.column}: ${change.advice}\n`);
    return EXIT.problems;
  }
  if (diff.dangling.length > 0) return EXIT.problems;
  if (!fresh && diff.additive.length === 0) output.out(`-- ${label} matches the schemas\n`);
  return EXIT.ok;
}

/** Clears or deletes the rows whose reference points at nothing, as the maintainer chose. */
async function repair(where: Target, manifest: Manifest, texts: string[], output: Output): Promise<number> {
  let choices: RepairChoice[];
  try {
    choices = texts.map(parseRepairChoice);
  } catch (error) {
    output.err(`${(error as Error).message}\n`);
    return EXIT.usage;
  }
  if (!where.exists) {
    output.err(`${where.label} does not exist yet: there is nothing to repair\n`);
    return EXIT.usage;
  }
  const database = await where.open();
  try {
    for (const done of await repairReferences(database.db, manifest, choices)) {
      const verb = done.repair === 'setNull' ? 'cleared the reference of' : 'deleted';
      output.out(`-- ${done.target}: ${verb} ${done.rows} row${done.rows === 1 ? '' : 's'}\n`);
    }
    return EXIT.ok;
  } catch (error) {
    if (!(error instanceof RepairRefusedError)) throw error;
    output.err(`refused: ${error.message}; nothing was changed\n`);
    return EXIT.problems;
  } finally {
    await database.close();
  }
}

export async function dbCommand(
  dir: string,
  env: NodeJS.ProcessEnv,
  output: Output,
  options: { repair?: string[] } = {},
): Promise<number> {
  const { resources, menuGroups, problems } = await loadForCommand(dir);
  if (problems.length > 0) {
    output.err(formatProblems(problems));
    return EXIT.problems;
  }
  const where = await target(env);
  if (options.repair && options.repair.length > 0) {
    const status = await repair(where, buildManifest(resources, menuGroups), options.repair, output);
    if (status !== EXIT.ok) return status;
  }
  const { fresh, diff } = await diffAgainst(where, buildManifest(resources, menuGroups));
  return report(diff, fresh, where.label, output);
}
