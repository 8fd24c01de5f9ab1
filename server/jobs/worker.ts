// The job queue in the database (graphile-worker): its schema, and the one worker each server
// process runs. Jobs live in the `graphile_worker` schema of the server's own database, so any
// process on that database may run a job (each job is taken by one: `FOR UPDATE SKIP LOCKED`)
// and a restart loses nothing. The worker has its own small pool beside the app's: it holds one
// connection for LISTEN and takes another to fetch and finish jobs.
import { Logger, runMigrations, runTaskList, type Task, type WorkerPool } from 'graphile-worker';
import type { Kysely } from 'kysely';
import pg from 'pg';
import type { Manifest } from '../../runtime/schema/types.ts';
import { MOMENT_TASK, type MomentPayload, recordMoment } from './moments.ts';

/** How another pool reaches the server's database: the URL of a PostgreSQL, or PGlite's socket. */
export type JobConnection = pg.PoolConfig;

/**
 * Jobs due in the future are found by polling (a notification only announces a job due now):
 * a moment is recorded within a second of its time.
 */
export const JOB_POLL_MS = 1000;

/** Jobs one process runs at once: a moment's job is one short statement. */
const CONCURRENCY = 2;

/** Told to graphile-worker so its own migrations, run by several processes starting at once, run once. */
const QUEUE_MIGRATION_LOCK = 7_402_017;

// Its errors and warnings go where the server's go; its progress lines (a job done) are left out.
const logger = new Logger(() => (level, message) => {
  if (level === 'error') console.error(`job queue: ${message}`);
  else if (level === 'warning') console.warn(`job queue: ${message}`);
});

export function queuePool(connection: JobConnection): pg.Pool {
  // no idle timeout: the LISTEN connection stays, and PGlite's socket is not re-dialled for nothing
  const pool = new pg.Pool({ ...connection, max: 2, idleTimeoutMillis: 0 });
  // a connection the database drops is replaced on the next query; unheard it would end the process
  const warn = (error: Error) => process.emitWarning(`job queue connection lost: ${error.message}`);
  pool.on('error', warn);
  // the pool hears only its idle connections: one checked out when the database goes away (the
  // worker holds them while it fetches and finishes jobs) errors on its client instead
  pool.on('connect', (client) => client.on('error', warn));
  return pool;
}

/**
 * Installs or brings up to date the queue's schema (`graphile_worker`), during the server's
 * migrate step: the writes add jobs with its SQL function, which must exist before the first.
 * graphile-worker takes no lock of its own here, so two processes starting on one empty
 * PostgreSQL would both create the schema: a session advisory lock makes them take turns.
 */
export async function migrateJobQueue(connection: JobConnection): Promise<void> {
  const pool = queuePool(connection);
  try {
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [QUEUE_MIGRATION_LOCK]);
      try {
        await runMigrations({ pgPool: pool, logger, noPreparedStatements: true });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [QUEUE_MIGRATION_LOCK]);
      }
    } finally {
      client.release();
    }
  } finally {
    await pool.end();
  }
}

export interface JobWorker {
  /** waits for the running jobs, unlocks the others for another process, closes the pool */
  stop(): Promise<void>;
}

/** Starts this process's worker; the tasks reach the database through the app's own `db`. */
export async function startJobWorker(options: {
  connection: JobConnection;
  db: Kysely<any>;
  manifest: Manifest;
}): Promise<JobWorker> {
  const pool = queuePool(options.connection);
  const publishMoment: Task = async (payload) => {
    await recordMoment(options.db, options.manifest, payload as MomentPayload);
  };
  // the worker pool without graphile-worker's cron (run() starts both): every job is added by a
  // write, and cron's start-up queries are one more thing to fail when the database goes away
  let workers: WorkerPool;
  try {
    workers = runTaskList(
      {
        logger,
        // no named prepared statements: the connections to PGlite's socket share its one session,
        // where the statement one connection prepared already exists for the other ("prepared
        // statement … already exists"); on PostgreSQL they would save one parse a second
        noPreparedStatements: true,
        concurrency: CONCURRENCY,
        pollInterval: JOB_POLL_MS,
        // the server handles its signals and stops the worker with the app
        noHandleSignals: true,
      },
      { [MOMENT_TASK]: publishMoment },
      pool,
    );
  } catch (error) {
    await pool.end();
    throw error;
  }
  // a worker that fails on its own (its database gone) says so; the app's own queries report the rest
  workers.promise.catch((error: Error) => process.emitWarning(`job queue stopped: ${error.message}`));
  return {
    async stop() {
      await workers.gracefulShutdown();
      await pool.end();
    },
  };
}
