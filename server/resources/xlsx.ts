// Rows to a real .xlsx workbook. Every text cell that a spreadsheet would read as a formula gets a
// leading apostrophe, so opening an export never runs what someone typed into a field
// (CSV/formula injection, runtime/client/spreadsheetText.ts). There is no CSV export; a future
// one must use escapeFormula too.
import writeXlsxFile, { type Cell, type Row } from 'write-excel-file/node';
import { escapeFormula, sheetName } from '../../runtime/client/spreadsheetText.ts';
import type { Field, Lang, Resource } from '../../runtime/schema/types.ts';
import { fieldByName } from './fields.ts';
import type { ApiRow } from './rows.ts';

/** field name → (id → label) of the ref fields, from server/resources/refLabels.ts */
export type ExportLabels = ReadonlyMap<string, ReadonlyMap<string, string>>;

const YES_NO = { zh: ['是', '否'], en: ['Yes', 'No'] } as const;

/** A date as the list shows it, in the server's time zone: 2026-11-01 10:00:00. */
function localTime(value: Date, withTime: boolean): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const date = `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
  return withTime
    ? `${date} ${pad(value.getHours())}:${pad(value.getMinutes())}:${pad(value.getSeconds())}`
    : date;
}

function cell(field: Field, value: unknown, lang: Lang, labels: ExportLabels): Cell {
  if (value === null || value === undefined) return null;
  if (field.type === 'enum') {
    const option = field.options?.find((o) => String(o.value) === String(value));
    return escapeFormula(option ? option.label[lang] : String(value));
  }
  const names = labels.get(field.name);
  if (names) {
    const ids = Array.isArray(value) ? value : [value];
    // a tree's root (0) has no row and no name
    const named = ids.filter((id) => id !== 0).map((id) => names.get(String(id)) ?? String(id));
    return named.length ? escapeFormula(named.join(lang === 'zh' ? '、' : ', ')) : null;
  }
  if (typeof value === 'boolean') return YES_NO[lang][value ? 0 : 1];
  if (typeof value === 'number') return value;
  // read back by import (server/resources/importRows.ts) as the same local time
  if (value instanceof Date) return localTime(value, field.type !== 'date');
  if (Array.isArray(value)) return escapeFormula(value.join(', '));
  if (typeof value === 'object') return escapeFormula(JSON.stringify(value));
  return escapeFormula(String(value));
}

/** The list's columns, readable ones only, in the list's order. */
export function exportFields(resource: Resource): Field[] {
  return resource.list.columns
    .map((c) => fieldByName(resource, c.field))
    .filter((f): f is Field => f !== undefined && !f.writeOnly);
}

export async function rowsToXlsx(
  resource: Resource,
  rows: ApiRow[],
  lang: Lang,
  labels: ExportLabels = new Map(),
): Promise<Buffer> {
  const fields = exportFields(resource);
  const header: Row = [
    { value: 'ID', fontWeight: 'bold' },
    ...fields.map((f) => ({ value: f.title[lang], fontWeight: 'bold' as const })),
  ];
  const data: Row[] = rows.map((row) => [row.id, ...fields.map((f) => cell(f, row[f.name], lang, labels))]);
  return writeXlsxFile([header, ...data], { sheet: sheetName(resource.title[lang]) }).toBuffer();
}
