// @vitest-environment node
// A list's rows carry their times as the text the answer writes (server/resources/rows.ts): the
// JSON of the rows is the same with and without, whatever the row holds.
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { toApiRows } from '../../../server/resources/rows.ts';
import { loadManifest } from '../../../server/start.ts';

describe('toApiRows with times as text', () => {
  it('gives rows whose JSON is that of the rows with Dates, for every resource of the manifest', async () => {
    const manifest = await loadManifest('schemas');
    // no join-table field is read here: only the fields a row holds itself
    const db = undefined as unknown as Kysely<any>;
    for (const resource of manifest.resources) {
      const own = { ...resource, fields: resource.fields.filter((f) => !(f.type === 'ref' && f.multiple)) };
      const row: Record<string, unknown> = { id: 7, version: 3 };
      own.fields.forEach((field, i) => {
        // a time where a column could hold one, odd values elsewhere: text, null, numbers, objects
        const samples = [new Date(Date.UTC(2026, 10, 26, 8, 5, 3, i)), null, `值 "${i}"\n`, i, { a: [i] }];
        row[field.column] = samples[i % samples.length];
      });
      const plain = await toApiRows(db, own, [row]);
      const asText = await toApiRows(db, own, [row], { timesAsText: true });
      expect(JSON.stringify(asText), resource.name).toBe(JSON.stringify(plain));
      expect(Object.values(asText[0]).some((v) => v instanceof Date)).toBe(false);
    }
  });
});
