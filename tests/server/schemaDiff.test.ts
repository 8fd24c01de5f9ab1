// @vitest-environment node
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Field, Manifest, Resource } from '../../runtime/schema/types.ts';
import type { DatabaseHandle } from '../../server/db/connect.ts';
import { migrateSystemTables } from '../../server/db/migrate.ts';
import { diffSchema } from '../../server/db/schemaDiff.ts';
import { DestructiveSchemaChangeError, syncResourceTables } from '../../server/db/syncTables.ts';
import { backends, testManifest } from './harness.ts';

function withNotes(manifest: Manifest, change: (notes: Resource) => Resource): Manifest {
  return { ...manifest, resources: manifest.resources.map((r) => (r.name === 'notes' ? change(r) : r)) };
}

const field = (notes: Resource, name: string): Field => notes.fields.find((f) => f.name === name)!;

describe.each(backends)('schema diff on $name', (backend) => {
  let database: DatabaseHandle;
  let dispose: () => Promise<void>;
  let manifest: Manifest;

  beforeAll(async () => {
    ({ handle: database, dispose } = await backend.open());
    manifest = await testManifest();
    await migrateSystemTables(database.db);
  });
  afterAll(async () => {
    await dispose?.();
  });

  it('plans the tables of new resources, and nothing once they exist', async () => {
    const first = await diffSchema(database.db, manifest);
    expect(first.destructive).toEqual([]);
    expect(first.additive.some((s) => s.startsWith('create table if not exists "qa_notes"'))).toBe(true);
    expect(
      first.additive.some((s) => /create unique index if not exists "qa_notes_title_unique"/.test(s)),
    ).toBe(true);
    // the system tables come from migrations: at most extended, never created here
    expect(first.additive.some((s) => s.startsWith('create table if not exists "sys_users"'))).toBe(false);
    await syncResourceTables(database.db, manifest);
    expect(await diffSchema(database.db, manifest)).toEqual({ additive: [], destructive: [] });
    const columns = await sql<{ column_name: string; data_type: string }>`
      select column_name, data_type from information_schema.columns
      where table_schema = current_schema() and table_name = 'qa_notes' order by ordinal_position`.execute(
      database.db,
    );
    expect(Object.fromEntries(columns.rows.map((c) => [c.column_name, c.data_type]))).toMatchObject({
      id: 'integer',
      title: 'character varying',
      kind: 'integer',
      due_date: 'date',
      pinned: 'boolean',
      reviewer_ids: 'jsonb',
      create_time: 'timestamp with time zone',
    });
  });

  it('adds new fields as columns and lengthens a varchar, keeping the rows', async () => {
    await sql`insert into qa_notes (title) values ('kept')`.execute(database.db);
    const grown = withNotes(manifest, (notes) => ({
      ...notes,
      fields: [
        ...notes.fields.map((f) => (f.name === 'title' ? { ...f, maxLength: 80 } : f)),
        { ...field(notes, 'body'), name: 'summary', column: 'summary', unique: false },
        { ...field(notes, 'rating'), name: 'views', column: 'views', default: 0 },
      ],
    }));
    const diff = await diffSchema(database.db, grown);
    expect(diff.destructive).toEqual([]);
    expect(diff.additive).toEqual([
      expect.stringMatching(/alter table "qa_notes" alter column "title" type varchar\(80\)/),
      expect.stringMatching(/alter table "qa_notes" add column if not exists "summary" text/),
      expect.stringMatching(/alter table "qa_notes" add column if not exists "views" integer default 0/),
    ]);
    await syncResourceTables(database.db, grown);
    const row = await sql<{ title: string; views: number }>`select title, views from qa_notes`.execute(
      database.db,
    );
    expect(row.rows).toEqual([{ title: 'kept', views: 0 }]);
    // a shorter maxLength later is the validator's business, not a table change
    expect((await diffSchema(database.db, manifest)).additive).toEqual([]);
    manifest = grown;
  });

  it('refuses a dropped field and a changed type, with advice, and changes nothing', async () => {
    const shrunk = withNotes(manifest, (notes) => ({
      ...notes,
      fields: notes.fields
        .filter((f) => f.name !== 'summary')
        .map((f) => (f.name === 'rating' ? { ...f, type: 'date' as const } : f)),
    }));
    const diff = await diffSchema(database.db, shrunk);
    expect(diff.destructive).toEqual([
      { table: 'qa_notes', column: 'rating', advice: expect.stringContaining('is integer') },
      { table: 'qa_notes', column: 'summary', advice: expect.stringContaining('DROP COLUMN "summary"') },
    ]);
    expect(diff.destructive[1].advice).toContain('fixtures/qa/notes.yaml');
    await expect(syncResourceTables(database.db, shrunk)).rejects.toBeInstanceOf(
      DestructiveSchemaChangeError,
    );
    await expect(syncResourceTables(database.db, shrunk)).rejects.toThrow(/qa_notes\.summary/);
    const still = await sql<{ n: number }>`
      select count(*)::int as n from information_schema.columns
      where table_schema = current_schema() and table_name = 'qa_notes' and column_name = 'summary'`.execute(
      database.db,
    );
    expect(still.rows[0].n).toBe(1);
  });

  it('refuses a system resource pointed at a table the migrations do not own', async () => {
    const moved: Manifest = {
      ...manifest,
      resources: manifest.resources.map((r) => (r.name === 'users' ? { ...r, table: 'users' } : r)),
    };
    await expect(diffSchema(database.db, moved)).rejects.toThrow(/system resource users names table "users"/);
  });
});
