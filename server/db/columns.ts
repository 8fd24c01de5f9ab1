// How a schema field is stored. The column type of each field type comes from the one table in
// runtime/schema/fieldTypes.ts; this file only reads those type names the way the database
// catalogue spells them and decides whether a live column can hold what a field now needs.
import { FIELD_TYPE_SPECS } from '../../runtime/schema/fieldTypes.ts';
import { BASE_COLUMNS } from '../../runtime/schema/reservedNames.ts';
import type { Field, Resource } from '../../runtime/schema/types.ts';
import { joinTableFor } from './joinTables.ts';

/** A column type as information_schema.columns reports it. */
export interface CatalogType {
  dataType: string;
  /** character_maximum_length; null when the type has none */
  length: number | null;
}

const CATALOG_NAMES: Record<string, string> = {
  timestamptz: 'timestamp with time zone',
  varchar: 'character varying',
};

export function columnSql(field: Field): string {
  return FIELD_TYPE_SPECS[field.type].sql(field);
}

export function catalogType(sqlType: string): CatalogType {
  const sized = /^(\w+)\((\d+)\)$/.exec(sqlType.trim());
  const name = sized ? sized[1] : sqlType.trim();
  return { dataType: CATALOG_NAMES[name] ?? name, length: sized ? Number(sized[2]) : null };
}

/**
 * same: the live column already holds every value the field allows (a longer varchar, or
 * text for a varchar, counts: the validator enforces the field's own limit);
 * widen: a varchar too short for the new maxLength, which can be lengthened without loss, or an
 * integer column for a number field (every integer is a double exactly);
 * incompatible: anything else, which needs a person to convert data.
 */
export function compareColumn(live: CatalogType, wanted: CatalogType): 'same' | 'widen' | 'incompatible' {
  const textual = (t: CatalogType) => t.dataType === 'text' || t.dataType === 'character varying';
  if (live.dataType === wanted.dataType && live.length === wanted.length) return 'same';
  if (live.dataType === 'integer' && wanted.dataType === 'double precision') return 'widen';
  if (textual(live) && textual(wanted)) {
    if (live.dataType === 'text') return 'same';
    if (wanted.dataType === 'text') return 'widen';
    return (live.length ?? 0) >= (wanted.length ?? 0) ? 'same' : 'widen';
  }
  return 'incompatible';
}

/** Fields whose columns the schema diff creates: not join-table fields, not the base columns. */
export function fieldsNeedingColumns(resource: Resource): Field[] {
  return resource.fields.filter((f) => !joinTableFor(resource, f) && !BASE_COLUMNS.includes(f.column));
}
