// The rows a tree table hands react-table, made from the picker's tree: each node its full row
// with its loaded children nested, a level not read yet an empty list, a long level's "load more"
// row; and, read a page at a time, the rows of earlier pages handed back as the same objects.
import { describe, expect, it } from 'vitest';
import { entriesOf, entryReuse, type Level, levelTree, nodeReuse } from '../../../runtime/ui/pickerTree.ts';
import { MORE_KEY, type RowReuse, tableRows } from '../../../runtime/ui/treeTableRows.ts';

const rows = [
  { id: 1, parentId: 0, name: '学校新闻', hasChildren: true },
  { id: 2, parentId: 1, name: '校园动态', hasChildren: false },
  { id: 3, parentId: 1, name: '班级风采', hasChildren: false },
  { id: 4, parentId: 0, name: '通知公告', hasChildren: true },
];
const none = () => false;

function draw(
  read: Map<string, (typeof rows)[number]>,
  levels: Map<string, Level>,
  reuse?: ReturnType<typeof makeReuse>,
) {
  const entries = entriesOf(read, 'parentId', 'name', reuse?.entries ?? entryReuse());
  return tableRows(levelTree(entries, levels, '0', none, false, reuse?.nodes), read, reuse?.rows);
}
const makeReuse = () => ({ entries: entryReuse(), nodes: nodeReuse(), rows: new WeakMap() as RowReuse });

describe('tableRows', () => {
  const read = new Map(rows.map((r) => [String(r.id), r]));
  const top = new Map<string, Level>([['0', { keys: ['1', '4'], total: 2 }]]);
  const opened = new Map<string, Level>([...top, ['1', { keys: ['2'], total: 2 }]]);

  it('nests the levels read, leaves a level not read empty, and ends a long level in "load more"', () => {
    const out = draw(read, opened);
    expect(out.map((r) => r.id)).toEqual([1, 4]);
    expect(out[0].children?.map((r) => r.id)).toEqual([2, 'more:1']);
    expect(out[0].children?.[1][MORE_KEY]).toEqual({ parent: '1', shown: 1, total: 2 });
    // 通知公告 has children not read yet: it can open
    expect(out[1].children).toEqual([]);
    expect(out[0].name).toBe('学校新闻');
  });

  it('hands back the rows of what did not change as the same objects', () => {
    const reuse = makeReuse();
    const before = draw(read, opened, reuse);
    expect(draw(read, opened, reuse)[1]).toBe(before[1]);
    expect(draw(read, opened, reuse)[0]).toBe(before[0]);
    // a page more of 学校新闻: its row is new (its children changed), its first child and the
    // row beside it are those of before
    const more = new Map<string, Level>([...top, ['1', { keys: ['2', '3'], total: 2 }]]);
    const after = draw(read, more, reuse);
    expect(after[0]).not.toBe(before[0]);
    expect(after[0].children?.map((r) => r.id)).toEqual([2, 3]);
    expect(after[0].children?.[0]).toBe(before[0].children?.[0]);
    expect(after[1]).toBe(before[1]);
    // and what is made is what a table made without reuse holds
    expect(after).toEqual(draw(read, more));
  });

  it('makes a row again when the row read is new', () => {
    const reuse = makeReuse();
    const before = draw(read, opened, reuse);
    const edited = new Map(read).set('4', { ...rows[3], name: '通知' });
    const after = draw(edited, opened, reuse);
    expect(after[1]).not.toBe(before[1]);
    expect(after[1].name).toBe('通知');
    expect(after[0]).toBe(before[0]);
  });
});
