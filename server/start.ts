// Everything between a configuration and a listening server: load and check the schemas,
// open the database, migrate, bring resource tables level, seed, build the app. main.ts adds
// the process concerns (arguments, printing, signals); tests call this directly.
import { join } from 'node:path';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { formatProblem } from '../runtime/schema/formatProblem.ts';
import { loadSchemaDir } from '../runtime/schema/load.ts';
import { buildManifest } from '../runtime/schema/manifest.ts';
import type { Manifest, Problem } from '../runtime/schema/types.ts';
import { buildApp } from './app.ts';
import type { ServerConfig } from './config.ts';
import { prepareChangeStamps } from './db/changeStamps.ts';
import { connectDatabase, type DatabaseHandle } from './db/connect.ts';
import { migrateSystemTables } from './db/migrate.ts';
import { isNewEmbeddedFolder } from './db/pgliteTemplate.ts';
import { syncResourceTables } from './db/syncTables.ts';
import { adoptDiskFiles } from './files/storage/adoptDiskFiles.ts';
import { DiskStorage } from './files/storage/diskStorage.ts';
import { PostgresStorage } from './files/storage/postgresStorage.ts';
import type { FileStorage } from './files/storage/types.ts';
import { migrateJobQueue } from './jobs/worker.ts';
import { DEFAULT_SECURITY, type SecurityConfig } from './security.ts';
import { beginFirstStartWork, type FirstStartWork, type SeedResult, seedDatabase } from './seed/seed.ts';

export class SchemaProblemsError extends Error {
  constructor(readonly problems: Problem[]) {
    super(`the schemas have problems:\n${problems.map((p) => formatProblem(p)).join('\n')}`);
    this.name = 'SchemaProblemsError';
  }
}

export interface StartOptions {
  schemaDir: string;
  staticDir?: string;
  logger?: FastifyServerOptions['logger'];
  security?: Partial<SecurityConfig>;
  /** PGlite in the server's own thread instead of its own process: only for comparing the two (bench/pglite.ts) */
  pgliteInProcess?: boolean;
}

export interface Started {
  app: FastifyInstance;
  database: DatabaseHandle;
  manifest: Manifest;
  seed: SeedResult;
  /** DDL applied to resource tables on this start */
  tableChanges: string[];
}

export async function loadManifest(schemaDir: string): Promise<Manifest> {
  const { resources, menuGroups, problems } = await loadSchemaDir(schemaDir);
  if (problems.length > 0) throw new SchemaProblemsError(problems);
  return buildManifest(resources, menuGroups);
}

/** Connects (DATABASE_URL or PGlite in DATA_DIR) and brings the system tables up to date. */
export async function openDatabase(
  config: ServerConfig,
  options: { pgliteInProcess?: boolean } = {},
): Promise<DatabaseHandle> {
  const database = await connectDatabase(
    config.databaseUrl
      ? { url: config.databaseUrl }
      : { pgliteDir: join(config.dataDir, 'pglite'), pgliteProcess: !options.pgliteInProcess },
  );
  try {
    await migrateSystemTables(database.db);
    return database;
  } catch (error) {
    await database.close();
    throw error;
  }
}

/** The configured file storage; the database one takes in the files stored on the disk before it. */
async function openStorage(database: DatabaseHandle, config: ServerConfig): Promise<FileStorage> {
  const disk = new DiskStorage(config.dataDir);
  if (config.fileStorage === 'disk') return disk;
  const shared = new PostgresStorage(database.db);
  const adopted = await adoptDiskFiles(database.db, disk, shared);
  if (adopted.length > 0)
    process.stderr.write(`copied ${adopted.length} stored files from DATA_DIR into the database\n`);
  return shared;
}

/** Resource tables level with the manifest, the seed, and an app serving it. */
export async function prepareApp(
  database: DatabaseHandle,
  manifest: Manifest,
  config: ServerConfig,
  options: Omit<StartOptions, 'schemaDir'>,
  early?: FirstStartWork,
): Promise<Omit<Started, 'database' | 'manifest'>> {
  // the job queue's schema, when another pool can reach the database: its SQL functions exist
  // before the first write adds a job with them (a no-op once up to date, as on a dev reload)
  if (database.connection) await migrateJobQueue(database.connection);
  const tableChanges = await syncResourceTables(database.db, manifest, (dangling) => {
    process.stderr.write(
      `warning: ${dangling.map((d) => `${d.resource}.${d.field} (${d.rows} rows)`).join(', ')} point at rows that ` +
        'do not exist; their foreign keys wait until `schema-admin db --repair` fixes them (run `schema-admin db` for the choices)\n',
    );
  });
  // after the tables: every table, new ones included, gets its change stamp
  const countCache = await prepareChangeStamps(database.db, database.backend);
  const security = { ...DEFAULT_SECURITY, ...options.security };
  const storage = await openStorage(database, config);
  const seed = await seedDatabase(database.db, manifest, {
    adminPassword: config.adminPassword,
    scrypt: security.scrypt,
    storage,
    early,
  });
  const app = await buildApp({
    db: database.db,
    manifest,
    dataDir: config.dataDir,
    storage,
    staticDir: options.staticDir,
    logger: options.logger,
    security,
    jobs: { connection: database.connection },
    countCache,
  });
  return { app, seed, tableChanges };
}

export async function startServer(config: ServerConfig, options: StartOptions): Promise<Started> {
  // A new embedded folder is a first start: the seed's work that needs no database (the
  // administrator's hash, the sample pictures) runs beside the database process's start
  // instead of after it, about a second of the first start (docs/benchmarks.md).
  const early = isNewEmbeddedFolder(config)
    ? beginFirstStartWork(config.adminPassword, options.security?.scrypt ?? DEFAULT_SECURITY.scrypt)
    : undefined;
  const manifest = await loadManifest(options.schemaDir);
  const database = await openDatabase(config, options);
  try {
    return { ...(await prepareApp(database, manifest, config, options, early)), database, manifest };
  } catch (error) {
    await database.close();
    throw error;
  }
}
