// @vitest-environment node
// The streamed workbook reads back as written: any text (markup, controls, Excel's own _xHHHH_
// escape, emoji), numbers as numbers, columns past Z, and a cell cut at Excel's limit.
import fc from 'fast-check';
import { readSheet } from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import {
  columnLetters,
  MAX_CELL_TEXT,
  type SheetCell,
  workbookBuffer,
  workbookStream,
} from '../../server/resources/workbookStream.ts';

describe('workbookStream', () => {
  it('names columns A…Z, AA…', () => {
    expect([0, 25, 26, 27, 701, 702].map(columnLetters)).toEqual(['A', 'Z', 'AA', 'AB', 'ZZ', 'AAA']);
  });

  it('reads back every text as written', async () => {
    await fc.assert(
      fc.asyncProperty(
        // no leading or trailing spaces: the reader trims them
        fc.array(
          fc.string({ unit: 'binary', minLength: 1 }).filter((s) => s.trim() === s && s !== ''),
          {
            minLength: 1,
            maxLength: 5,
          },
        ),
        async (texts) => {
          const sheet = await readSheet(
            await workbookBuffer(
              's',
              ['t'],
              texts.map((text) => [text]),
            ),
          );
          expect(sheet.slice(1).map((row) => row[0])).toEqual(texts);
        },
      ),
      { numRuns: 30 },
    );
    const tricky = ['a & <b> "c"', '_x0041_', 'bell\u0007', 'a\r\nb\rc', '😀 表情', ']]>'];
    const sheet = await readSheet(
      await workbookBuffer(
        's',
        ['t'],
        tricky.map((text) => [text]),
      ),
    );
    expect(sheet.slice(1).map((row) => row[0])).toEqual(tricky);
  });

  it('keeps numbers as numbers, leaves empty cells empty and cuts a text at Excel’s limit', async () => {
    const long = 'x'.repeat(MAX_CELL_TEXT + 10);
    const cells: SheetCell[][] = [[-3.5, null, long, 0]];
    const sheet = await readSheet(
      await workbookBuffer(
        's',
        [
          'a',
          'b',
          'c',
          'd',
          'e',
          'f',
          'g',
          'h',
          'i',
          'j',
          'k',
          'l',
          'm',
          'n',
          'o',
          'p',
          'q',
          'r',
          's',
          't',
          'u',
          'v',
          'w',
          'x',
          'y',
          'z',
          'aa',
        ],
        cells,
      ),
    );
    expect(sheet[1].slice(0, 4)).toEqual([-3.5, null, 'x'.repeat(MAX_CELL_TEXT), 0]);
    expect(sheet[0][26]).toBe('aa');
  });

  it('gives out the workbook a batch at a time', async () => {
    async function* batches() {
      for (let b = 0; b < 5; b++)
        yield Array.from({ length: 100 }, (_, i) => [b * 100 + i, `row ${b * 100 + i}`]);
    }
    const parts: Buffer[] = [];
    for await (const part of workbookStream('s', ['n', 'text'], batches())) parts.push(part);
    // six small parts, the header, five batches, the end of the sheet, descriptors, directory
    expect(parts.length).toBeGreaterThan(10);
    const sheet = await readSheet(Buffer.concat(parts));
    expect(sheet).toHaveLength(501);
    expect(sheet[500]).toEqual([499, 'row 499']);
  });
});
