// @vitest-environment node
// The import's template and error report as real workbooks: written by the browser's writer,
// read back by the same reader the server's import uses.
import { readSheet } from 'read-excel-file/node';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Resource } from '../../../runtime/schema/types.ts';
import { reportFile, reportLines, templateFields, templateFile } from '../../../runtime/ui/importSheets.ts';
import { loadResources, resourceNamed } from './harness.tsx';

let users: Resource;
let weblinks: Resource;
beforeAll(async () => {
  const resources = await loadResources();
  users = resourceNamed(resources, 'users');
  weblinks = resourceNamed(resources, 'weblinks');
});

const read = async (blob: Blob) => readSheet(Buffer.from(await blob.arrayBuffer()));

describe('the import template', () => {
  it('names every field writable on create, by title, and nothing read-only', async () => {
    const file = await templateFile(
      weblinks,
      templateFields(weblinks, () => true),
      'en',
    );
    expect(file.fileName).toBe('weblinks-import-template.xlsx');
    expect(await read(file.blob)).toEqual([
      ['Name', 'Address', 'Category', 'Logo', 'Open in a new tab', 'Order', 'Status'],
    ]);
  });

  it('leaves out a field whose write permission the user lacks', () => {
    const all = templateFields(users, () => true).map((f) => f.name);
    const without = templateFields(users, (code) => !code.endsWith(':assignRoles')).map((f) => f.name);
    expect(all).toContain('roleIds');
    expect(without).not.toContain('roleIds');
    expect(without).toContain('userName');
  });
});

describe('the error report', () => {
  it('lists each bad cell by row and column title, escaping what a spreadsheet would run', async () => {
    const lines = reportLines(
      weblinks,
      {
        errors: {},
        rows: [
          { row: 3, errors: { linkUrl: 'must be https', linkName: '=HYPERLINK("x")' } },
          { row: 5, errors: { '第 9 列': 'unknown' } },
        ],
      },
      'zh',
    );
    expect(lines).toEqual([
      { row: 3, field: '链接地址', message: 'must be https' },
      { row: 3, field: '链接名称', message: '=HYPERLINK("x")' },
      { row: 5, field: '第 9 列', message: 'unknown' },
    ]);
    const file = await reportFile(weblinks, lines, 'zh');
    expect(file.fileName).toBe('weblinks-导入错误报告.xlsx');
    expect(await read(file.blob)).toEqual([
      ['行号', '列', '问题'],
      [3, '链接地址', 'must be https'],
      [3, '链接名称', `'=HYPERLINK("x")`],
      [5, '第 9 列', 'unknown'],
    ]);
  });
});
