// @vitest-environment node
import { sql } from 'kysely';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
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

/** The notes resource grown by two fields and a longer title: a later version of its schema. */
function grow(manifest: Manifest): Manifest {
  return withNotes(manifest, (notes) => ({
    ...notes,
    fields: [
      ...notes.fields.map((f) => (f.name === 'title' ? { ...f, maxLength: 80 } : f)),
      { ...field(notes, 'body'), name: 'summary', column: 'summary', unique: false },
      { ...field(notes, 'rating'), name: 'views', column: 'views', default: 0 },
    ],
  }));
}

describe.each(backends)('schema diff on $name', (backend) => {
  let database: DatabaseHandle;
  let dispose: () => Promise<void>;
  let manifest: Manifest;
  let grown: Manifest;

  beforeAll(async () => {
    manifest = await testManifest();
    grown = grow(manifest);
  });
  // each test on a database of its own, with the system tables: it makes the resource tables it
  // starts from, so it passes alone and in any order
  beforeEach(async () => {
    ({ handle: database, dispose } = await backend.open());
    await migrateSystemTables(database.db);
  });
  afterEach(async () => {
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
    expect(await diffSchema(database.db, manifest)).toEqual({ additive: [], destructive: [], dangling: [] });
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
      create_time: 'timestamp with time zone',
    });
    // a multiple reference is a join table with a foreign key on each side
    expect(columns.rows.some((c) => c.column_name === 'reviewer_ids')).toBe(false);
    const keys = await sql<{ def: string }>`
      select pg_get_constraintdef(c.oid) as def from pg_constraint c
      where c.conrelid = 'qa_notes__reviewer_ids'::regclass and c.contype = 'f' order by 1`.execute(
      database.db,
    );
    expect(keys.rows.map((k) => k.def)).toEqual([
      'FOREIGN KEY (owner_id) REFERENCES qa_notes(id) ON DELETE CASCADE',
      'FOREIGN KEY (ref_id) REFERENCES sys_users(id)',
    ]);
  });

  it('adds new fields as columns and lengthens a varchar, keeping the rows', async () => {
    await syncResourceTables(database.db, manifest);
    await sql`insert into qa_notes (title) values ('kept')`.execute(database.db);
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
  });

  it('refuses a dropped field and a changed type, with advice, and changes nothing', async () => {
    await syncResourceTables(database.db, grown);
    const shrunk = withNotes(grown, (notes) => ({
      ...notes,
      fields: notes.fields
        .filter((f) => f.name !== 'summary')
        .map((f) => (f.name === 'rating' ? { ...f, type: 'date' as const } : f)),
    }));
    const diff = await diffSchema(database.db, shrunk);
    expect(diff.destructive).toEqual([
      expect.objectContaining({
        table: 'qa_notes',
        column: 'rating',
        kind: 'retype',
        allow: 'notes.rating=retype',
        advice: expect.stringContaining('is integer'),
      }),
      expect.objectContaining({
        table: 'qa_notes',
        column: 'summary',
        kind: 'drop',
        allow: 'notes.summary=drop',
        advice: expect.stringContaining('DROP COLUMN "summary"'),
      }),
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

  it('indexes sort, filter and text-search columns, takes declared and opted-out ones, and plans nothing twice', async () => {
    await syncResourceTables(database.db, grown);
    const indexes = async () =>
      Object.fromEntries(
        (
          await sql<{ indexname: string; indexdef: string }>`
            select indexname, indexdef from pg_indexes
            where schemaname = current_schema() and tablename = 'qa_notes'`.execute(database.db)
        ).rows.map((r) => [r.indexname, r.indexdef.replace(/^.* USING /, '')]),
      );
    expect(await indexes()).toMatchObject({
      // sortable columns: empty values as the least, the id last, one index for both directions
      qa_notes_title_sort: 'btree (title NULLS FIRST, id)',
      qa_notes_rating_sort: 'btree (rating NULLS FIRST, id)',
      qa_notes_create_time_sort: 'btree (create_time NULLS FIRST, id)',
      // a like filter on text: its two-character pieces
      qa_notes_title_search: expect.stringMatching(/^gin \(sa_bigrams\(\(?title\)?(::text)?\)\)$/),
      // eq and range filters not served by a sort index
      qa_notes_kind_idx: 'btree (kind)',
      qa_notes_due_date_idx: 'btree (due_date)',
      qa_notes_pinned_idx: 'btree (pinned)',
    });
    const changed = withNotes(grown, (notes) => ({
      ...notes,
      indexes: [['kind', 'dueDate']],
      fields: notes.fields.map((f) =>
        f.name === 'title' ? { ...f, index: false } : f.name === 'views' ? { ...f, index: true } : f,
      ),
    }));
    const diff = await diffSchema(database.db, changed);
    expect(diff.additive.sort()).toEqual(
      [
        'create index if not exists "qa_notes_kind_due_date_sort" on "qa_notes" ("kind" asc nulls first, "due_date" asc nulls first, "id" asc);',
        'create index if not exists "qa_notes_views_idx" on "qa_notes" ("views");',
        'drop index if exists "qa_notes_title_search";',
        'drop index if exists "qa_notes_title_sort";',
      ].sort(),
    );
    await syncResourceTables(database.db, changed);
    expect((await diffSchema(database.db, changed)).additive).toEqual([]);
    const now = await indexes();
    expect(now.qa_notes_kind_due_date_sort).toBe('btree (kind NULLS FIRST, due_date NULLS FIRST, id)');
    expect(now.qa_notes_title_sort).toBeUndefined();
    // back again: the title's indexes return; the composite one, no longer declared, goes
    const back = await diffSchema(database.db, grown);
    expect(back.additive.sort()).toEqual(
      [
        'create index if not exists "qa_notes_title_search" on "qa_notes" using gin (sa_bigrams("title"));',
        'create index if not exists "qa_notes_title_sort" on "qa_notes" ("title" asc nulls first, "id" asc);',
        'drop index if exists "qa_notes_kind_due_date_sort";',
      ].sort(),
    );
    await syncResourceTables(database.db, grown);
    expect(await diffSchema(database.db, grown)).toEqual({ additive: [], destructive: [], dangling: [] });
  });

  it('makes the bigram function before the first search index, once', async () => {
    await syncResourceTables(database.db, manifest);
    await sql`drop index if exists qa_notes_title_search`.execute(database.db);
    const others = await sql<{ indexname: string }>`
      select indexname from pg_indexes where schemaname = current_schema() and indexname like '%_search'`.execute(
      database.db,
    );
    for (const { indexname } of others.rows) await sql`drop index ${sql.id(indexname)}`.execute(database.db);
    await sql`drop function sa_bigrams(text)`.execute(database.db);
    const diff = await diffSchema(database.db, manifest);
    expect(diff.additive[0]).toMatch(/^create or replace function sa_bigrams\(t text\)/);
    expect(diff.additive.filter((s) => s.startsWith('create or replace function'))).toHaveLength(1);
    await syncResourceTables(database.db, manifest);
    expect((await diffSchema(database.db, manifest)).additive).toEqual([]);
    const pieces = await sql<{ p: string[] }>`select sa_bigrams('校园 News') as p`.execute(database.db);
    expect(pieces.rows[0].p).toEqual(['校园', '园 ', ' n', 'ne', 'ew', 'ws']);
  });

  it('refuses a system resource pointed at a table the migrations do not own', async () => {
    const moved: Manifest = {
      ...manifest,
      resources: manifest.resources.map((r) => (r.name === 'users' ? { ...r, table: 'users' } : r)),
    };
    await expect(diffSchema(database.db, moved)).rejects.toThrow(/system resource users names table "users"/);
  });
});
