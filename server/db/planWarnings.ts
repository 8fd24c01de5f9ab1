// What a schema change does to the rows already in the tables, found before it is applied:
// a required field added without a default leaves every existing row without a value, an enum
// option taken away leaves the rows that hold it with a value the form cannot show, and a
// maxLength cut below what rows hold leaves them unsaveable until shortened. None of these
// loses data, so none stops the server; `schema-admin db` prints them, and its --apply asks for
// a backfill value for the first.
import { type RawBuilder, sql } from 'kysely';
import type { Field, Manifest, Resource } from '../../runtime/schema/types.ts';
import { catalogType, columnSql, fieldsNeedingColumns } from './columns.ts';
import { columnDefault, type Locate, type PlannedSchemaDiff } from './schemaDiff.ts';
import type { Db } from './tables.ts';

/** how many row ids a warning lists before it only counts */
export const LISTED_IDS = 10;

export interface PlanWarning {
  kind: 'backfill' | 'enumValue' | 'tooLong';
  resource: string;
  field: string;
  table: string;
  column: string;
  /** rows concerned */
  rows: number;
  /** the first LISTED_IDS of them */
  ids: number[];
  /** backfill: what `--backfill <key>=<value>` names the field by */
  backfill?: string;
  message: string;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const holds = (n: number) => (n === 1 ? 'holds' : 'hold');

function listed(rows: number, ids: number[]): string {
  const more = rows > ids.length ? `, … (${rows - ids.length} more)` : '';
  return `id${ids.length === 1 ? '' : 's'} ${ids.join(', ')}${more}`;
}

interface Found {
  rows: number;
  ids: number[];
}

/** The rows matching a condition: how many, and the first ids. */
async function rowsWhere(db: Db, table: string, condition: RawBuilder<unknown>): Promise<Found> {
  const result = await sql<{ id: number; total: number }>`
    select id, count(*) over () as total from ${sql.table(table)} where ${condition}
    order by id limit ${LISTED_IDS}`.execute(db);
  return { rows: Number(result.rows[0]?.total ?? 0), ids: result.rows.map((r) => r.id) };
}

export async function planWarnings(
  db: Db,
  manifest: Manifest,
  plan: PlannedSchemaDiff,
  locate: Locate,
): Promise<PlanWarning[]> {
  const warnings: PlanWarning[] = [];
  const at = (resource: Resource, field: Field, key?: string) =>
    locate(resource, key ? ['fields', field.name, key] : ['fields', field.name]);

  for (const { resource, field } of plan.added) {
    if (!field.required || columnDefault(field) !== undefined) continue;
    const found = await rowsWhere(db, resource.table, sql`true`);
    if (found.rows === 0) continue;
    const backfill = `${resource.name}.${field.name}`;
    warnings.push({
      kind: 'backfill',
      resource: resource.name,
      field: field.name,
      table: resource.table,
      column: field.column,
      ...found,
      backfill,
      message:
        `field ${field.name} (${at(resource, field)}) is required and new, and table "${resource.table}" has ` +
        `${plural(found.rows, 'row')}: they would have no ${field.name}, and none could be saved until given one. ` +
        `Give the field a default in the YAML, or a value for those rows: --apply --backfill ${backfill}=<value>`,
    });
  }

  // columns that stay as they are: not new, not about to be dropped or converted
  const changing = new Set([
    ...plan.added.map((a) => `${a.resource.table}.${a.field.column}`),
    ...plan.destructive.map((d) => `${d.table}.${d.column}`),
  ]);
  const created = new Set(plan.created);
  for (const resource of manifest.resources) {
    if (created.has(resource.table)) continue;
    for (const field of fieldsNeedingColumns(resource)) {
      if (changing.has(`${resource.table}.${field.column}`)) continue;
      const column = sql.ref(field.column);
      if (field.type === 'enum' && field.options && field.options.length > 0) {
        const values = field.options.map((o) => o.value);
        const found = await rowsWhere(
          db,
          resource.table,
          sql`${column} is not null and ${column} not in (${sql.join(values)})`,
        );
        if (found.rows === 0) continue;
        const held = await sql<{ value: unknown }>`
          select distinct ${column} as value from ${sql.table(resource.table)}
          where ${column} is not null and ${column} not in (${sql.join(values)}) order by 1`.execute(db);
        warnings.push({
          kind: 'enumValue',
          resource: resource.name,
          field: field.name,
          table: resource.table,
          column: field.column,
          ...found,
          message:
            `field ${field.name} (${at(resource, field, 'options')}) no longer lists ` +
            `${held.rows.map((r) => JSON.stringify(r.value)).join(', ')}, which ${plural(found.rows, 'row')} of ` +
            `"${resource.table}" ${holds(found.rows)} (${listed(found.rows, found.ids)}): the form cannot show their value. ` +
            'Put the option back, or change those rows first',
        });
        continue;
      }
      const { dataType } = catalogType(columnSql(field));
      // a password's maxLength bounds what is typed; the column holds its hash, which is longer
      if (
        field.maxLength !== undefined &&
        field.type !== 'password' &&
        (dataType === 'text' || dataType === 'character varying')
      ) {
        const found = await rowsWhere(db, resource.table, sql`char_length(${column}) > ${field.maxLength}`);
        if (found.rows === 0) continue;
        warnings.push({
          kind: 'tooLong',
          resource: resource.name,
          field: field.name,
          table: resource.table,
          column: field.column,
          ...found,
          message:
            `field ${field.name} (${at(resource, field, 'maxLength')}) allows ${field.maxLength} characters, but ` +
            `${plural(found.rows, 'row')} of "${resource.table}" ${holds(found.rows)} more (${listed(found.rows, found.ids)}). ` +
            'The column keeps the text; those rows cannot be saved until shortened. Raise maxLength, or shorten them',
        });
      }
    }
  }
  return warnings;
}
