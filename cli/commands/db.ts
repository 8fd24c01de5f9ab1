// `schema-admin db [dir]`: what the schemas ask of the database the server would use
// (DATABASE_URL, or the PGlite under DATA_DIR), compared with what it holds. The plan lists the
// additive DDL (the server applies it on its next start), what the change does to existing rows
// (warnings, server/db/planWarnings.ts), and each step that would lose data with the flag that
// allows it. Without --apply nothing changes; with --apply the plan runs in one transaction,
// every step that loses data only when allowed by name and after a backup (cli/dbBackup.ts).
import { readFileSync } from 'node:fs';
import { access } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { sql } from 'kysely';
import { formatProblems } from '../../runtime/schema/formatProblem.ts';
import { buildManifest } from '../../runtime/schema/manifest.ts';
import { SourceDoc } from '../../runtime/schema/source.ts';
import type { Manifest } from '../../runtime/schema/types.ts';
import { readConfig } from '../../server/config.ts';
import { columnSql } from '../../server/db/columns.ts';
import { connectDatabase, type DatabaseHandle } from '../../server/db/connect.ts';
import { migrateSystemTables } from '../../server/db/migrate.ts';
import { pgliteHeldError } from '../../server/db/pgliteServer.ts';
import { type PlanWarning, planWarnings } from '../../server/db/planWarnings.ts';
import {
  parseRepairChoice,
  type RepairChoice,
  RepairRefusedError,
  repairReferences,
} from '../../server/db/repairReferences.ts';
import {
  type AddedColumn,
  type Locate,
  type PlannedSchemaDiff,
  planSchemaDiff,
} from '../../server/db/schemaDiff.ts';
import { backupDatabase, restoreBackup, toolsFrom } from '../dbBackup.ts';
import { loadForCommand } from '../loadForCommand.ts';
import { EXIT, type Output, UsageError } from '../output.ts';

interface Target {
  /** how the output names the database */
  label: string;
  /** false for a PGlite folder not made yet: opening it would create a database as a side effect */
  exists: boolean;
  open(): Promise<DatabaseHandle>;
  url?: string;
  pgliteDir?: string;
  /** where backups go: DATA_DIR/backups unless --backup-dir says */
  backupDir: string;
}

export interface DbOptions {
  repair?: string[];
  /** run the plan instead of printing it */
  apply?: boolean;
  /** `resource.column=drop`, `resource.field=retype`: steps that lose data, allowed one by one */
  allow?: string[];
  /** `resource.field=value`: the value existing rows get in a new column */
  backfill?: string[];
  /** a backup file to put back */
  restore?: string;
  backupDir?: string;
}

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

async function target(env: NodeJS.ProcessEnv, backupDir: string | undefined): Promise<Target> {
  const config = readConfig(env);
  const backups = backupDir ?? join(config.dataDir, 'backups');
  if (config.databaseUrl) {
    const url = config.databaseUrl;
    return {
      label: 'PostgreSQL (DATABASE_URL)',
      exists: true,
      open: () => connectDatabase({ url }),
      url,
      backupDir: backups,
    };
  }
  // the folder server/start.ts opens
  const pgliteDir = join(config.dataDir, 'pglite');
  // a running server holds the folder; a second PGlite on it would damage it
  const held = await pgliteHeldError(pgliteDir);
  if (held) throw new UsageError(`${held.message}. Nothing was done.`);
  return {
    label: `PGlite in ${pgliteDir}`,
    exists: await exists(pgliteDir),
    open: () => connectDatabase({ pgliteDir }),
    pgliteDir,
    backupDir: backups,
  };
}

/** Positions in the schema files under `dir`, read only when a message needs one. */
function locator(dir: string): Locate {
  const docs = new Map<string, SourceDoc>();
  return (resource, keyPath) => {
    const s = resource.source;
    if (!s) return `the ${resource.name} schema`;
    const file = join(dir, s.file).split(sep).join('/');
    let doc = docs.get(file);
    if (!doc) {
      doc = new SourceDoc(file, readFileSync(file, 'utf8'));
      docs.set(file, doc);
    }
    const { line, col } = doc.position(keyPath, true);
    return `${file}:${line}:${col}`;
  };
}

interface Plan {
  fresh: boolean;
  diff: PlannedSchemaDiff;
  warnings: PlanWarning[];
}

const isStarted = (database: DatabaseHandle) =>
  // the migrator's own table (server/db/migrate.ts)
  sql<{ present: boolean }>`select to_regclass('sys_migration') is not null as present`
    .execute(database.db)
    .then((r) => r.rows[0]?.present === true);

async function planOn(database: DatabaseHandle, manifest: Manifest, locate: Locate) {
  const diff = await planSchemaDiff(database.db, manifest, locate);
  return { diff, warnings: await planWarnings(database.db, manifest, diff, locate) };
}

/**
 * The plan against the database, or, when it was never started (no migrations table), against
 * an empty in-memory one brought to the system migrations: what a first start would create.
 */
async function planAgainst(target: Target, manifest: Manifest, locate: Locate): Promise<Plan> {
  if (target.exists) {
    const database = await target.open();
    try {
      if (await isStarted(database)) return { fresh: false, ...(await planOn(database, manifest, locate)) };
    } finally {
      await database.close();
    }
  }
  const scratch = await connectDatabase();
  try {
    await migrateSystemTables(scratch.db);
    return { fresh: true, ...(await planOn(scratch, manifest, locate)) };
  } finally {
    await scratch.close();
  }
}

function reportDangling(diff: PlannedSchemaDiff, output: Output): void {
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

function reportWarnings(warnings: PlanWarning[], backfilled: Set<string>, output: Output): void {
  for (const w of warnings) {
    if (w.backfill && backfilled.has(w.backfill)) continue;
    output.err(`warning: ${w.message}\n`);
  }
}

function reportDestructive(plan: Plan, allowed: Set<string>, output: Output): void {
  const refused = plan.diff.destructive.filter((c) => !allowed.has(c.allow));
  if (refused.length === 0) return;
  output.err(
    `refused: ${refused.length} change${refused.length === 1 ? '' : 's'} would lose data; the server applies additive changes only and will not start until each is resolved:\n`,
  );
  for (const change of refused) {
    output.err(`  - ${change.table}.${change.column}: ${change.advice}\n`);
    output.err(
      `    or let this command make it, after a backup: schema-admin db --apply --allow ${change.allow}\n`,
    );
  }
}

function report(plan: Plan, label: string, output: Output): number {
  const { diff, fresh, warnings } = plan;
  reportDangling(diff, output);
  if (fresh) {
    output.out(`-- ${label} has no tables yet; its first start creates the system tables and:\n`);
  } else if (diff.additive.length > 0) {
    output.out(`-- ${label}: the server applies these on its next start (or schema-admin db --apply now):\n`);
  }
  for (const statement of diff.additive) output.out(`${statement}\n`);
  reportWarnings(warnings, new Set(), output);
  reportDestructive(plan, new Set(), output);
  if (diff.destructive.length > 0 || diff.dangling.length > 0) return EXIT.problems;
  if (!fresh && diff.additive.length === 0) output.out(`-- ${label} matches the schemas\n`);
  return EXIT.ok;
}

/** `key=value` split at the first `=`, the key checked against a pattern. */
function keyValue(flag: string, text: string, key: RegExp, form: string): [string, string] {
  const at = text.indexOf('=');
  const [name, value] = at === -1 ? [text, ''] : [text.slice(0, at), text.slice(at + 1)];
  if (at === -1 || !key.test(name)) throw new UsageError(`${flag} ${text}: expected ${form}`);
  return [name, value];
}

/** Runs the plan: additive steps, the destructive steps allowed, backfills; one transaction. */
async function apply(
  where: Target,
  manifest: Manifest,
  locate: Locate,
  options: DbOptions,
  env: NodeJS.ProcessEnv,
  output: Output,
): Promise<number> {
  const allowed = new Set<string>();
  for (const text of options.allow ?? []) {
    const [name, kind] = keyValue(
      '--allow',
      text,
      /^[a-zA-Z]\w*\.\w+$/,
      'resource.column=drop or resource.field=retype',
    );
    if (kind !== 'drop' && kind !== 'retype')
      throw new UsageError(`--allow ${text}: expected resource.column=drop or resource.field=retype`);
    allowed.add(`${name}=${kind}`);
  }
  const backfills = new Map<string, string>();
  for (const text of options.backfill ?? []) {
    const [name, value] = keyValue('--backfill', text, /^[a-zA-Z]\w*\.[a-zA-Z]\w*$/, 'resource.field=value');
    backfills.set(name, value);
  }

  const database = await where.open();
  try {
    // what the server's start does first; the plan needs the system tables in place
    await migrateSystemTables(database.db);
    const plan: Plan = { fresh: false, ...(await planOn(database, manifest, locate)) };
    const steps = new Set(plan.diff.destructive.map((c) => c.allow));
    const unknown = [...allowed].filter((a) => !steps.has(a));
    if (unknown.length > 0) {
      const known = [...steps].join(', ') || 'none';
      throw new UsageError(
        `--allow ${unknown.join(', ')}: no such step in the plan; its steps that lose data: ${known}`,
      );
    }
    const added = new Map(plan.diff.added.map((a) => [`${a.resource.name}.${a.field.name}`, a]));
    for (const [name, value] of backfills) {
      const column = added.get(name);
      if (!column)
        throw new UsageError(
          `--backfill ${name}: not a new column of a table that exists; new ones: ${[...added.keys()].join(', ') || 'none'}`,
        );
      const options = column.field.options;
      if (options && !options.some((o) => String(o.value) === value))
        throw new UsageError(
          `--backfill ${name}=${value}: not one of the options: ${options.map((o) => o.value).join(', ')}`,
        );
    }

    reportDangling(plan.diff, output);
    reportWarnings(plan.warnings, new Set(backfills.keys()), output);
    reportDestructive(plan, allowed, output);
    const needBackfill = plan.warnings.filter((w) => w.backfill && !backfills.has(w.backfill));
    if (plan.diff.destructive.some((c) => !allowed.has(c.allow)) || needBackfill.length > 0) {
      output.err(`nothing was applied to ${where.label}\n`);
      return EXIT.problems;
    }

    const losing = plan.diff.destructive;
    if (losing.length > 0) {
      const backup = await backupDatabase(database, {
        url: where.url,
        dir: where.backupDir,
        tables: [...new Set(losing.map((c) => c.table))],
        tools: toolsFrom(env),
      });
      if (backup.partial)
        output.err(`warning: only the changed tables' rows were saved: ${backup.partial}\n`);
      output.out(`-- backup: ${backup.file}\n-- to undo: ${backup.restore}\n`);
    }

    const done = await applyPlan(database, manifest, locate, allowed, backfills, added).catch((error) => {
      if (error instanceof UsageError) throw error;
      output.err(
        `failed: ${(error as Error).message}; nothing was applied (the transaction was rolled back)\n`,
      );
      return undefined;
    });
    if (!done) return EXIT.problems;
    if (done.length === 0) {
      output.out(`-- ${where.label} matches the schemas\n`);
    } else {
      output.out(`-- applied to ${where.label}:\n`);
      for (const line of done) output.out(`${line}\n`);
    }
    return plan.diff.dangling.length > 0 ? EXIT.problems : EXIT.ok;
  } finally {
    await database.close();
  }
}

/** The plan made again inside its transaction (another process may have moved), then run. */
function applyPlan(
  database: DatabaseHandle,
  manifest: Manifest,
  locate: Locate,
  allowed: Set<string>,
  backfills: Map<string, string>,
  added: Map<string, AddedColumn>,
): Promise<string[]> {
  return database.db.transaction().execute(async (trx) => {
    // the server's start takes the same lock (server/db/syncTables.ts)
    await sql`select pg_advisory_xact_lock(hashtext('schema-admin:resource-tables'))`.execute(trx);
    const now = await planSchemaDiff(trx, manifest, locate);
    const unexpected = now.destructive.filter((c) => !allowed.has(c.allow));
    if (unexpected.length > 0)
      throw new UsageError(
        `the database changed while this ran: ${unexpected.map((c) => c.allow).join(', ')}; nothing was applied`,
      );
    const lines: string[] = [];
    for (const change of now.destructive) {
      await trx.executeQuery(change.statement);
      lines.push(`${change.statement.sql};`);
    }
    for (const statement of now.statements) await trx.executeQuery(statement);
    lines.push(...now.additive);
    for (const [name, value] of backfills) {
      const column = added.get(name);
      if (!column) continue;
      const { resource, field } = column;
      const result = await sql`
          update ${sql.table(resource.table)} set ${sql.ref(field.column)} = cast(${value} as ${sql.raw(columnSql(field))})
          where ${sql.ref(field.column)} is null`.execute(trx);
      lines.push(`-- ${name}: ${result.numAffectedRows ?? 0} rows given ${JSON.stringify(value)}`);
    }
    return lines;
  });
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
  options: DbOptions = {},
): Promise<number> {
  if (!options.apply && ((options.allow?.length ?? 0) > 0 || (options.backfill?.length ?? 0) > 0))
    throw new UsageError('--allow and --backfill take effect with --apply');
  if (options.restore) {
    // a restore needs no schemas, only the database it goes into
    const where = await target(env, options.backupDir);
    output.out(await restoreBackup(options.restore, { ...where, tools: toolsFrom(env) }));
    return EXIT.ok;
  }
  const { resources, menuGroups, problems } = await loadForCommand(dir);
  if (problems.length > 0) {
    output.err(formatProblems(problems));
    return EXIT.problems;
  }
  const where = await target(env, options.backupDir);
  const manifest = buildManifest(resources, menuGroups);
  if (options.repair && options.repair.length > 0) {
    const status = await repair(where, manifest, options.repair, output);
    if (status !== EXIT.ok) return status;
  }
  const locate = locator(dir);
  if (options.apply) return apply(where, manifest, locate, options, env, output);
  return report(await planAgainst(where, manifest, locate), where.label, output);
}
