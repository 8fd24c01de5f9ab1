// A one-sheet .xlsx written row batch by row batch (server/resources/zipStream.ts), so an export
// of ten thousand rows holds one batch in memory, not the workbook. Text goes into the sheet as
// inline strings: a shared-string table would have to know every string before the sheet.
import { zipStream } from './zipStream.ts';

/** What one cell holds: text, a number, or nothing. */
export type SheetCell = string | number | null;

/** Excel's most characters in one cell; a longer text makes it call the file damaged. */
export const MAX_CELL_TEXT = 32_767;

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const OFFICE_RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

const CONTENT_TYPES = `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`;
const ROOT_RELS = `${XML}<Relationships xmlns="${RELATIONSHIPS}"><Relationship Id="rId1" Type="${OFFICE_RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK_RELS = `${XML}<Relationships xmlns="${RELATIONSHIPS}"><Relationship Id="rId1" Type="${OFFICE_RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${OFFICE_RELATIONSHIPS}/styles" Target="styles.xml"/></Relationships>`;
/** style 0: plain; style 1: bold (the header row) */
const STYLES = `${XML}<styleSheet xmlns="${MAIN}"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

const workbook = (sheet: string) =>
  `${XML}<workbook xmlns="${MAIN}" xmlns:r="${OFFICE_RELATIONSHIPS}"><sheets><sheet name="${xmlText(sheet)}" sheetId="1" r:id="rId1"/></sheets></workbook>`;

/** Controls and lone surrogates, which XML 1.0 cannot carry, and \r, which a parser reads as \n. */
const NOT_IN_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these characters are what is matched
  /[\u0000-\u0008\u000B-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const hex4 = (code: number) => code.toString(16).toUpperCase().padStart(4, '0');

/**
 * Text as the sheet's XML holds it: markup characters escaped; characters XML cannot carry
 * (controls, lone surrogates) and a literal `_xHHHH_` written in Excel's own escape, so the
 * spreadsheet shows exactly the text that was saved.
 */
export function xmlText(text: string): string {
  return text
    .replace(/_x([0-9A-Fa-f]{4})_/g, '_x005F_x$1_')
    .replace(NOT_IN_XML, (c) => `_x${hex4(c.charCodeAt(0))}_`)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** A, B, … Z, AA, AB, … */
export function columnLetters(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    letters = String.fromCharCode(65 + rest) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

function rowXml(cells: readonly SheetCell[], rowNumber: number, style: 0 | 1): string {
  const s = style ? ' s="1"' : '';
  let xml = `<row r="${rowNumber}">`;
  cells.forEach((value, i) => {
    if (value === null || value === '') return;
    const ref = `${columnLetters(i)}${rowNumber}`;
    if (typeof value === 'number' && Number.isFinite(value)) xml += `<c r="${ref}"${s}><v>${value}</v></c>`;
    else {
      const text = String(value).slice(0, MAX_CELL_TEXT);
      xml += `<c r="${ref}"${s} t="inlineStr"><is><t xml:space="preserve">${xmlText(text)}</t></is></c>`;
    }
  });
  return `${xml}</row>`;
}

async function* sheetXml(
  header: readonly string[],
  batches: AsyncIterable<readonly (readonly SheetCell[])[]>,
): AsyncGenerator<string> {
  // the header row stays in view while the rows scroll
  yield `${XML}<worksheet xmlns="${MAIN}"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><sheetData>${rowXml(header, 1, 1)}`;
  let rowNumber = 1;
  for await (const batch of batches) {
    let xml = '';
    for (const cells of batch) xml += rowXml(cells, ++rowNumber, 0);
    if (xml) yield xml;
  }
  yield '</sheetData></worksheet>';
}

/** The workbook's bytes as they are written: a bold header row, then each batch of rows. */
export function workbookStream(
  sheet: string,
  header: readonly string[],
  batches: AsyncIterable<readonly (readonly SheetCell[])[]>,
): AsyncGenerator<Buffer> {
  return zipStream([
    { name: '[Content_Types].xml', content: CONTENT_TYPES },
    { name: '_rels/.rels', content: ROOT_RELS },
    { name: 'xl/workbook.xml', content: workbook(sheet) },
    { name: 'xl/_rels/workbook.xml.rels', content: WORKBOOK_RELS },
    { name: 'xl/styles.xml', content: STYLES },
    { name: 'xl/worksheets/sheet1.xml', content: sheetXml(header, batches) },
  ]);
}

/** The whole workbook in one buffer, for a small one. */
export async function workbookBuffer(
  sheet: string,
  header: readonly string[],
  rows: readonly (readonly SheetCell[])[],
): Promise<Buffer> {
  async function* one() {
    yield rows;
  }
  const parts: Buffer[] = [];
  for await (const part of workbookStream(sheet, header, one())) parts.push(part);
  return Buffer.concat(parts);
}
