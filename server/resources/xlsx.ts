// Rows to a real .xlsx workbook, as users read them: an enum's label, a reference's name, a
// date as the list shows it, 是/否 (Yes/No). Every text cell that a spreadsheet would read as a
// formula gets a leading apostrophe, so opening an export never runs what someone typed into a
// field (CSV/formula injection, runtime/client/spreadsheetText.ts). There is no CSV export; a
// future one must use escapeFormula too.
import type { Kysely } from 'kysely';
import { escapeFormula, sheetName } from '../../runtime/client/spreadsheetText.ts';
import type { Field, Lang, Manifest, Resource } from '../../runtime/schema/types.ts';
import { listColumnFields } from './exportColumns.ts';
import { referenceLabels } from './refLabels.ts';
import type { ApiRow } from './rows.ts';
import { type SheetCell, workbookBuffer, workbookStream } from './workbookStream.ts';

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

function cell(field: Field, value: unknown, lang: Lang, labels: ExportLabels): SheetCell {
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

const headerOf = (fields: readonly Field[], lang: Lang) => ['ID', ...fields.map((f) => f.title[lang])];

const cellsOf = (row: ApiRow, fields: readonly Field[], lang: Lang, labels: ExportLabels): SheetCell[] => [
  row.id,
  ...fields.map((f) => cell(f, row[f.name], lang, labels)),
];

/** A small workbook in one buffer: `fields` (the list's columns by default) of `rows`. */
export function rowsToXlsx(
  resource: Resource,
  rows: ApiRow[],
  lang: Lang,
  labels: ExportLabels = new Map(),
  fields: readonly Field[] = listColumnFields(resource),
): Promise<Buffer> {
  return workbookBuffer(
    sheetName(resource.title[lang]),
    headerOf(fields, lang),
    rows.map((row) => cellsOf(row, fields, lang, labels)),
  );
}

export interface ExportSheet {
  db: Kysely<any>;
  manifest: Manifest;
  resource: Resource;
  /** the columns, in order */
  fields: readonly Field[];
  /** the reference fields written by their labels (exportColumns.ts, labelledFields) */
  labelled: readonly Field[];
  lang: Lang;
  batches: AsyncIterable<ApiRow[]>;
}

/** The workbook of an export as it is written, each batch's reference labels read with it. */
export function exportWorkbook(sheet: ExportSheet): AsyncGenerator<Buffer> {
  const { db, manifest, fields, labelled, lang } = sheet;
  async function* cellBatches(): AsyncGenerator<SheetCell[][]> {
    for await (const rows of sheet.batches) {
      const labels = await referenceLabels(db, manifest, labelled, rows);
      yield rows.map((row) => cellsOf(row, fields, lang, labels));
    }
  }
  return workbookStream(sheetName(sheet.resource.title[lang]), headerOf(fields, lang), cellBatches());
}
