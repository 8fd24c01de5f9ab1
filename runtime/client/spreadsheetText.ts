// What a spreadsheet cell may hold as text without running it. Shared by the server's exports
// and the workbooks the browser writes itself (an import's template and error report), so every
// workbook the product hands out escapes the same way (CSV/formula injection).

// = + - @ start a formula, | a DDE call in older Excel, a tab or a carriage return can hide what
// follows; Excel and LibreOffice read the full-width ＝ ＋ － ＠ (U+FF1D, U+FF0B, U+FF0D, U+FF20) as
// their ASCII twins. Spaces (full-width ones too) and control characters before them are skipped
// by some spreadsheets when they look for a formula, so they do not hide one either.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is checked
const FORMULA_START = /^[\s\u0000-\u001f]*[=+\-@|\uff1d\uff0b\uff0d\uff20]|^[\t\r\n]/;

/** The text as a spreadsheet shows it and never runs it. */
export function escapeFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** Excel refuses these characters in a sheet name, and names longer than 31. */
export function sheetName(title: string): string {
  return title.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31);
}
