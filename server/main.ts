// `npm start` / `npm run serve`: reads the environment, starts the server and says where it
// is. On the first start it prints the administrator's credentials, once.
import { resolve } from 'node:path';
import { databaseLabel, listenUrl, startBanner } from './banner.ts';
import { helpText, readConfig } from './config.ts';
import { DestructiveSchemaChangeError } from './db/syncTables.ts';
import { SchemaProblemsError, startServer } from './start.ts';

async function main(): Promise<number> {
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    process.stdout.write(helpText());
    return 0;
  }
  const config = readConfig(process.env);
  let started: Awaited<ReturnType<typeof startServer>>;
  try {
    started = await startServer(config, {
      schemaDir: config.schemaDir,
      staticDir: resolve('dist'),
      logger: { level: process.env.LOG_LEVEL || 'warn' },
      // PGlite in this thread: only to measure what its own process saves (bench/pglite.ts)
      pgliteInProcess: process.env.PGLITE_IN_PROCESS === '1',
    });
  } catch (error) {
    if (error instanceof SchemaProblemsError || error instanceof DestructiveSchemaChangeError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
  const { app, database, seed, tableChanges } = started;

  const stop = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  // without its database the server can only fail every request: say why and exit, so a
  // supervisor (or the maintainer) restarts the whole, rather than serve errors indefinitely
  database.lost?.then((reason) => {
    process.stderr.write(`schema-admin stops: ${reason}\n`);
    process.exit(1);
  });

  await app.listen({ port: config.port, host: config.host });
  process.stdout.write(
    startBanner({
      url: listenUrl(config.host, config.port),
      database: databaseLabel(config.databaseUrl, resolve(config.dataDir, 'pglite'), database.process),
      tableChanges,
      seed,
    }),
  );
  return -1;
}

main().then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  (error) => {
    process.stderr.write(
      `schema-admin failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  },
);
