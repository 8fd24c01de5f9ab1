// The job queue's worker of this process (server/jobs/worker.ts): started when the app is ready,
// stopped when it closes, so a test's app.close() and the server's SIGTERM leave no worker
// behind. Without a queue (the CLI, PGlite in the server's thread, the tests' in-memory apps)
// writes add no jobs and nothing runs; the public site keeps its windows by the clock anyway.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type JobConnection, type JobWorker, startJobWorker } from '../jobs/worker.ts';
import './types.ts';

export interface JobsOptions {
  /** how the worker reaches the database; unset: no queue */
  connection?: JobConnection;
  pollInterval?: number;
}

async function jobs(app: FastifyInstance, options: JobsOptions): Promise<void> {
  const { connection } = options;
  app.decorate('jobQueue', connection !== undefined);
  if (!connection) return;
  let worker: JobWorker | undefined;
  app.addHook('onReady', async () => {
    worker = await startJobWorker({
      connection,
      db: app.db,
      manifest: app.manifest,
      pollInterval: options.pollInterval,
    });
  });
  app.addHook('onClose', async () => {
    await worker?.stop();
    worker = undefined;
  });
}

export default fp(jobs, { name: 'jobs', fastify: '5.x', dependencies: ['context'] });
