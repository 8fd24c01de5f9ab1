// The two workbooks an import hands the user: the template to fill in (the header the import
// reads, one column per field the user may write on create) and the report of a refused file
// (one line per bad cell). Built in the browser from the manifest and the 400's data, so neither
// needs a server call; the .xlsx writer loads only when a workbook is asked for.
import type { Row as SheetRow } from 'write-excel-file/browser';
import type { DownloadedFile } from '../client/resourceClient.ts';
import { escapeFormula, sheetName } from '../client/spreadsheetText.ts';
import type { ImportErrorData } from '../contract.ts';
import type { Field, Lang, Resource } from '../schema/types.ts';
import { lockedFields, writableFields } from '../schema/writable.ts';
import { t } from './i18n.ts';

/** The fields a template names: writable on create, less those the user lacks the permission for. */
export function templateFields(resource: Resource, can: (code: string) => boolean): Field[] {
  const locked = lockedFields(resource, can);
  return writableFields(resource, 'create').fields.filter((f) => !locked.has(f.name));
}

/** One line of a refused import's report: the spreadsheet row, the column's title, the problem. */
export interface ReportLine {
  row: number;
  field: string;
  message: string;
}

/** The 400's per-row problems as lines, columns named by their title in the page's language. */
export function reportLines(resource: Resource, data: ImportErrorData, lang: Lang): ReportLine[] {
  const titles = new Map(resource.fields.map((f) => [f.name, f.title[lang]]));
  return data.rows.flatMap(({ row, errors }) =>
    Object.entries(errors).map(([field, message]) => ({ row, field: titles.get(field) ?? field, message })),
  );
}

const bold = (value: string) => ({ value, fontWeight: 'bold' as const });

export function templateRows(fields: Field[], lang: Lang): SheetRow[] {
  return [fields.map((f) => bold(f.title[lang]))];
}

export function reportRows(lines: ReportLine[], lang: Lang): SheetRow[] {
  return [
    [bold(t('importRow', lang)), bold(t('importField', lang)), bold(t('importProblem', lang))],
    ...lines.map((l) => [l.row, escapeFormula(l.field), escapeFormula(l.message)]),
  ];
}

async function workbook(rows: SheetRow[], title: string, fileName: string): Promise<DownloadedFile> {
  const { default: writeXlsxFile } = await import('write-excel-file/browser');
  const widths = rows[0].map((_, i) => ({
    width: Math.min(60, Math.max(10, ...rows.map((r) => String(cellText(r[i])).length * 2))),
  }));
  const blob = await writeXlsxFile(rows, { sheet: sheetName(title), columns: widths }).toBlob();
  return { blob, fileName };
}

function cellText(cell: unknown): unknown {
  return cell && typeof cell === 'object' && 'value' in cell
    ? (cell as { value: unknown }).value
    : (cell ?? '');
}

export function templateFile(resource: Resource, fields: Field[], lang: Lang): Promise<DownloadedFile> {
  const title = resource.title[lang];
  return workbook(
    templateRows(fields, lang),
    title,
    `${resource.name}-${t('importTemplateFile', lang)}.xlsx`,
  );
}

export function reportFile(resource: Resource, lines: ReportLine[], lang: Lang): Promise<DownloadedFile> {
  return workbook(
    reportRows(lines, lang),
    t('importReport', lang),
    `${resource.name}-${t('importReportFile', lang)}.xlsx`,
  );
}
