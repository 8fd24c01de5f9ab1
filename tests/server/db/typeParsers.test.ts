// @vitest-environment node
// A list's page reads its times as the text its JSON answer writes: the same text the Date pg
// makes of them would become, in a UTC session or any other, on both databases.
import { CompiledQuery, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../../server/db/compiledQuery.ts';
import { JSON_TIME_TYPES, timestamptzAsJsonText } from '../../../server/db/typeParsers.ts';
import { backends, withDatabase } from '../harness.ts';

const TIMES = [
  '2026-11-27 08:00:00Z',
  '2026-11-27 08:00:00.123456Z',
  '2026-11-27 08:00:00.1Z',
  '1969-07-20 20:17:40.9999Z',
  '0999-12-31 23:59:59Z',
  '12000-01-01 00:00:00Z',
  '0044-03-15 12:00:00Z BC',
];

describe.each(backends)('times as JSON text on $name', (backend) => {
  it('reads a page’s times as the text JSON writes for the Date the pool would read', async () => {
    await withDatabase(backend, async (db) => {
      const select = CompiledQuery.raw(
        `select t, t is null as none from unnest($1::timestamptz[]) as t
         union all select 'infinity'::timestamptz, false union all select null, true`,
        [TIMES],
      );
      const asDates = await queryRows<{ t: Date | number | null }>(db, select);
      const asText = await queryRows<{ t: string | null }>(db, select, JSON_TIME_TYPES);
      expect(asText.map((r) => r.t)).toEqual(asDates.map((r) => JSON.parse(JSON.stringify(r.t))));
      expect(asText[0].t).toBe('2026-11-27T08:00:00.000Z');
      expect(asText[1].t).toBe('2026-11-27T08:00:00.123Z');
      // infinity is no time: JSON writes null for it, as for the Infinity pg reads
      expect(asText.at(-2)?.t).toBeNull();
    });
  });

  it('writes times PostgreSQL gives in another time zone as UTC text', async () => {
    await withDatabase(backend, async (db) => {
      // the JSON of the Dates the pool reads
      const utc = (
        await queryRows<{ t: Date }>(db, CompiledQuery.raw('select unnest($1::timestamptz[]) as t', [TIMES]))
      ).map((r) => JSON.parse(JSON.stringify(r.t)));
      expect(utc.at(-1)).toMatch(/^-0000/);
      // the text each time has in these sessions, read in a transaction that sets the zone
      for (const zone of ['Asia/Shanghai', 'America/New_York', 'Asia/Kolkata']) {
        const texts = await db.transaction().execute(async (trx) => {
          await sql`select set_config('TimeZone', ${zone}, true)`.execute(trx);
          const { rows } = await sql<{
            text: string;
          }>`select t::text as text from unnest(${TIMES}::timestamptz[]) as t`.execute(trx);
          return rows.map((r) => r.text);
        });
        expect(texts[0], zone).not.toMatch(/\+00$/);
        expect(texts.map(timestamptzAsJsonText), zone).toEqual(utc);
      }
    });
  });
});
