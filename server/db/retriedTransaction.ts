// One transaction for a multi-row domain operation (a reorder, a role's users), run again when
// PostgreSQL aborts it for a deadlock or a serialization failure, as the store's writes are
// (docs/api.md, "Concurrent edits"): the same transaction tried a moment later passes. After
// `attempts` tries the caller hears "busy, try again" (409), never a 500. The body keeps no
// state between tries.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type { Lang } from '../../runtime/schema/types.ts';
import { busy } from '../http/errors.ts';
import { isRetryableConflict } from '../resources/pgErrors.ts';

export async function retriedTransaction<T>(
  db: Kysely<any>,
  options: { lang: Lang; attempts: number },
  body: (trx: Kysely<any>) => Promise<T>,
): Promise<T> {
  const attempts = Math.max(1, options.attempts);
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(body);
    } catch (error) {
      if (!isRetryableConflict(error)) throw error;
      if (attempt >= attempts) throw busy(options.lang);
      // a short, growing, random pause, so the transactions that met do not meet again at once
      await sleep(Math.random() * 20 * attempt);
    }
  }
}
