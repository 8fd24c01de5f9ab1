// @vitest-environment node
// Exports never hand a spreadsheet a formula someone typed (docs/security.md, "Formula injection"):
// every text cell that Excel or LibreOffice would read as one, full-width look-alikes included,
// is written with a leading apostrophe, in the workbook as it is read back.
import fc from 'fast-check';
import { readSheet } from 'read-excel-file/node';
import { beforeAll, describe, expect, it } from 'vitest';
import { escapeFormula } from '../../runtime/client/spreadsheetText.ts';
import type { Resource } from '../../runtime/schema/types.ts';
import { rowsToXlsx } from '../../server/resources/xlsx.ts';
import { testManifest } from './harness.ts';

const TRIGGERS = ['=', '+', '-', '@', '|', '＝', '＋', '－', '＠'];

describe('formula escaping', () => {
  it('escapes a cell starting with a formula sign, ASCII or full-width, or a tab or line break', () => {
    for (const text of [
      '=1+1',
      '+1',
      '-1',
      '@SUM(A1)',
      '|calc',
      "=cmd|' /C calc'!A0",
      '＝1+1',
      '＋1',
      '－1',
      '＠SUM(A1)',
      '\tx',
      '\rx',
      '\nx',
      ' =1+1',
      '\u3000＝1',
      '\u0000=1',
    ])
      expect(escapeFormula(text), JSON.stringify(text)).toBe(`'${text}`);
  });

  it('leaves other text as it is', () => {
    for (const text of ['plain', '校园新闻', 'a=b', '1-2', 'mail@example.com', '', "'quoted", '（通知）'])
      expect(escapeFormula(text)).toBe(text);
  });

  it('never leaves a formula sign at the start, whatever precedes it', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(' ', '\t', '\u3000', '\u0001'), maxLength: 4 }),
        fc.constantFrom(...TRIGGERS),
        fc.string(),
        (lead, sign, rest) => escapeFormula(`${lead}${sign}${rest}`).startsWith("'"),
      ),
    );
  });
});

describe('the exported workbook', () => {
  let notes: Resource;

  beforeAll(async () => {
    notes = (await testManifest()).resources.find((r) => r.name === 'notes')!;
  });

  it('holds the escaped text in every text cell, enum labels and lists included', async () => {
    const texts = ['=HYPERLINK("http://x","y")', '＝1+1', '|calc', '－5', 'safe'];
    const rows = texts.map((title, i) => ({
      id: i + 1,
      title,
      kind: 1,
      rating: -3,
      dueDate: '2026-01-02',
      pinned: false,
      reviewerIds: [],
      createTime: null,
    }));
    const sheet = await readSheet(await rowsToXlsx(notes, rows, 'en'));
    expect(sheet.slice(1).map((row) => row[1])).toEqual([
      '\'=HYPERLINK("http://x","y")',
      "'＝1+1",
      "'|calc",
      "'－5",
      'safe',
    ]);
    // a number is a number cell, not text: a negative one stays a number
    expect(sheet[1][3]).toBe(-3);
  });
});
