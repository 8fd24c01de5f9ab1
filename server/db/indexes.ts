// The indexes the schemas ask for (docs/schema.md, "Indexes"), so that a list of a million rows
// reads twenty of them rather than the table:
// - every sort key of the list and of the public views: a btree on (column, …, id) in the null
//   placement the list's ORDER BY uses (server/resources/store.ts, sorted()), forward or backward;
// - every filter column: a btree on the column, unless a sort index already leads with it;
// - every `like` filter on text: a GIN index of the column's two-character pieces, which serves
//   Chinese words of two characters as well as longer terms (docs/decisions.md);
// - every composite index the resource declares under `indexes`, with the id appended;
// - on a tree resource, its parent column followed by the list's sort: one level in order;
// - `ref` and `tree-parent` columns are indexed with their foreign keys (foreignKeys.ts).
// A field with `index: false` gets none of these; `index: true` gets a plain one.
// Names are made from the table and columns, so a second diff finds them and adds nothing.
import { type CompiledQuery, type Kysely, sql } from 'kysely';
import { FIELD_TYPE_SPECS } from '../../runtime/schema/fieldTypes.ts';
import { indexableField } from '../../runtime/schema/indexable.ts';
import { DELETED_AT } from '../../runtime/schema/recycleBin.ts';
import type { Field, Manifest, Resource, SortSpec } from '../../runtime/schema/types.ts';
import { catalogType, columnSql } from './columns.ts';
import { constraintName } from './foreignKeys.ts';
import { joinTableFor } from './joinTables.ts';

/** The SQL function whose GIN index serves `like` filters (created by the schema diff). */
export const BIGRAMS_FUNCTION = 'sa_bigrams';

/**
 * The lower-cased two-character pieces of a text. A text holds a word of two or more characters
 * only if it holds every piece of the word, so `pieces(column) @> pieces(word)` narrows a
 * `like '%word%'` to the rows an index lists. Trigrams (pg_trgm) cannot: a two-character Chinese
 * word has no trigram. A one-character text gives itself, so that no text has no piece.
 */
export const BIGRAMS_FUNCTION_SQL = `create or replace function ${BIGRAMS_FUNCTION}(t text) returns text[]
language sql immutable strict parallel safe as $$
  select array(select substr(lower(t), i, 2) from generate_series(1, greatest(char_length(t) - 1, 1)) i)
$$`;

export type IndexKind = 'sort' | 'filter' | 'search';

export interface IndexKey {
  column: string;
  desc: boolean;
}

export interface WantedIndex {
  name: string;
  table: string;
  kind: IndexKind;
  /** the columns, in order (a sort index ends with the id; a search index has one) */
  keys: IndexKey[];
  /**
   * a partial index of a resource with a recycle bin: its rows in use (what every list reads),
   * or those in the bin (the bin's own list, newest first)
   */
  rows?: 'live' | 'binned';
}

/** Index names end so; the schema diff drops one of these the schemas no longer want. */
export const OWNED_SUFFIXES = ['_sort', '_search'] as const;

/** PostgreSQL cuts names at 63 bytes; a long one keeps its start and a hash of the whole. */
function indexName(table: string, columns: string[], suffix: string): string {
  const name = `${table}_${columns.join('_')}${suffix}`;
  if (Buffer.byteLength(name) <= 63) return name;
  let hash = 0;
  for (const c of name) hash = (hash * 31 + c.charCodeAt(0)) >>> 0;
  return `${name.slice(0, 63 - suffix.length - 8)}_${hash.toString(36).padStart(7, '0')}${suffix}`;
}

/** The name of the plain index of one column: the same as a reference's, so the two are one. */
export function filterIndexName(table: string, column: string): string {
  return constraintName({ table, column }).replace(/_fk(ey)?$/, '_idx');
}

function storedAsText(field: Field): boolean {
  const { dataType } = catalogType(columnSql(field));
  return dataType === 'text' || dataType === 'character varying';
}

/** A column with its own storage that an index may serve, and whose schema did not opt out. */
function indexable(resource: Resource, field: Field | undefined): field is Field {
  return (
    field !== undefined && field.index !== false && indexableField(field) && !joinTableFor(resource, field)
  );
}

/**
 * A sort, as the btree that serves it forward or backward: turned so that its first key
 * ascends, the id last in the direction of the last key.
 */
function sortKeysOf(resource: Resource, specs: SortSpec[]): IndexKey[] | undefined {
  const keys: IndexKey[] = [];
  for (const spec of specs) {
    if (spec.field === 'id') break;
    const field = resource.fields.find((f) => f.name === spec.field);
    if (!indexable(resource, field)) return undefined;
    keys.push({ column: field.column, desc: spec.desc });
  }
  if (keys.length === 0) return undefined;
  const flip = keys[0].desc;
  const turned = keys.map((k) => ({ column: k.column, desc: k.desc !== flip }));
  return [...turned, { column: 'id', desc: turned[turned.length - 1].desc }];
}

function sortIndex(table: string, keys: IndexKey[], rows?: WantedIndex['rows']): WantedIndex {
  const columns = keys.slice(0, -1).map((k) => (k.desc ? `${k.column}_desc` : k.column));
  // a partial index has a name of its own, so turning the bin on or off replaces the index
  const suffix = rows === 'live' ? '_live_sort' : '_sort';
  return { name: indexName(table, columns, suffix), table, kind: 'sort', keys, ...(rows ? { rows } : {}) };
}

export function wantedIndexes(resource: Resource): WantedIndex[] {
  const { table } = resource;
  const byName = new Map(resource.fields.map((f) => [f.name, f]));
  const out = new Map<string, WantedIndex>();
  const add = (index: WantedIndex) => {
    if (!out.has(index.name)) out.set(index.name, index);
  };

  const sorts: SortSpec[][] = [
    ...resource.list.columns.filter((c) => c.sortable).map((c) => [{ field: c.field, desc: false }]),
    [resource.list.sort],
    ...(resource.public ? [resource.public.sort, ...resource.public.views.map((v) => v.sort)] : []),
  ];
  // a tree is read a level at a time in the list's order (a picker's `?parentId=7`): the parent
  // column then the sort, so a level of any size pages through the index
  if (resource.treeParent) sorts.push([{ field: resource.treeParent, desc: false }, resource.list.sort]);
  for (const composite of resource.indexes ?? [])
    sorts.push(composite.map((name) => ({ field: name, desc: false })));
  // with a recycle bin every list reads only the rows in use: the sort indexes hold just those,
  // so a bin of any size costs a list nothing (docs/decisions.md, "Recycle bin")
  const rows = resource.softDelete ? 'live' : undefined;
  for (const sort of sorts) {
    const keys = sortKeysOf(resource, sort);
    if (keys) add(sortIndex(table, keys, rows));
  }
  if (resource.softDelete)
    add(
      sortIndex(
        table,
        [
          { column: DELETED_AT, desc: false },
          { column: 'id', desc: false },
        ],
        'binned',
      ),
    );

  const leading = new Set([...out.values()].map((i) => i.keys[0].column));
  const filters = [...resource.list.filters, ...(resource.public?.filters ?? [])];
  const plain = new Set<Field>();
  for (const filter of filters) {
    const field = byName.get(filter.field);
    if (!indexable(resource, field)) continue;
    if (filter.op === 'like') {
      if (FIELD_TYPE_SPECS[field.type].textual && storedAsText(field))
        add({
          name: indexName(table, [field.column], '_search'),
          table,
          kind: 'search',
          keys: [{ column: field.column, desc: false }],
        });
    } else plain.add(field);
  }
  for (const field of resource.fields)
    if (field.index === true && indexable(resource, field)) plain.add(field);
  for (const field of plain) {
    // a reference's index comes with its foreign key, under this same name
    if (leading.has(field.column) || field.unique || field.type === 'ref' || field.type === 'tree-parent')
      continue;
    add({
      name: filterIndexName(table, field.column),
      table,
      kind: 'filter',
      keys: [{ column: field.column, desc: false }],
    });
  }
  return [...out.values()];
}

export function wantedIndexesOf(manifest: Manifest): WantedIndex[] {
  return manifest.resources.flatMap(wantedIndexes);
}

/**
 * Ascending keys put empty values first, descending ones last: empty counts as the least. The
 * id, never empty, keeps PostgreSQL's default placement, as the list's ORDER BY writes it: the
 * planner matches null placement literally, NOT NULL or not.
 */
function keySql(key: IndexKey) {
  if (key.column === 'id') return sql`${sql.ref(key.column)} ${sql.raw(key.desc ? 'desc' : 'asc')}`;
  return sql`${sql.ref(key.column)} ${sql.raw(key.desc ? 'desc nulls last' : 'asc nulls first')}`;
}

export function createIndex(db: Kysely<any>, index: WantedIndex): CompiledQuery {
  if (index.kind === 'search') {
    const column = index.keys[0].column;
    return sql`create index if not exists ${sql.id(index.name)} on ${sql.table(index.table)} using gin (${sql.raw(
      BIGRAMS_FUNCTION,
    )}(${sql.ref(column)}))`.compile(db);
  }
  const keys = index.kind === 'sort' ? index.keys.map(keySql) : index.keys.map((k) => sql.ref(k.column));
  const rows =
    index.rows === undefined
      ? sql``
      : sql` where ${sql.ref(DELETED_AT)} ${sql.raw(index.rows === 'live' ? 'is null' : 'is not null')}`;
  return sql`create index if not exists ${sql.id(index.name)} on ${sql.table(index.table)} (${sql.join(keys)})${rows}`.compile(
    db,
  );
}

export function dropIndex(db: Kysely<any>, name: string): CompiledQuery {
  return db.schema.dropIndex(name).ifExists().compile();
}
