// Runs the pruning of old sessions and login attempts once at start and then hourly, in every
// process (the deletes are idempotent, so several processes on one database do no harm). On a
// database without autovacuum (PGlite) it also does autovacuum's work every five minutes
// (db/maintenance.ts).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { pruneExpired } from '../auth/housekeeping.ts';
import { autovacuumMissing, maintainTables } from '../db/maintenance.ts';
import './types.ts';

const HOUR = 3_600_000;
/** autovacuum's own pace is a minute; a table's needs change slowly in a back office */
const MAINTENANCE_EVERY = 5 * 60_000;

async function housekeeping(app: FastifyInstance): Promise<void> {
  const run = () => {
    pruneExpired(app.db).catch((error) => app.log.warn({ err: error }, 'pruning sessions failed'));
  };
  let maintaining: Promise<unknown> | undefined;
  const maintain = () => {
    // a run still going (a large table's vacuum) is not joined by another
    maintaining ??= maintainTables(app.db)
      .then(({ vacuumed, analyzed }) => {
        if (vacuumed.length + analyzed.length > 0) app.log.info({ vacuumed, analyzed }, 'tables maintained');
      })
      .catch((error) => app.log.warn({ err: error }, 'vacuum and analyze failed'))
      .finally(() => {
        maintaining = undefined;
      });
  };
  const timers: NodeJS.Timeout[] = [];
  const every = (ms: number, work: () => void) => {
    const timer = setInterval(work, ms);
    // never the reason a process stays alive
    timer.unref();
    timers.push(timer);
  };
  app.addHook('onReady', async () => {
    run();
    every(HOUR, run);
    if (await autovacuumMissing(app.db)) every(MAINTENANCE_EVERY, maintain);
  });
  app.addHook('onClose', async () => {
    for (const timer of timers) clearInterval(timer);
    await maintaining;
  });
}

export default fp(housekeeping, { name: 'housekeeping', fastify: '5.x', dependencies: ['context'] });
