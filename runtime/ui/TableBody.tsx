// The list table's body (DataTable.tsx). A short list draws every row in full (TableRow.tsx). A
// long one (an opened level of a large tree) draws only the rows in view and a few around them
// (useVirtualRows.ts), with a spacer above and below standing for the rows left out, so the page
// scrolls as if all were there. The virtualizer lives here, in the body: a scroll renders the body
// alone, and a row that stays in view is not rendered again; only the rows coming into view are.
// Each row drawn reports its height to the virtualizer; a tree's "load more" row is one cell across
// the table with its button, indented as the level it continues.
//
// A long list's row that comes into view while the window scrolls is drawn in outline
// (OutlineRow.tsx: plain cells, its values as text), and in full once the scroll stops, in
// low-priority renders the next scroll interrupts, a few rows each and one such render a frame,
// those in view first. A row drawn in full stays so while it is drawn. A long list's rows mount
// in outline too.
// A render draws at most `DRAW_BATCH` rows that the render before did not, those in view first:
// the others wait a frame as empty rows of their height (a fling brings a whole view of new rows
// each frame, a read or a level's opening a view of them at once).

import { DownOutlined, LoadingOutlined } from '@ant-design/icons';
import type { RowSelectionState } from '@tanstack/react-table';
import { Button } from 'antd';
import {
  createContext,
  type ReactNode,
  startTransition,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import type { Lang } from '../schema/types.ts';
import type { CellPlacement } from './cellPlacement.ts';
import { INDENT } from './DataCell.tsx';
import { t } from './i18n.ts';
import type { ListRow } from './listTable.ts';
import { OutlineRow } from './OutlineRow.tsx';
import { rowClass, TableRow } from './TableRow.tsx';
import { type MoreMark, moreOf } from './treeTableRows.ts';
import { useVirtualRows } from './useVirtualRows.ts';

export interface TableBodyValue {
  /** how many columns a cell across the table spans */
  span: number;
  /** every row the table holds, in the order drawn: the ones to draw are picked from these */
  rows: readonly ListRow[];
  lang: Lang;
  onLoadMore?: (parent: string) => void;
  /** the classes and sticky offsets of a row's cells */
  cells: readonly CellPlacement[];
  /** the table's class prefix (antd's `ant-table`) */
  prefix: string;
  selection: RowSelectionState;
  onSelect: (id: string, selected: boolean) => void;
  /** what an empty table shows across its view, and the view's width while the table is wider */
  empty: ReactNode;
  emptyWidth?: number;
}

const NO_SELECT = () => undefined;

export const TableBodyContext = createContext<TableBodyValue>({
  span: 1,
  rows: [],
  lang: 'zh',
  cells: [],
  prefix: 'ant-table',
  selection: {},
  onSelect: NO_SELECT,
  empty: null,
});

function Spacer({ height, span }: { height: number; span: number }) {
  if (height <= 0) return null;
  return (
    <tr aria-hidden="true" data-spacer="">
      <td colSpan={span} style={{ height, padding: 0, border: 0 }} />
    </tr>
  );
}

/** A row not drawn yet (see `DRAW_BATCH`): an empty row of the height the virtualizer gives it,
 * its cells' bottom line drawn across, not measured. */
function WaitingRow({
  index,
  height,
  span,
  prefix,
}: {
  index: number;
  height: number;
  span: number;
  prefix: string;
}) {
  return (
    <tr aria-hidden="true" data-index={index} data-waiting="">
      <td
        colSpan={span}
        className={`${prefix}-cell`}
        style={{ height, padding: 0, boxSizing: 'border-box' }}
      />
    </tr>
  );
}

/** An empty table's one row: what the table shows for no data (the app's `renderEmpty`, antd's
 * simple "no data" by default), held in the view's width while the table scrolls sideways. */
function EmptyRow({ value }: { value: TableBodyValue }) {
  const { prefix, span, empty, emptyWidth } = value;
  return (
    <tr className={`${prefix}-placeholder`}>
      <td colSpan={span} className={`${prefix}-cell`}>
        {emptyWidth === undefined ? (
          empty
        ) : (
          <div
            className={`${prefix}-expanded-row-fixed`}
            style={{ width: emptyWidth, position: 'sticky', insetInlineStart: 0, overflow: 'hidden' }}
          >
            {empty}
          </div>
        )}
      </td>
    </tr>
  );
}

/** Rows turned from outline to full a render: a commit of antd's rows costs a few milliseconds a
 * row, and a commit is not cut into slices as a render is, so a level opening or the window coming
 * to rest fills its few dozen rows in over a few frames, the rows in view first. Three, not six:
 * with the page's main thread run 1.5 times slower (a machine slower than the one measured), 17
 * runs of bench:treetable in turns had a frame over 50 ms in the table's phases in 3 runs with
 * three against 8 with six, though about as many such frames in all, 11 and 10
 * (docs/benchmarks.md, "Tree tables"). */
export const FILL_BATCH = 3;
/** Rows a render draws that the render before did not, in outline. A row's layout, style and
 * paint cost the browser about a millisecond on a slow machine's main thread and its mount half
 * that, and a fling of 600 px a frame brings a whole view of new rows into every frame, as a read
 * of the next page or a level's opening brings a view of them at once: with all of them drawn, a
 * scroll frame of bench:treetable cost 36 ms of main-thread CPU on such a machine
 * (docs/benchmarks.md, "Tree tables"). The rows left wait a frame, those in view first; a scroll
 * slower than six rows a frame never leaves one. */
export const DRAW_BATCH = 6;
const NONE: ReadonlySet<string> = new Set();

/** The drawn rows not in `done`, those in the window's view first, at most `size` of them. */
export function nextBatch(
  ids: readonly string[],
  first: number,
  view: readonly [number, number],
  done: ReadonlySet<string>,
  size = FILL_BATCH,
): string[] {
  const waiting = ids.map((id, i) => ({ id, index: first + i })).filter(({ id }) => !done.has(id));
  const inView = ({ index }: { index: number }) => index >= view[0] && index <= view[1];
  return [...waiting.filter(inView), ...waiting.filter((row) => !inView(row))]
    .slice(0, size)
    .map(({ id }) => id);
}

export function TableBody() {
  const value = useContext(TableBodyContext);
  const body = useRef<HTMLTableSectionElement>(null);
  const shown = useVirtualRows(body, value.rows);
  // every row of a short list is drawn, in full: a list growing long (a level opened) keeps them so
  const first = shown.virtual ? shown.first : 0;
  const last = shown.virtual ? shown.last : value.rows.length - 1;
  const ids = value.rows.slice(first, last + 1).map((row) => row.id);
  const view: [number, number] = [shown.viewFirst, shown.viewLast];
  // the rows drawn in full at the last commit: they stay so while they are drawn
  const settled = useRef<ReadonlySet<string>>(NONE);
  // the rows drawn at the last commit, in full or in outline: they stay drawn while in range
  const drawnBefore = useRef<ReadonlySet<string>>(NONE);
  // the rows to turn full in a low-priority render, while the window is still
  const [batch, setBatch] = useState<ReadonlySet<string>>(NONE);
  const full = (id: string) =>
    !shown.virtual || settled.current.has(id) || (!shown.scrolling && batch.has(id));
  const arriving = shown.virtual
    ? new Set(nextBatch(ids, shown.first, view, drawnBefore.current, DRAW_BATCH))
    : NONE;
  const isShown = (id: string) => full(id) || drawnBefore.current.has(id) || arriving.has(id);
  const waiting = shown.virtual && ids.some((id) => !isShown(id));
  useLayoutEffect(() => {
    settled.current = new Set(ids.filter(full));
    drawnBefore.current = new Set(ids.filter(isShown));
  });
  // the rows left waiting are drawn in a render after the next frame's paint (an update asked for
  // in an animation frame is rendered in a task after it)
  const [, drawMore] = useState(0);
  useEffect(() => {
    if (!waiting) return;
    const frame = requestAnimationFrame(() => drawMore((n) => n + 1));
    return () => cancelAnimationFrame(frame);
  });
  useEffect(() => {
    if (shown.scrolling) return;
    const more = nextBatch(ids, shown.first, view, settled.current);
    if (more.length === 0) return;
    // One batch a frame: asked for in an animation frame, it is rendered in a task after that
    // frame's paint, and the next after the next. Asked for straight from this effect, the batches
    // followed one another in short tasks that Chromium ran ahead of the frame they held up, and
    // a level's opening or a read put several in one frame over 50 ms (docs/benchmarks.md, "Tree
    // tables"). A scroll, a new page or a render of the table interrupts it; it is asked for
    // again after.
    const frame = requestAnimationFrame(() => startTransition(() => setBatch(new Set(more))));
    return () => cancelAnimationFrame(frame);
  });
  const { rows, cells, prefix, selection, lang, onSelect, span } = value;
  const drawn: ReactNode[] = [];
  for (let index = first; index <= last; index++) {
    const row = rows[index];
    if (!row) continue;
    const more = moreOf(row.original);
    const selected = selection[row.id] === true;
    if (more)
      drawn.push(
        <LoadMoreRow
          key={row.id}
          id={row.id}
          index={index}
          more={more}
          depth={row.depth}
          measure={shown.measure}
        />,
      );
    else if (!isShown(row.id))
      drawn.push(
        <WaitingRow
          key={row.id}
          index={index}
          height={shown.sizeOf?.(index) ?? 0}
          span={span}
          prefix={prefix}
        />,
      );
    else {
      // a row in full and its outline stand in the same place, with the same cells
      const placed = { row, index, cells, prefix, selected, measure: shown.measure };
      drawn.push(
        full(row.id) ? (
          <TableRow key={row.id} {...placed} lang={lang} onSelect={onSelect} />
        ) : (
          <OutlineRow key={row.id} {...placed} />
        ),
      );
    }
  }
  // While the window scrolls the rows take no pointer events: rows moving under a still pointer
  // made the browser hit-test and send pointer and mouse over/out events each frame, each
  // dispatched through React's root (13–23 ms in a frame of bench:treetable's scroll). The rows
  // drawn then are outlines with nothing to click; a "load more" row keeps its events.
  return (
    <tbody ref={body} className={`${prefix}-tbody`} style={shown.scrolling ? SCROLLING : undefined}>
      <Spacer height={shown.before} span={span} />
      {rows.length === 0 ? <EmptyRow value={value} /> : drawn}
      <Spacer height={shown.after} span={span} />
    </tbody>
  );
}

const SCROLLING = { pointerEvents: 'none' as const };

/**
 * The levels whose next page is being read. A context of its own, read by the "load more" rows
 * alone: a read starting or ending draws them, not every row of the table.
 */
export const LoadingMoreContext = createContext<readonly string[]>([]);

interface LoadMoreRowProps {
  id: string;
  index: number;
  more: MoreMark;
  depth: number;
  measure: ((row: HTMLTableRowElement | null) => void) | undefined;
}

/** A tree level's "load more" row: the next page of the level, read where the user asked for it. */
function LoadMoreRow({ id, index, more, depth, measure }: LoadMoreRowProps) {
  const { span, lang, onLoadMore, prefix } = useContext(TableBodyContext);
  const reading = useContext(LoadingMoreContext).includes(more.parent);
  return (
    <tr
      ref={measure}
      data-index={index}
      data-row-key={id}
      className={rowClass(prefix, depth, false)}
      style={{ pointerEvents: 'auto' }}
    >
      <td colSpan={span}>
        {/* sticky: the button stays in sight however far the table scrolls sideways */}
        <span
          style={{
            display: 'inline-block',
            position: 'sticky',
            insetInlineStart: 0,
            paddingInlineStart: 48 + depth * INDENT,
          }}
        >
          {/* The spinner is the button's icon, and the button always has one: antd's `loading`,
              and the hidden loading icon a button without an icon mounts, set state from layout
              effects, a render React runs before the commit's task ends, and with it the effects
              it was leaving for after the paint (docs/benchmarks.md, "Tree tables"). */}
          <Button
            type="link"
            size="small"
            data-more={more.parent}
            aria-busy={reading}
            // the icons are drawn, not read: the button is named by its text alone
            icon={reading ? <LoadingOutlined aria-hidden /> : <DownOutlined aria-hidden />}
            onClick={() => {
              if (!reading) onLoadMore?.(more.parent);
            }}
          >
            {t('loadMore', lang, { shown: more.shown, total: more.total })}
          </Button>
        </span>
      </td>
    </tr>
  );
}
