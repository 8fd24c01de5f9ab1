// The list table over a long list: it draws a window of the rows, and a scroll renders only the
// rows coming into view. The rows are counted by the cell a column draws them with, a component
// of the test's own handed to the table as any list column's cell is. A row that comes into view
// while the window scrolls is drawn in outline (plain cells placed as the full row's), and in full once
// the scroll stops; these rows are the users page's own (its columns, cells and row actions).
import {
  type CellContext,
  createColumnHelper,
  type RowSelectionState,
  type SortingState,
  useTable,
} from '@tanstack/react-table';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { HAS_DRAFT_KEY } from '../../../runtime/contract.ts';
import { toListColumns } from '../../../runtime/schema/columns.ts';
import type { Resource } from '../../../runtime/schema/types.ts';
import { buildListColumns } from '../../../runtime/ui/buildListColumns.ts';
import type { TreeRow } from '../../../runtime/ui/buildTree.ts';
import { DataTable } from '../../../runtime/ui/DataTable.tsx';
import { ListCellContext, type ListCellValue } from '../../../runtime/ui/listCellContext.ts';
import {
  type ColumnLayout,
  type ListColumnDef,
  type ListFeatures,
  listFeatures,
} from '../../../runtime/ui/listTable.ts';
import { pageActions } from '../../../runtime/ui/pageActions.ts';
import { DRAW_BATCH, FILL_BATCH } from '../../../runtime/ui/TableBody.tsx';
import { loadResources, resourceNamed } from './harness.tsx';
import { givenTableWidth } from './tableWidth.ts';
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

function LongTable({ loading = false, rows = ROWS }: { loading?: boolean; rows?: TreeRow[] }) {
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const table = useTable({
    features: listFeatures,
    columns: COLUMNS,
    data: rows,
    getRowId: (row) => String(row.id),
    state: { rowSelection },
    onRowSelectionChange: setRowSelection,
    enableRowSelection: true,
  });
  return <DataTable table={table} layout={LAYOUT} lang="zh" loading={loading} selectable />;
}

const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

/** The names of the rows in the document, in order. */
/** every row drawn is drawn in full: none in outline, none waiting (the rows fill in one batch a
 * frame, TableBody.tsx); a scroll after it starts from a still table */
const everyRowInFull = () =>
  expect(document.querySelector('tbody tr[data-outline], tbody tr[data-waiting]')).toBeNull();
const drawn = () =>
  [...document.querySelectorAll('tbody tr[data-row-key]')].map((row) => row.textContent ?? '');

describe('a long list table', () => {
  it('draws a window of its rows, and a scroll renders only the rows coming into view', async () => {
    renders.clear();
    render(<LongTable />);
    await screen.findByText('行1');
    await waitFor(everyRowInFull);
    const before = drawn();
    expect(before.length).toBeGreaterThan(10);
    expect(before.length).toBeLessThan(100);
    expect(screen.queryByText('行300')).toBeNull();
    for (const id of renders.keys()) expect(renders.get(id), `row ${id} before the scroll`).toBe(1);

    // ten rows down (jsdom lays nothing out: each row stands at its estimated 49 px), fewer than
    // the rows in view: some stay, some come
    scrollWindow(10 * 49);
    await screen.findByText(`行${before.length + 10}`);
    const after = drawn();
    const kept = after.filter((name) => before.includes(name));
    const came = after.filter((name) => !before.includes(name));
    expect(kept.length).toBeGreaterThan(5);
    expect(came.length).toBeGreaterThan(5);
    expect(screen.queryByText('行1')).toBeNull();
    // the rows that came into view are drawn in outline: their column's cell has not rendered
    for (const name of came) expect(renders.get(name.slice(1)), `${name} while scrolling`).toBeUndefined();
    // once the scroll stops they are drawn in full; every row drawn rendered once: those that
    // stayed in view were not rendered again
    await waitFor(() => expect(document.querySelector('tr[data-outline]')).toBeNull());
    for (const name of after) expect(renders.get(name.slice(1)), `${name} after the scroll`).toBe(1);
  });

  it('shows a read in progress over the table without drawing its rows again', async () => {
    renders.clear();
    const { rerender } = render(<LongTable />);
    await screen.findByText('行1');
    await waitFor(() => expect(document.querySelector('tr[data-outline]')).toBeNull());
    const before = new Map(renders);
    const spinner = () => document.querySelector('[data-list-table] .ant-spin-spinning');
    rerender(<LongTable loading />);
    await waitFor(() => expect(spinner()).not.toBeNull());
    rerender(<LongTable />);
    await waitFor(() => expect(spinner()).toBeNull());
    // the page rendered twice around the table: the table and its rows were not drawn again
    expect(renders).toEqual(before);
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
    await screen.findByText('行300');
    // its box, drawn once the scroll stops (antd's checkbox, in the row drawn in full)
    const box = await waitFor(() => within(rowOf('行300')).getByRole('checkbox'));
    expect(box).toHaveProperty('checked', true);
  });
});

describe("a row's selection", () => {
  it("draws the row selected alone, and half-ticks the header's box", async () => {
    renders.clear();
    render(<LongTable rows={ROWS.slice(0, 5)} />);
    await screen.findByText('行5');
    const before = new Map(renders);
    const box = within(rowOf('行2')).getByRole('checkbox', { name: '选择此行' });
    fireEvent.click(box);
    await waitFor(() => expect(rowOf('行2').classList).toContain('ant-table-row-selected'));
    expect(renders.get('2')).toBe((before.get('2') ?? 0) + 1);
    for (const id of ['1', '3', '4', '5']) expect(renders.get(id), `row ${id}`).toBe(before.get(id));
    const all = within(document.querySelector('thead') as HTMLElement).getByRole('checkbox', {
      name: '全选',
    });
    expect(all.closest('.ant-checkbox')?.classList).toContain('ant-checkbox-indeterminate');
    // ticked, every row is selected; ticked again, none
    fireEvent.click(all);
    await waitFor(() => expect(document.querySelectorAll('tr.ant-table-row-selected')).toHaveLength(5));
    fireEvent.click(all);
    await waitFor(() => expect(document.querySelectorAll('tr.ant-table-row-selected')).toHaveLength(0));
  });
});

let users: Resource;
beforeAll(async () => {
  users = resourceNamed(await loadResources(), 'users');
});

/** The users page's table over `count` users, all of them active; with `drafts`, each has an
 * edit waiting to be published, marked in the name's column. */
function UsersTable({
  count,
  sorting = [],
  drafts = false,
}: {
  count: number;
  sorting?: SortingState;
  drafts?: boolean;
}) {
  const descriptors = toListColumns(users, 'zh');
  const rowActions = pageActions(users, () => true).row;
  const { columns, layout } = buildListColumns({ descriptors, lang: 'zh', rowActions });
  const cells: ListCellValue = {
    lang: 'zh',
    descriptors: new Map(descriptors.map((d) => [d.field, d])),
    refLabels: {},
    draftColumn: drafts ? 'userName' : undefined,
    rowActions,
    onRowAction: () => undefined,
  };
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const table = useTable({
    features: listFeatures,
    columns,
    data: Array.from({ length: count }, (_, i) => ({
      id: i + 1,
      userName: `用户${i + 1}`,
      status: 0,
      ...(drafts ? { [HAS_DRAFT_KEY]: true } : {}),
    })),
    getRowId: (row) => String(row.id),
    state: { rowSelection, sorting },
    onRowSelectionChange: setRowSelection,
    enableRowSelection: true,
    manualSorting: true,
  });
  return (
    <ListCellContext.Provider value={cells}>
      <DataTable table={table} layout={layout} lang="zh" loading={false} selectable />
    </ListCellContext.Provider>
  );
}

/** The users page's table over five users, sorted as `sorting` says and telling a header's sort. */
function SortedBy({
  sorting,
  onSortingChange,
}: {
  sorting: SortingState;
  onSortingChange: (sorting: SortingState) => void;
}) {
  const descriptors = toListColumns(users, 'zh');
  const { columns, layout } = buildListColumns({ descriptors, lang: 'zh', rowActions: [] });
  const cells: ListCellValue = {
    lang: 'zh',
    descriptors: new Map(descriptors.map((d) => [d.field, d])),
    refLabels: {},
    rowActions: [],
    onRowAction: () => undefined,
  };
  const table = useTable({
    features: listFeatures,
    columns,
    data: Array.from({ length: 5 }, (_, i) => ({ id: i + 1, userName: `用户${i + 1}`, status: 0 })),
    getRowId: (row) => String(row.id),
    state: { sorting },
    onSortingChange: (updater) => onSortingChange(typeof updater === 'function' ? updater(sorting) : updater),
    manualSorting: true,
    enableSortingRemoval: false,
  });
  return (
    <ListCellContext.Provider value={cells}>
      <DataTable table={table} layout={layout} lang="zh" loading={false} selectable={false} />
    </ListCellContext.Provider>
  );
}

/** a row in full: its selection box, its status tag and its action buttons are antd's own (DOM
 * queries: a role query reads every style sheet antd has put in the document, seconds a row) */
const isFull = (row: HTMLElement) =>
  !row.hasAttribute('data-outline') &&
  row.querySelector('.ant-checkbox input[type="checkbox"]') !== null &&
  row.querySelector('.ant-tag') !== null &&
  row.querySelector('button.ant-btn') !== null;
/** a row's tags: antd's tag classes (not its theme's) and text */
const tagsOf = (row: HTMLElement) =>
  [...row.querySelectorAll('.ant-tag')].map((tag) => ({
    classes: [...tag.classList].filter((name) => name.startsWith('ant-tag')).sort(),
    text: tag.textContent,
  }));
/** the name of the first row drawn in outline (a scroll draws the first rows new to the view at
 * once, the others a frame later) */
const firstOutlineName = () => nameIn(document.querySelector<HTMLElement>('tbody tr[data-outline]')!);
/** the user's name a row shows */
const nameIn = (row: HTMLElement) => /用户\d+/.exec(row.textContent ?? '')?.[0] ?? '';
/** a row in outline: its values as text (its tags as spans of antd's tag classes), none of the controls */
const isOutline = (row: HTMLElement) =>
  row.hasAttribute('data-outline') && row.querySelector('input, button, .ant-checkbox') === null;

/**
 * Mounts `ui` and returns once its first commit is in the document, before any work React
 * defers: outside act, which would carry the deferred render out before returning too.
 */
function mountFirstCommit(ui: ReactNode): () => void {
  const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
  const container = document.body.appendChild(document.createElement('div'));
  const root = createRoot(container);
  flushSync(() => root.render(ui));
  return () => {
    flushSync(() => root.unmount());
    container.remove();
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
  };
}

/**
 * What `read` finds in the document the first time `selector` finds an element there: right
 * after the commit that inserted it, before any render React does after (a mutation observer's
 * callback runs at the end of the task that changed the document).
 */
function whenFirstDrawn<T>(selector: string, read: (element: HTMLElement) => T): Promise<T> {
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      const found = document.querySelector<HTMLElement>(selector);
      if (!found) return;
      observer.disconnect();
      resolve(read(found));
    });
    observer.observe(document.body, { childList: true, subtree: true });
  });
}

/** The users list's columns, 1,461 px with the selection, do not fit in it; its fixed columns
 * (the selection, the user name and the actions, 361 px) take less than half of it. */
const NARROW = 1000;

describe('a table measuring its width', () => {
  it('draws its rows once as it mounts, and not again when a width its columns fit in changes', async () => {
    // the frame's width, told of a change as a ResizeObserver would
    let width = 1200;
    const restoreWidth = givenTableWidth(() => width);
    const resized: Array<() => void> = [];
    const original = globalThis.ResizeObserver;
    globalThis.ResizeObserver = class {
      constructor(callback: () => void) {
        resized.push(callback);
      }
      observe() {}
      unobserve() {}
      disconnect() {}
    } as unknown as typeof ResizeObserver;
    try {
      renders.clear();
      render(<LongTable rows={ROWS.slice(0, 5)} />);
      await screen.findByText('行5');
      expect([...renders.values()]).toEqual([1, 1, 1, 1, 1]);
      // the window grows (or the side menu folds): the columns fit as they did, and the table is
      // handed the same columns, so no row is drawn again
      width = 1400;
      act(() => {
        for (const callback of resized) callback();
      });
      expect([...renders.values()]).toEqual([1, 1, 1, 1, 1]);
    } finally {
      globalThis.ResizeObserver = original;
      restoreWidth();
    }
  });

  it('scrolls sideways, its fixed columns sticking, only when its columns do not fit', async () => {
    let width = 1600;
    const restoreWidth = givenTableWidth(() => width);
    const fixedCells = () => document.querySelectorAll('tbody td.ant-table-cell-fix').length;
    try {
      const wide = render(<UsersTable count={5} />);
      await screen.findByText('用户5');
      // nothing scrolls: no column sticks, no shadow shows, and nothing measures the columns from
      // the layout (antd's own table drew a measuring row)
      expect(document.querySelector('.ant-table-scroll-horizontal')).toBeNull();
      expect(document.querySelector('.ant-table-measure-row')).toBeNull();
      expect(document.querySelector('.ant-table[data-shadow-end]')).toBeNull();
      expect(fixedCells()).toBe(0);
      wide.unmount();

      width = NARROW;
      render(<UsersTable count={5} />);
      await screen.findByText('用户5');
      expect(document.querySelector('.ant-table-scroll-horizontal')).not.toBeNull();
      expect(document.querySelector('.ant-table-measure-row')).toBeNull();
      // scrolled to its start, the end-fixed actions cast their shadow over the columns beneath
      expect(document.querySelector('.ant-table[data-shadow-end]')).not.toBeNull();
      expect(document.querySelector('.ant-table[data-shadow-start]')).toBeNull();
      // the header's selection, user name and actions stick with the rows'
      expect(document.querySelectorAll('thead th.ant-table-cell-fix')).toHaveLength(3);
      expect(fixedCells()).toBe(5 * 3);
    } finally {
      restoreWidth();
    }
  });
});

describe('a table scrolled sideways and sorted from its header', () => {
  it("shows its fixed columns' shadows as it scrolls sideways, drawing no row again", async () => {
    // 248 px of columns (the selection and the name) in a frame of 100: the table scrolls sideways
    onTestFinished(givenTableWidth(() => 100));
    renders.clear();
    render(<LongTable rows={ROWS.slice(0, 5)} />);
    await screen.findByText('行5');
    const table = document.querySelector('.ant-table') as HTMLElement;
    const scroller = document.querySelector('.ant-table-content') as HTMLElement;
    expect(document.querySelector('.ant-table-scroll-horizontal')).not.toBeNull();
    // the page lays the scroller out as a browser would: 248 px wide in a view of 100
    const scrollTo = (left: number) => {
      Object.defineProperties(scroller, {
        scrollLeft: { configurable: true, value: left },
        scrollWidth: { configurable: true, value: 248 },
        clientWidth: { configurable: true, value: 100 },
      });
      fireEvent.scroll(scroller);
    };
    const shadows = () => [table.hasAttribute('data-shadow-start'), table.hasAttribute('data-shadow-end')];
    // at its start: more to its end
    expect(shadows()).toEqual([false, true]);
    const before = new Map(renders);
    scrollTo(60);
    expect(shadows()).toEqual([true, true]);
    scrollTo(148);
    expect(shadows()).toEqual([true, false]);
    scrollTo(0);
    expect(shadows()).toEqual([false, true]);
    expect(renders).toEqual(before);
  });

  it('sorts by a header on a click or Enter, flipping between ascending and descending', async () => {
    function SortableUsers() {
      const [sorting, setSorting] = useState<SortingState>([]);
      return (
        <>
          <output data-testid="order">{JSON.stringify(sorting)}</output>
          <SortedBy sorting={sorting} onSortingChange={setSorting} />
        </>
      );
    }
    render(<SortableUsers />);
    await screen.findByText('用户5');
    const header = () => screen.getByRole('columnheader', { name: /用户名/ });
    const order = () => JSON.parse(screen.getByTestId('order').textContent ?? '[]');
    expect(header().getAttribute('aria-sort')).toBeNull();
    expect(header().getAttribute('tabindex')).toBe('0');
    fireEvent.click(header());
    await waitFor(() => expect(header().getAttribute('aria-sort')).toBe('ascending'));
    expect(order()).toEqual([{ id: 'userName', desc: false }]);
    // the sorted column is marked in the header and in every row's cell of it, antd's arrow lit
    expect(header().classList.contains('ant-table-column-sort')).toBe(true);
    expect(header().querySelector('.ant-table-column-sorter-up.active')).not.toBeNull();
    expect(within(rowOf('用户1')).getByText('用户1').closest('td')?.classList).toContain(
      'ant-table-column-sort',
    );
    fireEvent.keyDown(header(), { key: 'Enter' });
    await waitFor(() => expect(header().getAttribute('aria-sort')).toBe('descending'));
    expect(order()).toEqual([{ id: 'userName', desc: true }]);
    expect(header().querySelector('.ant-table-column-sorter-down.active')).not.toBeNull();
    fireEvent.click(header());
    await waitFor(() => expect(order()).toEqual([{ id: 'userName', desc: false }]));
    // the pointer on the title says what a click does next, antd's hint made as it comes
    // (HoverTooltip.tsx); the title's line still fills its cell
    expect(screen.queryByText('点击降序')).toBeNull();
    const sorters = header().querySelector<HTMLElement>('.ant-table-column-sorters')!;
    expect(sorters.parentElement?.style.display).toBe('block');
    fireEvent.pointerEnter(sorters.parentElement!);
    expect(await screen.findByText('点击降序')).toBeTruthy();
    // a column the schema does not sort by has no sorter
    const email = screen.getByRole('columnheader', { name: '邮箱' });
    expect(email.getAttribute('tabindex')).toBeNull();
    fireEvent.click(email);
    expect(order()).toEqual([{ id: 'userName', desc: false }]);
  });
});

describe("a long list's rows in outline", () => {
  it('draws a row coming into view while the window scrolls in outline, and in full once it stops', async () => {
    render(<UsersTable count={300} />);
    await screen.findByText('用户1');
    await waitFor(everyRowInFull);
    const before = drawn().length;
    expect(isFull(rowOf(`用户${before}`))).toBe(true);

    // twenty rows down: the rows that came into view mount in outline (the first of them at once,
    // see the test below), the status as its label; a row that stayed in view is still in full
    scrollWindow(20 * 49);
    const name = firstOutlineName();
    const came = rowOf(name);
    expect(isOutline(came)).toBe(true);
    expect(within(came).getByText('正常')).toBeTruthy();
    expect(isFull(rowOf(`用户${before}`))).toBe(true);

    const outlineTags = tagsOf(came);

    // the scroll stops: the row is drawn in full, its tag as the outline drew it
    await waitFor(() => expect(isFull(rowOf(name))).toBe(true));
    expect(within(rowOf(name)).getByText('正常').closest('.ant-tag')).not.toBeNull();
    expect(outlineTags).toEqual([{ classes: ['ant-tag', 'ant-tag-filled', 'ant-tag-green'], text: '正常' }]);
    expect(tagsOf(rowOf(name))).toEqual(outlineTags);
  });

  it("marks a pending draft in outline as the full row marks it, in front of the row's name", async () => {
    render(<UsersTable count={300} drafts />);
    await screen.findByText('用户1');
    await waitFor(everyRowInFull);
    scrollWindow(20 * 49);
    const name = firstOutlineName();
    const came = rowOf(name);
    expect(isOutline(came)).toBe(true);
    const mark = { classes: ['ant-tag', 'ant-tag-filled', 'ant-tag-gold'], text: '有草稿' };
    expect(tagsOf(came)).toContainEqual(mark);
    const nameCell = (row: HTMLElement) => within(row).getByText(name).closest('td')!.textContent;
    const outlineName = nameCell(came);
    await waitFor(() => expect(isFull(rowOf(name))).toBe(true));
    expect(tagsOf(rowOf(name))).toContainEqual(mark);
    expect(nameCell(rowOf(name))).toBe(outlineName);
  });

  it("places an outline row's cells as the full row's and the header's: classes, fixed edges and their order", async () => {
    // sorted by the name, a start-fixed column after the fixed selection column; the actions
    // fixed at the end; too narrow for the columns, so that they stick
    onTestFinished(givenTableWidth(() => NARROW));
    render(<UsersTable count={300} sorting={[{ id: 'userName', desc: false }]} />);
    await screen.findByText('用户1');
    await waitFor(everyRowInFull);
    const cells = (row: HTMLElement) =>
      [...row.querySelectorAll('td, th')].map((td) => ({
        classes: [...td.classList].filter((name) => name !== 'ant-table-column-has-sorters').sort(),
        start: (td as HTMLElement).style.insetInlineStart,
        end: (td as HTMLElement).style.insetInlineEnd,
        z: (td as HTMLElement).style.getPropertyValue('--z-offset'),
        zReverse: (td as HTMLElement).style.getPropertyValue('--z-offset-reverse'),
      }));
    const full = cells(rowOf('用户1'));
    expect(full.map((cell) => cell.classes.includes('ant-table-cell-fix-start'))).toEqual([
      true,
      true,
      ...full.slice(2, -1).map(() => false),
      false,
    ]);
    expect(full.at(-1)?.classes).toContain('ant-table-cell-fix-end');
    expect(full[1].classes).toContain('ant-table-column-sort');
    // a fixed cell sticks at the widths beside it towards its edge: the selection's 48 px before
    // the user name; the actions at the end
    expect(full.map((cell) => [cell.start, cell.end])).toEqual(
      full.map((_, i) =>
        i === 0 ? ['0px', ''] : i === 1 ? ['48px', ''] : i === full.length - 1 ? ['', '0px'] : ['', ''],
      ),
    );
    // the header's cells stand where the rows' do
    expect(cells(document.querySelector('thead tr') as HTMLElement)).toEqual(full);

    scrollWindow(20 * 49);
    const came = rowOf(firstOutlineName());
    expect(isOutline(came)).toBe(true);
    expect(cells(came)).toEqual(full);
  });

  it('draws a few of the rows a jump brings at once, those in view first, and the rest a frame later', async () => {
    render(<UsersTable count={300} />);
    await screen.findByText('用户1');
    await waitFor(everyRowInFull);
    // a hundred rows down (jsdom lays nothing out: each row stands at its estimated 49 px): every
    // row drawn is new; the first of the view are drawn in outline, the others wait, empty
    scrollWindow(100 * 49);
    const outline = [...document.querySelectorAll<HTMLElement>('tbody tr[data-outline]')];
    expect(outline.map(nameIn)).toEqual(Array.from({ length: DRAW_BATCH }, (_, i) => `用户${101 + i}`));
    // the rest of the view and the rows drawn around it wait, in their places
    const waiting = [...document.querySelectorAll<HTMLElement>('tbody tr[data-waiting]')];
    const indexes = waiting.map((row) => Number(row.dataset.index));
    expect(indexes).toContain(99);
    expect(indexes).toContain(100 + DRAW_BATCH);
    for (const row of waiting) expect(row.textContent).toBe('');
    expect(screen.queryByText('用户1')).toBeNull();
    // frame by frame the rest are drawn, and then, the window still, in full
    await waitFor(() => expect(document.querySelector('tbody tr[data-waiting]')).toBeNull());
    expect(screen.getByText(`用户${101 + DRAW_BATCH}`)).toBeTruthy();
    await waitFor(() => expect(isFull(rowOf('用户101'))).toBe(true));
  });

  it('fills its rows in full one batch an animation frame, and none between two frames', async () => {
    // the page's animation frames run when the test says (antd's and the virtualizer's too)
    const queued = new Map<number, FrameRequestCallback>();
    let lastFrame = 0;
    const request = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      queued.set(++lastFrame, callback);
      return lastFrame;
    });
    const cancel = vi.spyOn(window, 'cancelAnimationFrame').mockImplementation((id) => {
      queued.delete(id);
    });
    onTestFinished(() => {
      request.mockRestore();
      cancel.mockRestore();
    });
    const frame = async () => {
      const callbacks = [...queued.values()];
      queued.clear();
      await act(async () => {
        for (const callback of callbacks) callback(performance.now());
      });
    };
    const inFull = () => document.querySelectorAll('tbody tr[data-row-key]:not([data-outline])').length;
    render(<UsersTable count={300} />);
    await screen.findByText('用户1');
    // the rows mount in outline; with every render React has to do done, none is in full
    await act(async () => {});
    expect(inFull()).toBe(0);
    const steps: number[] = [];
    for (let frames = 0; document.querySelector('tbody tr[data-outline], tbody tr[data-waiting]'); frames++) {
      expect(frames, 'frames run before every row was in full').toBeLessThan(40);
      const before = inFull();
      await frame();
      steps.push(inFull() - before);
    }
    // each frame turned at most one batch in full, and the rows came in full in batches
    expect(Math.max(...steps)).toBe(FILL_BATCH);
    expect(inFull()).toBeGreaterThan(2 * FILL_BATCH);
  });

  it('mounts a long list in outline and fills it in after; a short list in full at once', async () => {
    // the table is drawn in a render after the list's first (DataTable.tsx)
    const long = whenFirstDrawn('tbody tr[data-row-key]', (row) => isOutline(row));
    let unmount = mountFirstCommit(<UsersTable count={300} />);
    try {
      expect(document.querySelector('tbody')).toBeNull();
      expect(await long).toBe(true);
      await waitFor(() => expect(isFull(rowOf('用户1'))).toBe(true));
    } finally {
      unmount();
    }
    const short = whenFirstDrawn('tbody tr[data-row-key]', () =>
      [...document.querySelectorAll<HTMLElement>('tbody tr[data-row-key]')].map(isFull),
    );
    unmount = mountFirstCommit(<UsersTable count={50} />);
    try {
      expect(await short).toEqual(Array(50).fill(true));
    } finally {
      unmount();
    }
  });
});
