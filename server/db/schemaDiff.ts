// What a manifest asks of the database compared with what it holds: the additive statements
// that would bring the tables level (new tables, new columns, new unique indexes, the indexes
// lists and references need, server/db/indexes.ts) and the
// destructive differences (a column whose field is gone or whose type changed), which are
// never applied by the server: each comes with advice for the maintainer.
// `schema-admin db` prints this; the server applies the additive part on start.
import { type CompiledQuery, type Kysely, sql } from 'kysely';
import { BIN_COLUMNS, DELETED_AT, DELETED_BY } from '../../runtime/schema/recycleBin.ts';
import { BASE_COLUMNS, VERSION_COLUMN } from '../../runtime/schema/reservedNames.ts';
import type { Field, Manifest, Resource } from '../../runtime/schema/types.ts';
import { catalogType, columnSql, compareColumn, fieldsNeedingColumns } from './columns.ts';
import {
  addForeignKey,
  type DanglingReference,
  dropForeignKey,
  type ForeignKey,
  findDangling,
  nullRoots,
  readLiveForeignKeys,
  referenceIndex,
  wantedForeignKeys,
} from './foreignKeys.ts';
import {
  BIGRAMS_FUNCTION,
  BIGRAMS_FUNCTION_SQL,
  createIndex,
  dropIndex,
  OWNED_SUFFIXES,
  type WantedIndex,
  wantedIndexesOf,
} from './indexes.ts';
import { functionExists, readLeadingIndexColumns, readLiveIndexes, readLiveTables } from './introspect.ts';
import { joinTableFor } from './joinTables.ts';
import { SYSTEM_OWNED_COLUMNS } from './migrations.ts';
import type { Db } from './tables.ts';

export interface DestructiveChange {
  table: string;
  column: string;
  advice: string;
  /** drop: a column no field declares; retype: a column whose type the field no longer fits */
  kind: 'drop' | 'retype';
  /** the resource's name */
  resource: string;
  /** retype: the field whose column it is */
  field?: string;
  /** what `schema-admin db --apply --allow <allow>` names the step by */
  allow: string;
  /** the statement that makes the change once the maintainer allows it */
  statement: CompiledQuery;
}

/** A column the diff adds to a table that already exists (it may hold rows). */
export interface AddedColumn {
  resource: Resource;
  field: Field;
}

/** Where in a schema file a key is, as `file:line:col`; the resource's start when unknown. */
export type Locate = (resource: Resource, keyPath: string[]) => string;

export interface SchemaDiff {
  additive: string[];
  destructive: DestructiveChange[];
  /** references existing rows break: their foreign key waits until they are repaired */
  dangling: DanglingReference[];
}

/** The diff plus the statements in executable form, for the server to apply. */
export interface PlannedSchemaDiff extends SchemaDiff {
  statements: CompiledQuery[];
  added: AddedColumn[];
  /** the tables the diff creates (they hold no rows yet) */
  created: string[];
}

export async function diffSchema(db: Db, manifest: Manifest): Promise<SchemaDiff> {
  const { additive, destructive, dangling } = await planSchemaDiff(db, manifest);
  return { additive, destructive, dangling };
}

export async function planSchemaDiff(
  db: Db,
  manifest: Manifest,
  locate: Locate = where,
): Promise<PlannedSchemaDiff> {
  const live = await readLiveTables(db);
  const liveIndexes = await readLiveIndexes(db);
  const anyDb = db as unknown as Kysely<any>;
  const statements: CompiledQuery[] = [];
  const destructive: DestructiveChange[] = [];
  const added: AddedColumn[] = [];
  const created: string[] = [];

  for (const resource of manifest.resources) {
    if (resource.system && !Object.hasOwn(SYSTEM_OWNED_COLUMNS, resource.table)) {
      throw new Error(
        `system resource ${resource.name} names table "${resource.table}", but the system tables are ` +
          `${Object.keys(SYSTEM_OWNED_COLUMNS).join(', ')} (made by the server's migrations)`,
      );
    }
    const table = live.get(resource.table);
    const fields = fieldsNeedingColumns(resource);
    if (!table) {
      created.push(resource.table);
      statements.push(createTable(anyDb, resource, fields));
      for (const field of fields.filter((f) => f.unique))
        statements.push(uniqueIndex(anyDb, resource, field));
      continue;
    }
    // tables made before rows carried a version (the system tables' migrations among them)
    if (!table.columns.has(VERSION_COLUMN)) statements.push(addVersionColumn(anyDb, resource));
    const addedHere: Field[] = [];
    if (resource.softDelete)
      for (const column of BIN_COLUMNS)
        if (!table.columns.has(column)) statements.push(addBinColumn(anyDb, resource, column));
    const indexNames = liveIndexes.get(resource.table) ?? new Set<string>();
    for (const field of fields) {
      const live = table.columns.get(field.column);
      if (live === undefined) {
        statements.push(addColumn(anyDb, resource, field));
        addedHere.push(field);
      } else {
        const verdict = compareColumn(live, catalogType(columnSql(field)));
        if (verdict === 'incompatible') {
          destructive.push({
            table: resource.table,
            column: field.column,
            advice: retypeAdvice(
              resource,
              field,
              live.length ? `${live.dataType}(${live.length})` : live.dataType,
              locate,
            ),
            kind: 'retype',
            resource: resource.name,
            field: field.name,
            allow: `${resource.name}.${field.name}=retype`,
            statement: retypeColumn(anyDb, resource, field),
          });
          continue;
        }
        if (verdict === 'widen') statements.push(widenColumn(anyDb, resource, field));
      }
      if (field.unique) statements.push(...uniqueChanges(anyDb, resource, field, table.unique, indexNames));
    }
    const known = new Set<string>([
      ...BASE_COLUMNS,
      ...(resource.softDelete ? BIN_COLUMNS : []),
      ...(SYSTEM_OWNED_COLUMNS[resource.table] ?? []),
      ...fields.map((f) => f.column),
    ]);
    for (const [column, type] of table.columns) {
      if (known.has(column)) continue;
      // a field renamed in the YAML looks like a column gone and another added
      const renamed = addedHere.filter(
        (f) => compareColumn(type, catalogType(columnSql(f))) !== 'incompatible',
      );
      destructive.push({
        table: resource.table,
        column,
        advice: dropAdvice(resource, column, renamed, locate),
        kind: 'drop',
        resource: resource.name,
        allow: `${resource.name}.${column}=drop`,
        statement: anyDb.schema.alterTable(resource.table).dropColumn(column).compile(),
      });
    }
    added.push(...addedHere.map((field) => ({ resource, field })));
  }
  for (const resource of manifest.resources) {
    for (const field of resource.fields) {
      const join = joinTableFor(resource, field);
      if (join && !join.system && !live.has(join.table)) statements.push(createJoinTable(anyDb, join));
    }
  }
  const indexes = wantedIndexesOf(manifest);
  const dangling = await planForeignKeys(db, manifest, live, statements, indexes);
  await planIndexes(db, manifest, indexes, statements);
  return { additive: statements.map((s) => `${s.sql};`), destructive, dangling, statements, added, created };
}

/**
 * Adds the keys the schemas want and the database lacks (after the tables and columns they
 * need), replaces a key whose ON DELETE changed, and indexes every referencing column. A key
 * that existing rows would break is left out and reported instead.
 */
async function planForeignKeys(
  db: Db,
  manifest: Manifest,
  live: Awaited<ReturnType<typeof readLiveTables>>,
  statements: CompiledQuery[],
  indexes: WantedIndex[],
): Promise<DanglingReference[]> {
  const anyDb = db as unknown as Kysely<any>;
  const liveKeys = await readLiveForeignKeys(db);
  const indexed = await readLeadingIndexColumns(db);
  // a sort index that leads with the column serves the reference too
  // (a partial one of a recycle bin does not: the key's checks read the binned rows too)
  for (const index of indexes) if (!index.rows) indexed.add(`${index.table}.${index.keys[0].column}`);
  const optedOut = new Set(
    manifest.resources.flatMap((r) =>
      r.fields.filter((f) => f.index === false).map((f) => `${r.name}.${f.name}`),
    ),
  );
  const needsIndex = (key: ForeignKey) =>
    !key.indexed &&
    !indexed.has(`${key.table}.${key.column}`) &&
    !optedOut.has(`${key.resource}.${key.field}`);
  const dangling: DanglingReference[] = [];
  for (const key of wantedForeignKeys(manifest)) {
    const existing = liveKeys.find((k) => k.table === key.table && k.column === key.column);
    if (existing && existing.refTable === key.refTable && existing.onDelete === key.onDelete) {
      if (needsIndex(key)) statements.push(referenceIndex(anyDb, key));
      continue;
    }
    const holdsRows = live.get(key.table)?.columns.has(key.column) === true;
    if (holdsRows && existing?.refTable !== key.refTable) {
      const resource = manifest.resources.find((r) => r.name === key.resource);
      const field = resource?.fields.find((f) => f.name === key.field);
      const nullable = !field?.required && !(resource && field && joinTableFor(resource, field));
      const broken = await findDangling(db, key, nullable, live.has(key.refTable));
      if (broken) {
        dangling.push(broken);
        continue;
      }
    }
    if (existing) statements.push(dropForeignKey(anyDb, existing));
    if (key.tree && holdsRows) statements.push(...nullRoots(anyDb, key));
    statements.push(addForeignKey(anyDb, key));
    if (needsIndex(key)) statements.push(referenceIndex(anyDb, key));
  }
  return dangling;
}

/**
 * Creates the wanted indexes the database lacks (the bigram function first, when a search
 * index needs it) and drops the schema's own indexes (named *_sort, *_search) that no schema
 * wants any more. An index holds no data of its own, so dropping one loses nothing.
 */
async function planIndexes(
  db: Db,
  manifest: Manifest,
  indexes: WantedIndex[],
  statements: CompiledQuery[],
): Promise<void> {
  const anyDb = db as unknown as Kysely<any>;
  const live = await readLiveIndexes(db);
  const missing = indexes.filter((i) => !live.get(i.table)?.has(i.name));
  if (missing.some((i) => i.kind === 'search') && !(await functionExists(db, BIGRAMS_FUNCTION)))
    statements.push(sql.raw(BIGRAMS_FUNCTION_SQL).compile(anyDb));
  for (const index of missing) statements.push(createIndex(anyDb, index));
  const wanted = new Set(indexes.map((i) => i.name));
  for (const resource of manifest.resources) {
    for (const name of live.get(resource.table) ?? []) {
      if (!wanted.has(name) && OWNED_SUFFIXES.some((suffix) => name.endsWith(suffix)))
        statements.push(dropIndex(anyDb, name));
    }
  }
}

function createJoinTable(
  db: Kysely<any>,
  join: { table: string; ownerColumn: string; refColumn: string },
): CompiledQuery {
  return db.schema
    .createTable(join.table)
    .ifNotExists()
    .addColumn(join.ownerColumn, 'integer', (c) => c.notNull())
    .addColumn(join.refColumn, 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint(`${join.table}_pk`, [join.ownerColumn, join.refColumn])
    .compile();
}

function where(resource: Resource): string {
  const s = resource.source;
  return s ? `${s.file}:${s.line}:${s.col}` : `the ${resource.name} schema`;
}

function dropAdvice(resource: Resource, column: string, renamed: Field[], locate: Locate): string {
  const rename = renamed.map(
    (f) =>
      ` If field ${f.name} (${locate(resource, ['fields', f.name])}) is this column renamed, keep its data: ` +
      `give the field \`column: ${column}\`.`,
  );
  return (
    `column "${column}" of table "${resource.table}" has no field in ${locate(resource, ['fields'])}.${rename.join('')} ` +
    `The server does not drop data: put the field back, or copy what you need out of the column and drop it yourself ` +
    `(ALTER TABLE "${resource.table}" DROP COLUMN "${column}";), then start again.`
  );
}

function retypeAdvice(resource: Resource, field: Field, actual: string, locate: Locate): string {
  return (
    `field ${field.name} in ${locate(resource, ['fields', field.name, 'type'])} now needs a ${columnSql(field)} column, but column "${field.column}" of table ` +
    `"${resource.table}" is ${actual}. The server does not convert data: keep the field's old type, or add a new ` +
    `field, copy and convert the data into it yourself, then remove the old field and drop its column ` +
    `(ALTER TABLE "${resource.table}" DROP COLUMN "${field.column}";).`
  );
}

// New columns are nullable whatever the schema says: existing rows have no value, and
// required fields are enforced by the validator on every write.
export function columnDefault(field: Field) {
  // a tree's root is NULL in the table (server/db/treeRoot.ts), whatever the API's default of 0
  if (field.type === 'tree-parent') return undefined;
  const value = field.default;
  if (value === undefined || value === null || typeof value === 'object') return undefined;
  const { dataType } = catalogType(columnSql(field));
  if (dataType === 'integer' || dataType === 'double precision')
    return typeof value === 'number' ? value : undefined;
  if (dataType === 'boolean') return typeof value === 'boolean' ? value : undefined;
  if (dataType === 'text' || dataType === 'character varying') return String(value);
  return undefined;
}

function createTable(db: Kysely<any>, resource: Resource, fields: Field[]): CompiledQuery {
  let builder = db.schema
    .createTable(resource.table)
    .ifNotExists()
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('update_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn(VERSION_COLUMN, 'integer', (c) => c.notNull().defaultTo(1));
  if (resource.softDelete)
    builder = builder.addColumn(DELETED_AT, 'timestamptz').addColumn(DELETED_BY, 'integer');
  for (const field of fields) {
    const fallback = columnDefault(field);
    builder = builder.addColumn(field.column, sql.raw(columnSql(field)), (c) =>
      fallback === undefined ? c : c.defaultTo(fallback),
    );
  }
  return builder.compile();
}

function addVersionColumn(db: Kysely<any>, resource: Resource): CompiledQuery {
  return db.schema
    .alterTable(resource.table)
    .addColumn(VERSION_COLUMN, 'integer', (c) => c.ifNotExists().notNull().defaultTo(1))
    .compile();
}

function addColumn(db: Kysely<any>, resource: Resource, field: Field): CompiledQuery {
  const fallback = columnDefault(field);
  return db.schema
    .alterTable(resource.table)
    .addColumn(field.column, sql.raw(columnSql(field)), (c) => {
      const column = c.ifNotExists();
      return fallback === undefined ? column : column.defaultTo(fallback);
    })
    .compile();
}

function widenColumn(db: Kysely<any>, resource: Resource, field: Field): CompiledQuery {
  return db.schema
    .alterTable(resource.table)
    .alterColumn(field.column, (c) => c.setDataType(sql.raw(columnSql(field))))
    .compile();
}

/** The column converted in place; PostgreSQL refuses (and nothing changes) when a value does not convert. */
function retypeColumn(db: Kysely<any>, resource: Resource, field: Field): CompiledQuery {
  const type = columnSql(field);
  return db.schema
    .alterTable(resource.table)
    .alterColumn(field.column, (c) => c.setDataType(sql.raw(`${type} using "${field.column}"::${type}`)))
    .compile();
}

/** The recycle bin's columns, on a table made before the resource had one (both nullable). */
function addBinColumn(db: Kysely<any>, resource: Resource, column: string): CompiledQuery {
  return db.schema
    .alterTable(resource.table)
    .addColumn(column, column === DELETED_AT ? 'timestamptz' : 'integer', (c) => c.ifNotExists())
    .compile();
}

function uniqueIndexName(resource: Resource, field: Field, binned: boolean): string {
  return `${resource.table}_${field.column}${binned ? '_live' : ''}_unique`;
}

/**
 * A unique field of a resource with a recycle bin is unique among the rows in use: a binned
 * row does not hold its value, and restoring it while another row does is a 409 naming the
 * field (docs/decisions.md, "Recycle bin"). Turning the bin on or off swaps the one index for
 * the other, by name; an index holds no data, so dropping one loses nothing.
 */
function uniqueChanges(
  db: Kysely<any>,
  resource: Resource,
  field: Field,
  uniqueColumns: Set<string>,
  indexNames: Set<string>,
): CompiledQuery[] {
  const bin = resource.softDelete === true;
  const other = uniqueIndexName(resource, field, !bin);
  const present = bin
    ? indexNames.has(uniqueIndexName(resource, field, true))
    : uniqueColumns.has(field.column) && !indexNames.has(other);
  if (present) return [];
  const out = [uniqueIndex(db, resource, field)];
  if (indexNames.has(other)) out.push(db.schema.dropIndex(other).ifExists().compile());
  return out;
}

function uniqueIndex(db: Kysely<any>, resource: Resource, field: Field): CompiledQuery {
  const create = db.schema
    .createIndex(uniqueIndexName(resource, field, resource.softDelete === true))
    .ifNotExists()
    .unique()
    .on(resource.table)
    .column(field.column);
  return (resource.softDelete ? create.where(sql.ref(DELETED_AT), 'is', null) : create).compile();
}
