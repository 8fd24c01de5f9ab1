// The standard `import` action (docs/api.md "Import"): an .xlsx whose first row names the
// columns by field title (either language) or field name, one record per further row. Every
// row goes through the same validator as a create from the form; the rows are written all
// together or not at all, and a refusal lists every bad row by its spreadsheet row number.
// Cells may hold what an export writes: enum labels, booleans, dates, and a reference as its id
// or its label (a category by its name).
import type { Kysely } from 'kysely';
import type { ImportErrorData, ImportResult } from '../../runtime/contract.ts';
import { ruleMessages } from '../../runtime/schema/evaluateRules.ts';
import type { Field, Lang, Manifest, Resource } from '../../runtime/schema/types.ts';
import { validationMessage } from '../../runtime/schema/validationMessages.ts';
import { writableFields } from '../../runtime/schema/writable.ts';
import { ApiError, badRequest, type Localized } from '../http/errors.ts';
import { checkInput } from './input.ts';
import { liveOnly } from './recycleBin.ts';
import { type ResourceStore, type RowProblem, RowProblemsError, type WriteActor } from './store.ts';

type Cell = string | number | boolean | Date | null;

/** The header row is row 1; a record's number is the row it has in the spreadsheet. */
const FIRST_DATA_ROW = 2;

const TRUE_WORDS = new Set(['true', '1', '是', 'yes', 'y']);
const FALSE_WORDS = new Set(['false', '0', '否', 'no', 'n']);

export function importFailure(problems: RowProblem[], lang: Lang): ApiError {
  const data: ImportErrorData = {
    errors: Object.fromEntries(
      problems.flatMap((p) =>
        Object.entries(p.errors).map(([field, message]) => [`${p.row}.${field}`, message]),
      ),
    ),
    rows: problems,
  };
  const rows = problems.map((p) => p.row).join(', ');
  return new ApiError(
    400,
    lang === 'en' ? `import failed: rows ${rows}` : `导入失败：第 ${rows} 行有误`,
    data,
  );
}

/** Which field each column holds: by name, or by title in either language; `ID` is skipped. */
function mapHeader(resource: Resource, header: Cell[], writable: Set<string>): Array<Field | null> {
  const errors: Record<string, Localized> = {};
  const seen = new Set<string>();
  const columns = header.map((cell, i) => {
    const text = cell === null ? '' : String(cell).trim();
    if (text === '' || text.toLowerCase() === 'id') return null;
    const lower = text.toLowerCase();
    const field = resource.fields.find(
      (f) => f.name.toLowerCase() === lower || f.title.zh === text || f.title.en.toLowerCase() === lower,
    );
    if (!field) {
      errors[text] = {
        zh: `第 ${i + 1} 列不是${resource.singular.zh}的字段`,
        en: `column ${i + 1} names no field of ${resource.name}`,
      };
      return null;
    }
    if (seen.has(field.name))
      errors[text] = {
        zh: `第 ${i + 1} 列与前面的列重复：${field.title.zh}`,
        en: `column ${i + 1} repeats ${field.name}`,
      };
    seen.add(field.name);
    // read-only columns (an export's creation time, a status) are what the server sets: skipped
    return writable.has(field.name) ? field : null;
  });
  if (Object.keys(errors).length > 0)
    throw badRequest(errors, { zh: '表头中有无法识别的列', en: 'the header row names unknown columns' });
  return columns;
}

class CellReader {
  private readonly labels = new Map<string, Map<string, number[]>>();

  constructor(
    private readonly db: Kysely<any>,
    private readonly manifest: Manifest,
    private readonly lang: Lang,
  ) {}

  /** The ids of rows of the referenced resource whose label is `text`. */
  private async byLabel(field: Field, text: string): Promise<number[]> {
    const target = this.manifest.resources.find((r) => r.name === field.ref);
    const label = target?.fields.find((f) => f.name === field.refLabel);
    if (!target || !label) return [];
    let known = this.labels.get(field.name);
    if (!known) {
      known = new Map();
      this.labels.set(field.name, known);
    }
    if (!known.has(text)) {
      // a row in the recycle bin is not there to be named
      const rows = await liveOnly(this.db.selectFrom(target.table).select('id'), target)
        .where(label.column, '=', text)
        .execute();
      known.set(
        text,
        rows.map((r) => Number(r.id)),
      );
    }
    return known.get(text)!;
  }

  private async reference(field: Field, cell: Cell, errors: Record<string, string>): Promise<unknown> {
    const one = async (item: string | number): Promise<unknown> => {
      if (typeof item === 'number' || /^\d+$/.test(item)) return Number(item);
      const ids = await this.byLabel(field, item);
      if (ids.length === 1) return ids[0];
      const params = { title: field.title[this.lang], ids: item };
      errors[field.name] = validationMessage(
        this.lang,
        ids.length === 0 ? 'unknownLabel' : 'ambiguousLabel',
        params,
      );
      return undefined;
    };
    if (!field.multiple) return one(typeof cell === 'number' ? cell : String(cell).trim());
    const items = String(cell)
      .split(/[,，;；]/)
      .map((s) => s.trim())
      .filter(Boolean);
    const ids = [];
    for (const item of items) ids.push(await one(item));
    return ids;
  }

  /** The value a form would send for this cell; errors found here land in `errors`. */
  async value(field: Field, cell: Cell, errors: Record<string, string>): Promise<unknown> {
    const title = field.title[this.lang];
    // a crafted sheet may hold `&#0;`: refused before a label lookup sends it to the database
    if (typeof cell === 'string' && cell.includes('\u0000')) {
      errors[field.name] = validationMessage(this.lang, 'nul', { title });
      return undefined;
    }
    // a date-formatted number past any calendar reads as an Invalid Date
    if (cell instanceof Date && Number.isNaN(cell.getTime())) {
      errors[field.name] = validationMessage(this.lang, 'format', { title, format: 'date' });
      return undefined;
    }
    // a date cell is a UTC midnight: its day is the date written in the sheet
    if (cell instanceof Date)
      return field.type === 'datetime' ? cell.toISOString() : cell.toISOString().slice(0, 10);
    switch (field.type) {
      case 'ref':
      case 'tree-parent':
        // an export names a reference by its label (server/resources/xlsx.ts): read it back the same way
        return this.reference(field, cell as string | number, errors);
      case 'enum': {
        const text = String(cell).trim();
        const option = field.options?.find(
          (o) =>
            String(o.value) === text ||
            o.label.zh === text ||
            o.label.en.toLowerCase() === text.toLowerCase(),
        );
        return option ? option.value : cell;
      }
      case 'boolean': {
        if (typeof cell === 'boolean') return cell;
        const text = String(cell).trim().toLowerCase();
        if (TRUE_WORDS.has(text)) return true;
        if (FALSE_WORDS.has(text)) return false;
        return cell;
      }
      default:
        return typeof cell === 'number' && !['integer', 'number', 'tree-parent'].includes(field.type)
          ? String(cell)
          : cell;
    }
  }
}

export async function readWorkbook(bytes: Buffer): Promise<Cell[][]> {
  // loaded with the first import, not with the server (about 15 MB a list-serving server never needs)
  const { readSheet } = await import('read-excel-file/node');
  try {
    return (await readSheet(bytes)) as Cell[][];
  } catch {
    throw badRequest({ file: { zh: '不是 .xlsx 工作簿', en: 'not an .xlsx workbook' } });
  }
}

export async function importRows(
  store: ResourceStore,
  manifest: Manifest,
  db: Kysely<any>,
  bytes: Buffer,
  options: { lang: Lang; actor: WriteActor; maxRows: number },
): Promise<ImportResult> {
  const { resource } = store;
  const sheet = await readWorkbook(bytes);
  if (sheet.length === 0)
    throw badRequest({ file: { zh: '第一个工作表是空的', en: 'the first sheet is empty' } });
  const writable = new Set(writableFields(resource, 'create').fields.map((f) => f.name));
  const columns = mapHeader(resource, sheet[0], writable);
  const records = sheet
    .slice(1)
    .map((cells, i) => ({ row: i + FIRST_DATA_ROW, cells }))
    .filter(({ cells }) => cells.some((c) => c !== null && String(c).trim() !== ''));
  if (records.length === 0)
    throw badRequest({ file: { zh: '表头下没有数据行', en: 'no rows below the header' } });
  if (records.length > options.maxRows) {
    const most = options.maxRows;
    throw badRequest({ file: { zh: `一次最多导入 ${most} 行`, en: `at most ${most} rows at once` } });
  }

  const reader = new CellReader(db, manifest, options.lang);
  const problems: RowProblem[] = [];
  const rows: Array<{ row: number; values: Record<string, unknown> }> = [];
  for (const { row, cells } of records) {
    const errors: Record<string, string> = {};
    const body: Record<string, unknown> = {};
    for (const [i, field] of columns.entries()) {
      const cell = cells[i] ?? null;
      if (!field || cell === null || (typeof cell === 'string' && cell.trim() === '')) continue;
      body[field.name] = await reader.value(field, cell, errors);
    }
    const checked = checkInput(resource, 'create', body, options.lang);
    // a cell that could not be read explains more than the validator's view of its leftover
    // the rules across fields are checked once every cell was read (the store checks them again)
    const all = checked.ok
      ? { ...ruleMessages(resource, checked.value, options.lang), ...errors }
      : { ...checked.errors, ...errors };
    if (Object.keys(all).length > 0) problems.push({ row, errors: all });
    else if (checked.ok) rows.push({ row, values: checked.value });
  }
  if (problems.length > 0) throw importFailure(problems, options.lang);
  try {
    return await store.createMany(rows, options.actor);
  } catch (error) {
    if (error instanceof RowProblemsError) throw importFailure(error.problems, options.lang);
    throw error;
  }
}
