// A resource's names once they are database identifiers: its table and its columns. Two fields
// that fold to one column, a field on a column every table already has, a name PostgreSQL would
// cut at 63 bytes (two long names then become one), a table PostgreSQL or the server's own
// migrations already own: each would fail, or quietly corrupt, the DDL the server runs at start.
import { PROBLEMS, type ProblemText } from './problemMessages.ts';
import { BIN_COLUMNS } from './recycleBin.ts';
import {
  BASE_COLUMNS,
  INTERNAL_TABLES,
  isPostgresName,
  MAX_IDENTIFIER_BYTES,
  SYSTEM_RESOURCE_TABLES,
  TIME_COLUMNS,
  VERSION_COLUMN,
} from './reservedNames.ts';
import type { KeyPath, SourceDoc } from './source.ts';
import type { Field, I18n, Resource } from './types.ts';

type Report = (path: KeyPath, message: ProblemText, onKey?: boolean) => void;

const IDENTIFIER_WORDS = {
  table: { en: 'table name', zh: '表名' },
  column: { en: 'column name', zh: '列名' },
  joinTable: { en: 'the link table name', zh: '关联表名' },
  uniqueIndex: { en: 'the unique index name', zh: '唯一索引名' },
} as const satisfies Record<string, I18n>;

/** The table a resource may not take, and why; undefined when the name is free of reservations. */
export function reservedTable(resource: Resource): ProblemText | undefined {
  const table = resource.table;
  if (isPostgresName(table)) return PROBLEMS.systemTable({ table });
  if (INTERNAL_TABLES.includes(table)) return PROBLEMS.internalTable({ table });
  if (!resource.system && SYSTEM_RESOURCE_TABLES.includes(table)) return PROBLEMS.internalTable({ table });
  return undefined;
}

/** Where the document gives a table or a column: the key when it is written, else what it derives from. */
function tablePath(source: SourceDoc): KeyPath {
  return source.has('table') ? ['table'] : ['resource'];
}
function columnAt(source: SourceDoc, field: Field): { path: KeyPath; onKey: boolean } {
  const raw = (source.data() as { fields?: Record<string, { column?: string }> }).fields?.[field.name];
  return raw?.column === undefined
    ? { path: ['fields', field.name], onKey: true }
    : { path: ['fields', field.name, 'column'], onKey: false };
}

const bytes = (name: string) => new TextEncoder().encode(name).length;

export function checkIdentifiers(resource: Resource, source: SourceDoc, report: Report): void {
  const table = resource.table;
  const reserved = reservedTable(resource);
  if (reserved) report(tablePath(source), reserved);
  const tooLong = (what: I18n, name: string, path: KeyPath, onKey = false) => {
    if (bytes(name) > MAX_IDENTIFIER_BYTES)
      report(path, PROBLEMS.identifierTooLong({ what, name, bytes: bytes(name) }), onKey);
  };
  tooLong(IDENTIFIER_WORDS.table, table, tablePath(source));

  const columns = new Map<string, string>();
  for (const field of resource.fields) {
    const { path, onKey } = columnAt(source, field);
    const column = field.column;
    const other = columns.get(column);
    if (other !== undefined) {
      report(path, PROBLEMS.sameColumn({ column, other }), onKey);
      continue;
    }
    columns.set(column, field.name);
    // version has its own rule and message (crossCheck.ts)
    if (column === VERSION_COLUMN || field.name === VERSION_COLUMN) continue;
    if (TIME_COLUMNS.includes(column)) {
      if (field.type !== 'datetime' || !field.readOnly || field.multiple) {
        const name = column === 'create_time' ? 'createTime' : 'updateTime';
        report(path, PROBLEMS.timeColumn({ column, name }), onKey);
      }
      continue;
    }
    if (BASE_COLUMNS.includes(column)) {
      report(path, PROBLEMS.baseColumn({ column, base: BASE_COLUMNS }), onKey);
      continue;
    }
    // a resource with a recycle bin has its two columns too (recycleBin.ts)
    if (resource.softDelete && BIN_COLUMNS.includes(column)) {
      report(path, PROBLEMS.baseColumn({ column, base: [...BASE_COLUMNS, ...BIN_COLUMNS] }), onKey);
      continue;
    }
    tooLong(IDENTIFIER_WORDS.column, column, path, onKey);
    // the names the server derives from the column (server/db/joinTables.ts, schemaDiff.ts)
    if (field.type === 'ref' && field.multiple && !resource.system) {
      tooLong(IDENTIFIER_WORDS.joinTable, `${table}__${column}`, path, onKey);
    } else if (field.unique) {
      const unique = resource.softDelete ? '_live_unique' : '_unique';
      tooLong(IDENTIFIER_WORDS.uniqueIndex, `${table}_${column}${unique}`, path, onKey);
    }
  }
}
