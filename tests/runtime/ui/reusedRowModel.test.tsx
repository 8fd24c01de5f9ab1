// The list's core row model keeps the rows it made for data handed to it again: a tree read a page
// at a time gets new rows for its new items alone, and the rows it has are those react-table's own
// model would make (ids, places, depths, parents, sub-rows, values).
import {
  createColumnHelper,
  createCoreRowModel,
  type Row,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TreeRow } from '../../../runtime/ui/buildTree.ts';
import { listFeatures } from '../../../runtime/ui/listTable.ts';

const column = createColumnHelper<typeof listFeatures, TreeRow>();
const COLUMNS = [column.accessor('name', { header: '名称' })];

function useRows(data: TreeRow[], features = listFeatures) {
  const table = useTable({
    features,
    columns: COLUMNS,
    data,
    getRowId: (row) => String(row.id),
    getSubRows: (row) => row.children,
  });
  return table.getCoreRowModel();
}

/** the same features with react-table's own core row model */
const ownFeatures = tableFeatures({ ...listFeatures, coreRowModel: createCoreRowModel() });

const leaf = (id: number): TreeRow => ({ id, name: `栏目${id}` });
const shape = (rows: Row<typeof listFeatures, TreeRow>[]): unknown[] =>
  rows.map((r) => ({
    id: r.id,
    index: r.index,
    depth: r.depth,
    parentId: r.parentId,
    name: r.getValue('name'),
    subRows: shape(r.subRows),
  }));

describe('the reused core row model', () => {
  it('keeps the rows of items handed again and makes rows for the new', () => {
    const kids = [leaf(11), leaf(12)];
    const top = [{ id: 1, name: '学校新闻', children: kids }, leaf(2)];
    const { result, rerender } = renderHook(({ data }) => useRows(data), { initialProps: { data: top } });
    const before = result.current;
    const [news, other] = before.rows;
    const [first] = news.subRows;
    // a page more below 学校新闻: a new item for it, the same for the row beside it
    const grown = [{ id: 1, name: '学校新闻', children: [...kids, leaf(13)] }, top[1]];
    rerender({ data: grown });
    const after = result.current;
    expect(after).not.toBe(before);
    expect(after.rows[1]).toBe(other);
    expect(after.rows[0]).not.toBe(news);
    expect(after.rows[0].subRows[0]).toBe(first);
    expect(after.rowsById['12']).toBe(before.rowsById['12']);
    expect(after.flatRows.map((r) => r.id)).toEqual(['1', '11', '12', '13', '2']);
    expect(after.rowsById['13'].getParentRow()?.id).toBe('1');
  });

  it("holds what react-table's own model holds", () => {
    const data = [
      { id: 1, name: '学校新闻', children: [leaf(11), { id: 12, name: '校园', children: [leaf(121)] }] },
      leaf(2),
    ];
    const ours = renderHook(() => useRows(data)).result.current;
    const theirs = renderHook(() => useRows(data, ownFeatures)).result.current;
    expect(shape(ours.rows)).toEqual(shape(theirs.rows));
    expect(ours.flatRows.map((r) => r.id)).toEqual(theirs.flatRows.map((r) => r.id));
    expect(Object.keys(ours.rowsById).sort()).toEqual(Object.keys(theirs.rowsById).sort());
  });

  it('makes a row again when an item moves to another place', () => {
    const a = leaf(1);
    const b = leaf(2);
    const { result, rerender } = renderHook(({ data }) => useRows(data), { initialProps: { data: [a, b] } });
    const [rowA, rowB] = result.current.rows;
    rerender({ data: [b, a] });
    expect(result.current.rows[0]).not.toBe(rowB);
    expect(result.current.rows[0].index).toBe(0);
    expect(result.current.rows[1]).not.toBe(rowA);
    expect(shape(result.current.rows).map((r) => (r as { name: string }).name)).toEqual(['栏目2', '栏目1']);
  });
});
