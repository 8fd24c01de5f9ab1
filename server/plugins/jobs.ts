// The job queue's worker of this process (server/jobs/worker.ts): started once the app is ready,
// stopped when it closes, so a test's app.close() and the server's SIGTERM leave no worker
// behind. Without a queue (the CLI, PGlite in the server's thread, the tests' in-memory apps)
// writes add no jobs and nothing runs; the public site keeps its windows by the clock anyway.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { MomentSchedule } from '../jobs/moments.ts';
import { type JobConnection, type JobWorker, startJobWorker } from '../jobs/worker.ts';
import './types.ts';

export interface JobsOptions {
  /** how the worker reaches the database; unset: no queue */
  connection?: JobConnection;
}

async function jobs(app: FastifyInstance, options: JobsOptions): Promise<void> {
  const { connection } = options;
  app.decorate('jobQueue', connection !== undefined);
  if (!connection) return;
  let worker: JobWorker | undefined;
  let starting: Promise<void> | undefined;
  // Started beside the app, not before it is ready: a busy database (a long query on PGlite,
  // which answers one at a time) must not hold the app's start, nor a missing queue its requests.
  app.addHook('onReady', async () => {
    starting = (async () => {
      // rows whose moment is ahead get their job, those written without the queue too
      for (const resource of app.manifest.resources)
        await new MomentSchedule(resource, true).catchUp(app.db as unknown as Kysely<any>);
      worker = await startJobWorker({
        connection,
        db: app.db,
        manifest: app.manifest,
      });
    })().catch((error: Error) => {
      console.error(`job queue: the worker did not start: ${error.message}`);
    });
  });
  app.addHook('onClose', async () => {
    await starting;
    await worker?.stop();
    worker = undefined;
  });
}

export default fp(jobs, { name: 'jobs', fastify: '5.x', dependencies: ['context'] });
