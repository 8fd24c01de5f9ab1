// The list table: react-table holds the state (sorting, selection, column visibility, tree
// expansion) and this draws it, in antd's table's markup and classes, so that antd's style sheet
// draws it as it draws antd's own tables everywhere else in the app: the header (TableHeader.tsx),
// the body (TableBody.tsx) with its rows in full (TableRow.tsx) or, while the window scrolls, in
// outline (OutlineRow.tsx). The columns' widths and fixed sides follow the width the table is shown
// in (columnFit.ts); every cell's sticky offset comes from those widths (cellPlacement.ts), and the
// fixed columns' shadows follow the sideways scroll without a render (useScrollShadows.ts). So the
// table is drawn once as it mounts, nothing measured from the layout: antd's own table measured its
// columns from a row of its own once drawn, and its scroll bar, its width and its scroll's place,
// each setting state that drew it again in the same task (docs/benchmarks.md, "Tree tables"). A
// long list (an opened level of a large tree) draws only the rows in view and a few around them
// (useVirtualRows.ts).
import type { RowSelectionState } from '@tanstack/react-table';
import { ConfigProvider, Empty, Spin, theme } from 'antd';
import useCSSVarCls from 'antd/es/config-provider/hooks/useCSSVarCls';
import useTableStyle from 'antd/es/table/style';
import {
  type CSSProperties,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { Lang } from '../schema/types.ts';
import { cellPlacements, SELECTION_KEY } from './cellPlacement.ts';
import { fitColumns, narrowViewport } from './columnFit.ts';
import { LoadingLevelsContext } from './DataCell.tsx';
import type { ColumnLayout, ListTable } from './listTable.ts';
import { LoadingMoreContext, TableBody, TableBodyContext, type TableBodyValue } from './TableBody.tsx';
import { type HeaderColumn, TableHeader } from './TableHeader.tsx';
import { allSelection, selectEvery } from './tableSelection.ts';
import { defaultTagVars } from './tagLook.ts';
import { moreOf } from './treeTableRows.ts';
import { useElementWidth } from './useElementWidth.ts';
import { SHADOW_END, useScrollShadows } from './useScrollShadows.ts';
import './DataTable.css';

export interface DataTableProps {
  table: ListTable;
  /** column id → header and geometry (buildListColumns) */
  layout: Readonly<Record<string, ColumnLayout>>;
  lang: Lang;
  loading: boolean;
  /** rows can be selected for batch actions and export */
  selectable: boolean;
  /** a tree's "load more" row was clicked: the next page of that level */
  onLoadMore?: (parent: string) => void;
  /** the tree levels whose next page is being read: their "load more" row shows it, the table does not */
  loadingMore?: readonly string[];
  /** the tree rows whose children are being read: their expand control shows it, the table does not */
  loadingLevels?: readonly string[];
}

const SELECTION_WIDTH = 48;
/** no tree level being read */
const NONE_READ: readonly string[] = [];
/** the room the table takes until it is drawn: its header's height */
const TABLE_PLACEHOLDER = 55;

export function DataTable({
  table,
  layout,
  lang,
  loading,
  selectable,
  onLoadMore,
  loadingMore = NONE_READ,
  loadingLevels = NONE_READ,
}: DataTableProps) {
  const visible = table.getVisibleLeafColumns();
  const [frame, viewport] = useElementWidth<HTMLDivElement>();
  // The table is drawn in a render after the page's first: the page's frame (its filters and
  // toolbar) is one commit and the table another, each of them a frame (docs/benchmarks.md, "Tree
  // tables"); and the table's width is measured by then, so that a narrow one is not drawn twice.
  // Not `useDeferredValue`: inside the deferred render that draws a page (src/layout/AppMain.tsx)
  // it hands the final value at once.
  const [tableDrawn, setTableDrawn] = useState(false);
  useEffect(() => startTransition(() => setTableDrawn(true)), []);
  const rows = table.getRowModel().rows;
  const widths = useMemo(
    () =>
      visible.map((column) => ({
        id: column.id,
        width: layout[column.id]?.width ?? 0,
        fixed: layout[column.id]?.fixed,
      })),
    [visible, layout],
  );
  const selectionWidth = selectable ? SELECTION_WIDTH : 0;
  // the width measured matters only when the columns do not fit in it: a window growing or the
  // side menu folding then draws the same columns, and no row again
  const narrow = narrowViewport({ columns: widths, selection: selectionWidth, viewport });
  const fit = useMemo(
    () => fitColumns({ columns: widths, selection: selectionWidth, viewport: narrow }),
    [widths, selectionWidth, narrow],
  );
  const sorting = table.state.sorting;
  // antd's table classes and the CSS variables of its theme, as antd's own table takes them
  const { getPrefixCls, renderEmpty } = useContext(ConfigProvider.ConfigContext);
  const prefix = getPrefixCls('table');
  const rootCls = useCSSVarCls(prefix);
  const [hashId, cssVarCls] = useTableStyle(prefix, rootCls);
  // the default tag's colours for the tags of rows drawn in outline (tagLook.ts)
  const { token } = theme.useToken();
  const tagVars = useMemo(() => defaultTagVars(token) as CSSProperties, [token]);
  // every cell's class and sticky offset, the header's and the rows' alike
  const cells = useMemo(
    () =>
      cellPlacements(prefix, [
        ...(selectable
          ? [
              {
                key: SELECTION_KEY,
                width: SELECTION_WIDTH,
                fixed: fit.selectionFixed ? ('left' as const) : undefined,
              },
            ]
          : []),
        ...visible.map((column, i) => ({
          key: column.id,
          width: fit.columns[i].width,
          fixed: fit.columns[i].fixed,
          ellipsis: layout[column.id]?.ellipsis,
          sorted: sorting.some((s) => s.id === column.id),
        })),
      ]),
    [prefix, selectable, fit, visible, layout, sorting],
  );
  const headers = useMemo<HeaderColumn[]>(
    () =>
      visible.map((column) => {
        const sort = sorting.find((s) => s.id === column.id);
        return {
          key: column.id,
          title: layout[column.id]?.title ?? column.id,
          sortable: column.getCanSort(),
          sorted: sort ? (sort.desc ? 'desc' : 'asc') : undefined,
          ellipsis: layout[column.id]?.ellipsis,
        };
      }),
    [visible, layout, sorting],
  );

  // react-table hands a new table object each render: the handlers reach the latest one through
  // this, so that they stay the same functions and the rows and header are not drawn again
  const latest = useRef(table);
  latest.current = table;
  const selection: RowSelectionState = table.state.rowSelection;
  const onSelect = useCallback(
    (id: string, selected: boolean) =>
      latest.current.setRowSelection((old) => selectEvery(old, [id], selected)),
    [],
  );
  // the rows the header's box selects: every row the table holds, drawn or not, but "load more"
  const selectableIds = useMemo(
    () => (selectable ? rows.filter((row) => !moreOf(row.original)).map((row) => row.id) : []),
    [selectable, rows],
  );
  const all = useMemo(
    () => (selectable ? allSelection(selectableIds, selection) : undefined),
    [selectable, selectableIds, selection],
  );
  const selectableRef = useRef(selectableIds);
  selectableRef.current = selectableIds;
  const onSelectAll = useCallback(
    (selected: boolean) =>
      latest.current.setRowSelection((old) => selectEvery(old, selectableRef.current, selected)),
    [],
  );
  const onSort = useCallback(
    (column: string, desc: boolean) => latest.current.setSorting([{ id: column, desc }]),
    [],
  );

  const empty = useMemo(
    () => renderEmpty?.('Table') ?? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />,
    [renderEmpty],
  );
  const span = cells.length;
  const body = useMemo<TableBodyValue>(
    () => ({ span, rows, lang, onLoadMore, cells, prefix, selection, onSelect, empty, emptyWidth: narrow }),
    [span, rows, lang, onLoadMore, cells, prefix, selection, onSelect, empty, narrow],
  );

  // The table is one element for as long as its rows, columns and selection stay: a page starting
  // or ending a read (the spinner) or the page around it rendering again does not draw it again.
  const scrollX = fit.scrollX;
  // a cell sticks only while the table scrolls sideways (columnFit.ts)
  const fixed = cells.some((cell) => cell.style);
  const { table: tableElement, onScroll } = useScrollShadows<HTMLDivElement>();
  const drawnTable = useMemo(() => {
    // as antd's: the first column fixed, or the last (their edge shadows are the cells')
    const hasFix = (side: 'start' | 'end') =>
      (side === 'start' ? cells[0] : cells.at(-1))?.className.includes(`-fix-${side}`) === true;
    const className = [
      prefix,
      `${prefix}-medium`,
      `${prefix}-layout-fixed`,
      ...(rows.length === 0 ? [`${prefix}-empty`] : []),
      ...(scrollX === undefined
        ? []
        : [`${prefix}-scroll-horizontal`, `${prefix}-fix-start-shadow`, `${prefix}-fix-end-shadow`]),
      ...(fixed ? [`${prefix}-fixed-column`] : []),
      ...(hasFix('start') ? [`${prefix}-has-fix-start`] : []),
      ...(hasFix('end') ? [`${prefix}-has-fix-end`] : []),
      cssVarCls,
      rootCls,
      hashId,
    ].join(' ');
    // while the table is wider than its view, it starts scrolled to its start: the end shadow shows
    const shadows = scrollX === undefined ? {} : { [SHADOW_END]: '' };
    return (
      <div className={[cssVarCls, rootCls, `${prefix}-wrapper`, hashId].join(' ')}>
        <div ref={tableElement} className={className} {...shadows}>
          <div className={`${prefix}-container`}>
            <div
              className={`${prefix}-content`}
              style={scrollX === undefined ? undefined : { overflowX: 'auto', overflowY: 'hidden' }}
              onScroll={scrollX === undefined ? undefined : onScroll}
            >
              <table
                style={{
                  tableLayout: 'fixed',
                  ...(scrollX === undefined ? {} : { width: scrollX, minWidth: '100%' }),
                }}
              >
                <colgroup>
                  {cells.map((cell) => (
                    <col key={cell.key} style={{ width: cell.width }} />
                  ))}
                </colgroup>
                <TableHeader
                  prefix={prefix}
                  cells={cells}
                  columns={headers}
                  lang={lang}
                  all={all}
                  onSelectAll={onSelectAll}
                  onSort={onSort}
                />
                <TableBody />
              </table>
            </div>
          </div>
        </div>
      </div>
    );
  }, [
    cssVarCls,
    rootCls,
    hashId,
    prefix,
    scrollX,
    fixed,
    cells,
    headers,
    lang,
    all,
    onSelectAll,
    onSort,
    tableElement,
    onScroll,
    rows.length,
  ]);

  return (
    <div ref={frame} data-list-table="" style={tagVars}>
      <TableBodyContext.Provider value={body}>
        <LoadingMoreContext.Provider value={loadingMore}>
          <LoadingLevelsContext.Provider value={loadingLevels}>
            <Spin spinning={loading}>
              {tableDrawn ? drawnTable : <div style={{ minHeight: TABLE_PLACEHOLDER }} />}
            </Spin>
          </LoadingLevelsContext.Provider>
        </LoadingMoreContext.Provider>
      </TableBodyContext.Provider>
    </div>
  );
}
