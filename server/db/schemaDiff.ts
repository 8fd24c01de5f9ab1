// What a manifest asks of the database compared with what it holds: the additive statements
// that would bring the tables level (new tables, new columns, new unique indexes) and the
// destructive differences (a column whose field is gone or whose type changed), which are
// never applied by the server: each comes with advice for the maintainer.
// `schema-admin db` prints this; the server applies the additive part on start.
import { type CompiledQuery, type Kysely, sql } from 'kysely';
import type { Field, Manifest, Resource } from '../../runtime/schema/types.ts';
import { BASE_COLUMNS, catalogType, columnSql, compareColumn, fieldsNeedingColumns } from './columns.ts';
import { readLiveTables } from './introspect.ts';
import { SYSTEM_OWNED_COLUMNS } from './migrations.ts';
import type { Db } from './tables.ts';

export interface DestructiveChange {
  table: string;
  column: string;
  advice: string;
}

export interface SchemaDiff {
  additive: string[];
  destructive: DestructiveChange[];
}

/** The diff plus the statements in executable form, for the server to apply. */
export interface PlannedSchemaDiff extends SchemaDiff {
  statements: CompiledQuery[];
}

export async function diffSchema(db: Db, manifest: Manifest): Promise<SchemaDiff> {
  const { additive, destructive } = await planSchemaDiff(db, manifest);
  return { additive, destructive };
}

export async function planSchemaDiff(db: Db, manifest: Manifest): Promise<PlannedSchemaDiff> {
  const live = await readLiveTables(db);
  const anyDb = db as unknown as Kysely<any>;
  const statements: CompiledQuery[] = [];
  const destructive: DestructiveChange[] = [];

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
      statements.push(createTable(anyDb, resource, fields));
      for (const field of fields.filter((f) => f.unique))
        statements.push(uniqueIndex(anyDb, resource, field));
      continue;
    }
    for (const field of fields) {
      const live = table.columns.get(field.column);
      if (live === undefined) {
        statements.push(addColumn(anyDb, resource, field));
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
            ),
          });
          continue;
        }
        if (verdict === 'widen') statements.push(widenColumn(anyDb, resource, field));
      }
      if (field.unique && !table.unique.has(field.column))
        statements.push(uniqueIndex(anyDb, resource, field));
    }
    const known = new Set<string>([
      ...BASE_COLUMNS,
      ...(SYSTEM_OWNED_COLUMNS[resource.table] ?? []),
      ...fields.map((f) => f.column),
    ]);
    for (const column of table.columns.keys()) {
      if (!known.has(column)) {
        destructive.push({ table: resource.table, column, advice: dropAdvice(resource, column) });
      }
    }
  }
  return { additive: statements.map((s) => `${s.sql};`), destructive, statements };
}

function where(resource: Resource): string {
  const s = resource.source;
  return s ? `${s.file}:${s.line}:${s.col}` : `the ${resource.name} schema`;
}

function dropAdvice(resource: Resource, column: string): string {
  return (
    `column "${column}" of table "${resource.table}" has no field in ${where(resource)}. ` +
    `The server does not drop data: put the field back, or copy what you need out of the column and drop it yourself ` +
    `(ALTER TABLE "${resource.table}" DROP COLUMN "${column}";), then start again.`
  );
}

function retypeAdvice(resource: Resource, field: Field, actual: string): string {
  return (
    `field ${field.name} in ${where(resource)} now needs a ${columnSql(field)} column, but column "${field.column}" of table ` +
    `"${resource.table}" is ${actual}. The server does not convert data: keep the field's old type, or add a new ` +
    `field, copy and convert the data into it yourself, then remove the old field and drop its column ` +
    `(ALTER TABLE "${resource.table}" DROP COLUMN "${field.column}";).`
  );
}

// New columns are nullable whatever the schema says: existing rows have no value, and
// required fields are enforced by the validator on every write.
function columnDefault(field: Field) {
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
    .addColumn('update_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`));
  for (const field of fields) {
    const fallback = columnDefault(field);
    builder = builder.addColumn(field.column, sql.raw(columnSql(field)), (c) =>
      fallback === undefined ? c : c.defaultTo(fallback),
    );
  }
  return builder.compile();
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

function uniqueIndex(db: Kysely<any>, resource: Resource, field: Field): CompiledQuery {
  return db.schema
    .createIndex(`${resource.table}_${field.column}_unique`)
    .ifNotExists()
    .unique()
    .on(resource.table)
    .column(field.column)
    .compile();
}
