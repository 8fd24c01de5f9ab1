// Runs the pruning of old sessions and login attempts once at start and then hourly, in every
// process (the deletes are idempotent, so several processes on one database do no harm).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { pruneExpired } from '../auth/housekeeping.ts';
import './types.ts';

const HOUR = 3_600_000;

async function housekeeping(app: FastifyInstance): Promise<void> {
  const run = () => {
    pruneExpired(app.db).catch((error) => app.log.warn({ err: error }, 'pruning sessions failed'));
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    run();
    timer = setInterval(run, HOUR);
    // never the reason a process stays alive
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
  });
}

export default fp(housekeeping, { name: 'housekeeping', fastify: '5.x', dependencies: ['context'] });
