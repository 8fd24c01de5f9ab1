// Configuration by environment variable, each with a default that works on a fresh machine
// (DESIGN §2). `--help` prints this table.
import { resolve } from 'node:path';
import type { StorageDriver } from './files/storage/types.ts';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** the folder of resource schemas the server compiles at start */
  schemaDir: string;
  databaseUrl?: string;
  adminPassword?: string;
  /** where stored files' bytes live: the database every instance shares, or DATA_DIR */
  fileStorage: StorageDriver;
}

export const ENVIRONMENT_HELP = [
  ['PORT', '8080', 'port to listen on'],
  ['HOST', '127.0.0.1', 'address to listen on (0.0.0.0 for every interface)'],
  ['DATA_DIR', './.data', 'embedded database (pglite/), uploads and exports'],
  ['SCHEMA_DIR', './schemas', 'the resource schemas (YAML) the server and the app are made from'],
  [
    'DATABASE_URL',
    'unset',
    'postgres://… to use a PostgreSQL server; unset: the embedded PGlite in DATA_DIR',
  ],
  [
    'FILE_STORAGE',
    'database with DATABASE_URL, else disk',
    "where uploads' bytes live: database (shared by every instance, in its backups) or disk (DATA_DIR)",
  ],
  ['ADMIN_PASSWORD', 'unset', "the first start's administrator password; unset: a random one, printed once"],
] as const;

export function helpText(): string {
  const width = Math.max(...ENVIRONMENT_HELP.map(([name]) => name.length));
  return [
    'Usage: npm start [-- --help]',
    '',
    'Serves the back office and its API. Configuration by environment variable:',
    '',
    ...ENVIRONMENT_HELP.map(
      ([name, fallback, what]) => `  ${name.padEnd(width)}  ${what} (default: ${fallback})`,
    ),
    '',
  ].join('\n');
}

function readStorage(env: NodeJS.ProcessEnv): StorageDriver {
  const given = env.FILE_STORAGE || (env.DATABASE_URL ? 'database' : 'disk');
  if (given !== 'database' && given !== 'disk')
    throw new Error(`FILE_STORAGE must be database or disk, not "${env.FILE_STORAGE}"`);
  return given;
}

export function readConfig(env: NodeJS.ProcessEnv): ServerConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, not "${env.PORT}"`);
  return {
    port,
    host: env.HOST || '127.0.0.1',
    dataDir: resolve(env.DATA_DIR || './.data'),
    schemaDir: resolve(env.SCHEMA_DIR || './schemas'),
    databaseUrl: env.DATABASE_URL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    fileStorage: readStorage(env),
  };
}
