// The list table: react-table holds the state (sorting, selection, column visibility, tree
// expansion) and antd's Table draws it, so fixed columns, sideways scrolling, selection and
// empty and loading states look and behave as antd's do everywhere else in the app. The
// columns' widths and fixed sides follow the width the table is shown in (columnFit.ts). A long
// list (an opened level of a large tree) is handed to antd whole, and its body draws only the
// rows in view and a few around them (TableBody.tsx, useVirtualRows.ts), so a scroll renders
// neither this table nor the rows that stay in view; the header, fixed columns and widths are
// antd's as before. The rows coming into view while the window scrolls are drawn in outline, as
// plain cells placed as antd places its own (OutlineRow.tsx, cellPlacement.ts).
import { FlexRender, type RowSelectionState } from '@tanstack/react-table';
import {
  ConfigProvider,
  Spin,
  Table,
  type TableColumnsType,
  type TableColumnType,
  type TableProps,
  theme,
} from 'antd';
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
import { t } from './i18n.ts';
import type { ColumnLayout, ListRow, ListTable } from './listTable.ts';
import {
  BodyRow,
  type BodyRowProps,
  BodyWrapper,
  LoadingMoreContext,
  TableBodyContext,
  type TableBodyValue,
} from './TableBody.tsx';
import { defaultTagVars } from './tagLook.ts';
import { moreOf } from './treeTableRows.ts';
import { useElementWidth } from './useElementWidth.ts';
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
// antd cycles through the directions and then clears the sort; listing ascend again after
// descend makes a sorted column flip between the two, as the list always has an order
const FLIP: NonNullable<TableColumnType<ListRow>['sortDirections']> = ['ascend', 'descend', 'ascend'];
// rows are react-table rows: their nested rows are already laid out flat by the expanded row
// model, so antd must not look for children of its own
const NO_CHILDREN = '__noChildren';
// a header never wraps: each column is at least as wide as its header (columnWidth.ts)
const HEADER_CELL = () => ({ style: { whiteSpace: 'nowrap' as const } });
const BODY = { body: { wrapper: BodyWrapper, row: BodyRow } };
const EXPANDABLE = { childrenColumnName: NO_CHILDREN };
// antd is handed every row, so the index it gives is the row's place in the whole list, which
// the virtualizer measures a drawn row by (TableBody.tsx)
const rowProps = (row: ListRow, index?: number): BodyRowProps => ({
  'data-index': index,
  more: moreOf(row.original),
  depth: row.depth,
});

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
  // antd's table is drawn in a render after the page's first: the page's frame (its filters and
  // toolbar) is one commit and the table, with the layouts and renders its mounting sets off,
  // another, each of them a frame (docs/benchmarks.md, "Tree tables"); and the table's width is
  // measured by then, so that a narrow one is not drawn twice. Not `useDeferredValue`: inside the
  // deferred render that draws a page (src/layout/AppMain.tsx) it hands the final value at once.
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
  // side menu folding then hands antd the same columns, and draws no row again
  const narrow = narrowViewport({ columns: widths, selection: selectionWidth, viewport });
  const fit = useMemo(
    () => fitColumns({ columns: widths, selection: selectionWidth, viewport: narrow }),
    [widths, selectionWidth, narrow],
  );
  const sorting = table.state.sorting;
  const prefix = useContext(ConfigProvider.ConfigContext).getPrefixCls('table');
  // the default tag's colours for the tags of rows drawn in outline (tagLook.ts)
  const { token } = theme.useToken();
  const tagVars = useMemo(() => defaultTagVars(token) as CSSProperties, [token]);
  // the cells of a row drawn in outline, placed as antd places its own
  const cells = useMemo(
    () =>
      cellPlacements(
        prefix,
        [
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
        ],
        narrow !== undefined,
      ),
    [prefix, selectable, fit, visible, layout, sorting, narrow],
  );

  const columns = useMemo<TableColumnsType<ListRow>>(
    () =>
      visible.map((column, i) => {
        const spec = layout[column.id];
        const sort = sorting.find((s) => s.id === column.id);
        const sorted = sort ? (sort.desc ? 'desc' : 'asc') : false;
        const canSort = column.getCanSort();
        return {
          key: column.id,
          title: spec?.title ?? column.id,
          width: fit.columns[i].width,
          fixed: fit.columns[i].fixed,
          ellipsis: spec?.ellipsis,
          sorter: canSort,
          sortOrder: canSort
            ? sorted === 'asc'
              ? 'ascend'
              : sorted === 'desc'
                ? 'descend'
                : null
            : undefined,
          sortDirections: FLIP,
          onHeaderCell: HEADER_CELL,
          // a "load more" row draws its own single cell (TableBody.tsx)
          render: (_: unknown, row: ListRow) =>
            moreOf(row.original) ? null : <FlexRender cell={row.getAllCellsByColumnId()[column.id]} />,
        };
      }),
    [visible, layout, fit, sorting],
  );

  // react-table hands a new table object each render: what antd is handed reaches the latest one
  // through this, so antd's table is not drawn again for every render of the page
  const latest = useRef(table);
  latest.current = table;
  const selection: RowSelectionState = table.state.rowSelection;
  const selectionFixed = fit.selectionFixed;
  const rowSelection = useMemo<TableProps<ListRow>['rowSelection']>(() => {
    const label = t('selectRow', lang);
    const boxes = {
      row: { 'aria-label': label, disabled: false },
      more: { 'aria-label': label, disabled: true },
    };
    return selectable
      ? {
          // antd is handed every row, so its "select all" takes every row the table holds, even
          // those a long list does not draw
          columnWidth: SELECTION_WIDTH,
          // the selection column sticks with the schema's start-fixed columns, in front of them
          fixed: selectionFixed ? 'left' : undefined,
          // a selection survives paging: export and batch actions work on every selected row
          preserveSelectedRowKeys: true,
          selectedRowKeys: Object.keys(selection).filter((id) => selection[id]),
          onChange: (keys) =>
            latest.current.setRowSelection(Object.fromEntries(keys.map((key) => [String(key), true]))),
          // two objects shared by every row: antd asks for them for every row the table holds
          // each time the rows change, and keeps them in a map until the next time
          getCheckboxProps: (row) => (moreOf(row.original) ? boxes.more : boxes.row),
        }
      : undefined;
  }, [selectable, selectionFixed, selection, lang]);

  const onChange = useCallback<NonNullable<TableProps<ListRow>['onChange']>>(
    (_pagination, _filters, sorter, extra) => {
      if (extra.action !== 'sort' || Array.isArray(sorter) || !sorter.order || sorter.columnKey === undefined)
        return;
      latest.current.setSorting([{ id: String(sorter.columnKey), desc: sorter.order === 'descend' }]);
    },
    [],
  );

  const span = columns.length + (selectable ? 1 : 0);
  const body = useMemo<TableBodyValue>(
    () => ({ span, rows, lang, onLoadMore, cells, prefix, selection }),
    [span, rows, lang, onLoadMore, cells, prefix, selection],
  );

  // antd's table is one element for as long as its rows, columns and selection stay: a page
  // starting or ending a read (the spinner) or the page around it rendering again does not make
  // it go over a long list's thousands of rows again
  const scrollX = fit.scrollX;
  const scroll = useMemo(() => (scrollX === undefined ? undefined : { x: scrollX }), [scrollX]);
  const drawnTable = useMemo(
    () => (
      <Table<ListRow>
        size="middle"
        rowKey="id"
        columns={columns}
        dataSource={rows}
        components={BODY}
        onRow={rowProps}
        rowSelection={rowSelection}
        expandable={EXPANDABLE}
        pagination={false}
        scroll={scroll}
        tableLayout="fixed"
        // the hovered row is drawn by the browser (DataTable.css): antd's own hover is React state,
        // a render of its table's context each time a row passes under the pointer, 22-28 ms of a
        // scroll's frame in bench:treetable (docs/benchmarks.md, "Tree tables")
        rowHoverable={false}
        onChange={onChange}
      />
    ),
    [columns, rows, rowSelection, scroll, onChange],
  );

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
