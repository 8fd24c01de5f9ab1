// Autovacuum's work on a database where autovacuum is on but no launcher runs (PGlite's
// single-user PostgreSQL; db/maintenance.ts): the tables past autovacuum's thresholds are
// vacuumed and analyzed every five minutes. A PostgreSQL server is left to its launcher, or to
// its operator where autovacuum is off, and this plugin then does nothing.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { autovacuumMissing, maintainTables } from '../db/maintenance.ts';
import './types.ts';

export interface TableMaintenanceOptions {
  /** between runs; autovacuum's own pace is a minute, and a back office's tables change slowly */
  everyMs?: number;
}

const FIVE_MINUTES = 5 * 60_000;

async function tableMaintenance(app: FastifyInstance, options: TableMaintenanceOptions): Promise<void> {
  let running: Promise<void> | undefined;
  const run = () => {
    // a run still going (a large table's vacuum) is not joined by another
    running ??= maintainTables(app.db)
      .then(({ vacuumed, analyzed }) => {
        if (vacuumed.length + analyzed.length > 0) app.log.info({ vacuumed, analyzed }, 'tables maintained');
      })
      .catch((error) => app.log.warn({ err: error }, 'vacuum and analyze failed'))
      .finally(() => {
        running = undefined;
      });
  };
  let timer: NodeJS.Timeout | undefined;
  let checking: Promise<void> | undefined;
  let closed = false;
  app.addHook('onReady', async () => {
    // not awaited: a busy database (a long query on PGlite) must not hold the app's start
    checking = autovacuumMissing(app.db)
      .then((missing) => {
        if (!missing || closed) return;
        timer = setInterval(run, options.everyMs ?? FIVE_MINUTES);
        // never the reason a process stays alive
        timer.unref();
      })
      .catch((error) => app.log.warn({ err: error }, 'could not tell whether autovacuum runs'));
  });
  app.addHook('onClose', async () => {
    closed = true;
    await checking;
    clearInterval(timer);
    await running;
  });
}

export default fp(tableMaintenance, { name: 'table-maintenance', fastify: '5.x', dependencies: ['context'] });
