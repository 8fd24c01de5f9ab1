// The list table over a long list: it draws a window of the rows, and a scroll renders only the
// rows coming into view. The rows are counted by the cell a column draws them with, a component
// of the test's own handed to the table as any list column's cell is.
import {
  type CellContext,
  createColumnHelper,
  type RowSelectionState,
  useTable,
} from '@tanstack/react-table';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TreeRow } from '../../../runtime/ui/buildTree.ts';
import { DataTable } from '../../../runtime/ui/DataTable.tsx';
import {
  type ColumnLayout,
  type ListColumnDef,
  type ListFeatures,
  listFeatures,
} from '../../../runtime/ui/listTable.ts';
import { restoreWindowScroll, scrollWindow } from './windowScroll.ts';

afterEach(restoreWindowScroll);

/** How often each row's name cell has rendered, by row id. */
const renders = new Map<string, number>();

function NameCell({ row }: CellContext<ListFeatures, TreeRow, unknown>) {
  renders.set(row.id, (renders.get(row.id) ?? 0) + 1);
  return <span>{String(row.original.name)}</span>;
}

const helper = createColumnHelper<ListFeatures, TreeRow>();
const COLUMNS: ListColumnDef[] = [
  helper.accessor((row) => row.name, { id: 'name', header: '名称', cell: NameCell }) as ListColumnDef,
];
const LAYOUT: Record<string, ColumnLayout> = { name: { title: '名称', width: 200 } };
const ROWS: TreeRow[] = Array.from({ length: 300 }, (_, i) => ({ id: i + 1, name: `行${i + 1}` }));

function LongTable() {
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const table = useTable({
    features: listFeatures,
    columns: COLUMNS,
    data: ROWS,
    getRowId: (row) => String(row.id),
    state: { rowSelection },
    onRowSelectionChange: setRowSelection,
    enableRowSelection: true,
  });
  return <DataTable table={table} layout={LAYOUT} lang="zh" loading={false} selectable />;
}

/** The names of the rows in the document, in order. */
const drawn = () =>
  [...document.querySelectorAll('tbody tr[data-row-key]')].map((row) => row.textContent ?? '');

describe('a long list table', () => {
  it('draws a window of its rows, and a scroll renders only the rows coming into view', async () => {
    renders.clear();
    render(<LongTable />);
    await screen.findByText('行1');
    const before = drawn();
    expect(before.length).toBeGreaterThan(10);
    expect(before.length).toBeLessThan(100);
    expect(screen.queryByText('行300')).toBeNull();
    for (const id of renders.keys()) expect(renders.get(id), `row ${id} before the scroll`).toBe(1);

    // twenty rows down (jsdom lays nothing out: each row stands at its estimated 49 px)
    scrollWindow(20 * 49);
    await screen.findByText(`行${before.length + 20}`);
    const after = drawn();
    const kept = after.filter((name) => before.includes(name));
    const came = after.filter((name) => !before.includes(name));
    expect(kept.length).toBeGreaterThan(5);
    expect(came.length).toBeGreaterThan(5);
    expect(screen.queryByText('行1')).toBeNull();
    // every row drawn rendered once: those that stayed in view were not rendered again
    for (const name of after) expect(renders.get(name.slice(1)), `${name} after the scroll`).toBe(1);
  });

  it('selects every row it holds from its header, the rows it does not draw too', async () => {
    render(<LongTable />);
    await screen.findByText('行1');
    const header = document.querySelector('thead') as HTMLElement;
    fireEvent.click(within(header).getByRole('checkbox'));
    const boxes = document.querySelectorAll<HTMLInputElement>('tbody input[type="checkbox"]');
    expect([...boxes].every((box) => box.checked)).toBe(true);
    // the last row, drawn once scrolled to, was selected with the rest
    scrollWindow(1_000_000);
    const last = (await screen.findByText('行300')).closest('tr') as HTMLElement;
    expect(within(last).getByRole('checkbox')).toHaveProperty('checked', true);
  });
});
