// The foreign keys the schemas ask for, and how far the database is from them. Every `ref`,
// multi-valued `ref` (through its join table) and `tree-parent` becomes a foreign key whose
// ON DELETE follows the field's `onDelete`; the schema diff adds the missing ones, replaces
// those whose rule changed, and reports (never adds) one that existing rows would break: those
// rows are the maintainer's to repair with `schema-admin db --repair`.
import { type CompiledQuery, type Kysely, sql } from 'kysely';
import type { Field, Manifest, OnDelete, Resource } from '../../runtime/schema/types.ts';
import { joinTableFor } from './joinTables.ts';
import type { Db } from './tables.ts';

type Rule = 'restrict' | 'set null' | 'cascade';

export interface ForeignKey {
  table: string;
  column: string;
  refTable: string;
  onDelete: Rule;
  /** the resource and field the key enforces, for messages */
  resource: string;
  field: string;
  /** the key of a tree: a root's parent is NULL in the table and 0 in the API */
  tree: boolean;
  /** the column leads the table's primary key (a join table's owner), which serves as its index */
  indexed?: boolean;
}

/** Rows whose reference points at nothing: the key cannot be added until they are repaired. */
export interface DanglingReference {
  resource: string;
  field: string;
  table: string;
  column: string;
  refTable: string;
  /** rows that point at a missing row */
  rows: number;
  /** a few of the missing ids */
  missing: number[];
  /** whether the repair may set the reference to null (a join-table link is always deleted) */
  nullable: boolean;
  tree: boolean;
}

const RULES: Record<OnDelete, Rule> = { restrict: 'restrict', setNull: 'set null', cascade: 'cascade' };

/**
 * pg_constraint.confdeltype. `restrict` is made as NO ACTION, checked at the end of the
 * statement, so one delete of a parent and its child together passes; RESTRICT would refuse it.
 */
const CATALOG_RULES: Record<string, Rule | undefined> = {
  a: 'restrict',
  r: 'restrict',
  c: 'cascade',
  n: 'set null',
};

function targetOf(manifest: Manifest, field: Field): Resource | undefined {
  return manifest.resources.find((r) => r.name === field.ref);
}

export function wantedForeignKeys(manifest: Manifest): ForeignKey[] {
  const keys: ForeignKey[] = [];
  for (const resource of manifest.resources) {
    for (const field of resource.fields) {
      if (field.type !== 'ref' && field.type !== 'tree-parent') continue;
      const target = targetOf(manifest, field);
      if (!target) continue;
      const base = { resource: resource.name, field: field.name, tree: field.type === 'tree-parent' };
      const join = joinTableFor(resource, field);
      if (join) {
        // a deleted referenced row takes its links along unless the field restricts it
        const onDelete = field.onDelete === 'restrict' ? 'restrict' : 'cascade';
        keys.push({ ...base, table: join.table, column: join.refColumn, refTable: target.table, onDelete });
        keys.push({
          ...base,
          table: join.table,
          column: join.ownerColumn,
          refTable: resource.table,
          onDelete: 'cascade',
          indexed: true,
        });
        continue;
      }
      keys.push({
        ...base,
        table: resource.table,
        column: field.column,
        refTable: target.table,
        onDelete: RULES[field.onDelete ?? 'restrict'],
      });
    }
  }
  return keys;
}

export interface LiveForeignKey {
  name: string;
  table: string;
  column: string;
  refTable: string;
  onDelete: Rule | undefined;
}

export async function readLiveForeignKeys(db: Db): Promise<LiveForeignKey[]> {
  const result = await sql<{
    name: string;
    table_name: string;
    column_name: string;
    ref_table: string;
    rule: string;
  }>`
    select c.conname as name, t.relname as table_name, a.attname as column_name,
           rt.relname as ref_table, c.confdeltype as rule
    from pg_constraint c
    join pg_class t on t.oid = c.conrelid
    join pg_namespace n on n.oid = t.relnamespace
    join pg_attribute a on a.attrelid = t.oid and a.attnum = c.conkey[1]
    join pg_class rt on rt.oid = c.confrelid
    where c.contype = 'f' and n.nspname = current_schema() and array_length(c.conkey, 1) = 1`.execute(db);
  return result.rows.map((r) => ({
    name: r.name,
    table: r.table_name,
    column: r.column_name,
    refTable: r.ref_table,
    onDelete: CATALOG_RULES[String(r.rule)],
  }));
}

/** PostgreSQL cuts identifiers at 63 bytes; a long name keeps its start and a hash of the whole. */
export function constraintName(key: Pick<ForeignKey, 'table' | 'column'>): string {
  const name = `${key.table}_${key.column}_fkey`;
  if (Buffer.byteLength(name) <= 63) return name;
  let hash = 0;
  for (const c of name) hash = (hash * 31 + c.charCodeAt(0)) >>> 0;
  return `${name.slice(0, 50)}_${hash.toString(36)}_fk`;
}

export function addForeignKey(db: Kysely<any>, key: ForeignKey): CompiledQuery {
  return db.schema
    .alterTable(key.table)
    .addForeignKeyConstraint(constraintName(key), [key.column], key.refTable, ['id'], (c) =>
      c.onDelete(key.onDelete === 'restrict' ? 'no action' : key.onDelete),
    )
    .compile();
}

/** Deleting or checking a referenced row looks the referencing rows up by this column. */
export function referenceIndex(db: Kysely<any>, key: ForeignKey): CompiledQuery {
  const name = constraintName(key).replace(/_fk(ey)?$/, '_idx');
  return db.schema.createIndex(name).ifNotExists().on(key.table).column(key.column).compile();
}

export function dropForeignKey(db: Kysely<any>, live: LiveForeignKey): CompiledQuery {
  return db.schema.alterTable(live.table).dropConstraint(live.name).compile();
}

/** A tree's roots move from parent 0 (and a default of 0) to NULL before the key can hold. */
export function nullRoots(db: Kysely<any>, key: Pick<ForeignKey, 'table' | 'column'>): CompiledQuery[] {
  return [
    db.schema
      .alterTable(key.table)
      .alterColumn(key.column, (c) => c.dropDefault())
      .compile(),
    db
      .updateTable(key.table)
      .set({ [key.column]: null })
      .where(key.column, '=', 0)
      .compile(),
  ];
}

/** Rows of a live table whose reference points at no row (roots of a tree aside). */
export async function findDangling(
  db: Db,
  key: ForeignKey,
  nullable: boolean,
  /** false when the referenced table is yet to be made: then every reference is dangling */
  refTableExists = true,
): Promise<DanglingReference | undefined> {
  const rootClause = key.tree ? sql`and s.${sql.ref(key.column)} <> 0` : sql``;
  const missingClause = refTableExists
    ? sql`and not exists (select 1 from ${sql.table(key.refTable)} r where r.id = s.${sql.ref(key.column)})`
    : sql``;
  const result = await sql<{ missing: number; rows: number }>`
    select s.${sql.ref(key.column)}::int as missing, count(*)::int as rows
    from ${sql.table(key.table)} s
    where s.${sql.ref(key.column)} is not null ${rootClause} ${missingClause}
    group by s.${sql.ref(key.column)}
    order by s.${sql.ref(key.column)}`.execute(db);
  if (result.rows.length === 0) return undefined;
  return {
    resource: key.resource,
    field: key.field,
    table: key.table,
    column: key.column,
    refTable: key.refTable,
    rows: result.rows.reduce((sum, r) => sum + Number(r.rows), 0),
    missing: result.rows.slice(0, 5).map((r) => Number(r.missing)),
    nullable,
    tree: key.tree,
  };
}

export type Repair = 'setNull' | 'delete';

/** The statements that repair dangling rows the way the maintainer chose. */
export function repairStatements(
  db: Kysely<any>,
  dangling: DanglingReference,
  repair: Repair,
): CompiledQuery[] {
  const orphan = sql<boolean>`not exists (select 1 from ${sql.table(dangling.refTable)} r where r.id = ${sql.ref(
    `${dangling.table}.${dangling.column}`,
  )})`;
  // a tree's roots (parent 0) are not dangling: they become NULL first, as the key wants them
  const roots = dangling.tree ? nullRoots(db, dangling) : [];
  const pointing = (q: any) => q.where(dangling.column, 'is not', null).where(orphan);
  if (repair === 'setNull') {
    return [...roots, pointing(db.updateTable(dangling.table).set({ [dangling.column]: null })).compile()];
  }
  return [...roots, pointing(db.deleteFrom(dangling.table)).compile()];
}
