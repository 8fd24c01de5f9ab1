// Rows to a real .xlsx workbook. Every text cell that a spreadsheet would read as a formula
// (starting with = + - @, a tab or a carriage return) gets a leading apostrophe, so opening an
// export never runs what someone typed into a field (CSV/formula injection).
import writeXlsxFile, { type Cell, type Row } from 'write-excel-file/node';
import type { Field, Lang, Resource } from '../../runtime/schema/types.ts';
import { fieldByName } from './fields.ts';
import type { ApiRow } from './rows.ts';

const FORMULA_START = /^[=+\-@\t\r]/;

export function escapeFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

function cell(field: Field, value: unknown, lang: Lang): Cell {
  if (value === null || value === undefined) return null;
  if (field.type === 'enum') {
    const option = field.options?.find((o) => String(o.value) === String(value));
    return escapeFormula(option ? option.label[lang] : String(value));
  }
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return { value, type: Date, format: 'yyyy-mm-dd hh:mm:ss' };
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

export async function rowsToXlsx(resource: Resource, rows: ApiRow[], lang: Lang): Promise<Buffer> {
  const fields = exportFields(resource);
  const header: Row = [
    { value: 'ID', fontWeight: 'bold' },
    ...fields.map((f) => ({ value: f.title[lang], fontWeight: 'bold' as const })),
  ];
  const data: Row[] = rows.map((row) => [row.id, ...fields.map((f) => cell(f, row[f.name], lang))]);
  // Excel refuses these characters in a sheet name and names longer than 31
  const sheet = resource.title[lang].replace(/[\\/?*[\]:]/g, ' ').slice(0, 31);
  return writeXlsxFile([header, ...data], { sheet }).toBuffer();
}
