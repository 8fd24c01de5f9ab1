// The list table: react-table holds the state (sorting, selection, column visibility, tree
// expansion) and antd's Table draws it, so fixed columns, sideways scrolling, selection and
// empty and loading states look and behave as antd's do everywhere else in the app. The
// columns' widths and fixed sides follow the width the table is shown in (columnFit.ts). A long
// list (an opened level of a large tree) is handed to antd whole, and its body draws only the
// rows in view and a few around them (TableBody.tsx, useVirtualRows.ts), so a scroll renders
// neither this table nor the rows that stay in view; the header, fixed columns and widths are
// antd's as before.
import type { RowSelectionState } from '@tanstack/react-table';
import { Table, type TableColumnsType, type TableColumnType, type TableProps } from 'antd';
import { type ReactNode, useMemo } from 'react';
import type { Lang } from '../schema/types.ts';
import { fitColumns } from './columnFit.ts';
import { t } from './i18n.ts';
import type { ColumnLayout, ListRow, ListTable } from './listTable.ts';
import {
  BodyRow,
  type BodyRowProps,
  BodyWrapper,
  SelectionCell,
  TableBodyContext,
  type TableBodyValue,
} from './TableBody.tsx';
import { moreOf } from './treeTableRows.ts';
import { useElementWidth } from './useElementWidth.ts';

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
}

const SELECTION_WIDTH = 48;
// antd cycles through the directions and then clears the sort; listing ascend again after
// descend makes a sorted column flip between the two, as the list always has an order
const FLIP: NonNullable<TableColumnType<ListRow>['sortDirections']> = ['ascend', 'descend', 'ascend'];
// rows are react-table rows: their nested rows are already laid out flat by the expanded row
// model, so antd must not look for children of its own
const NO_CHILDREN = '__noChildren';
// a header never wraps: each column is at least as wide as its header (columnWidth.ts)
const HEADER_CELL = () => ({ style: { whiteSpace: 'nowrap' as const } });
const BODY = { body: { wrapper: BodyWrapper, row: BodyRow } };
// a row's selection box, drawn in outline while its row is (rowDetail.ts)
const selectionCell = (checked: boolean, _row: ListRow, _index: number, node: ReactNode) => (
  <SelectionCell checked={checked}>{node}</SelectionCell>
);
// antd is handed every row, so the index it gives is the row's place in the whole list, which
// the virtualizer measures a drawn row by (TableBody.tsx)
const rowProps = (row: ListRow, index?: number): BodyRowProps => ({
  'data-index': index,
  more: moreOf(row.original),
  depth: row.depth,
});

export function DataTable({ table, layout, lang, loading, selectable, onLoadMore }: DataTableProps) {
  const visible = table.getVisibleLeafColumns();
  const [frame, viewport] = useElementWidth<HTMLDivElement>();
  const rows = table.getRowModel().rows;
  const fit = useMemo(
    () =>
      fitColumns({
        columns: visible.map((column) => ({
          id: column.id,
          width: layout[column.id]?.width ?? 0,
          fixed: layout[column.id]?.fixed,
        })),
        selection: selectable ? SELECTION_WIDTH : 0,
        viewport,
      }),
    [visible, layout, selectable, viewport],
  );
  const sorting = table.state.sorting;

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
            moreOf(row.original) ? null : <table.FlexRender cell={row.getAllCellsByColumnId()[column.id]} />,
        };
      }),
    [visible, layout, fit, sorting, table],
  );

  const selection: RowSelectionState = table.state.rowSelection;
  const selectedKeys = Object.keys(selection).filter((id) => selection[id]);
  const rowSelection: TableProps<ListRow>['rowSelection'] = selectable
    ? {
        // antd is handed every row, so its "select all" takes every row the table holds, even
        // those a long list does not draw
        columnWidth: SELECTION_WIDTH,
        renderCell: selectionCell,
        // the selection column sticks with the schema's start-fixed columns, in front of them
        fixed: fit.selectionFixed ? 'left' : undefined,
        // a selection survives paging: export and batch actions work on every selected row
        preserveSelectedRowKeys: true,
        selectedRowKeys: selectedKeys,
        onChange: (keys) => table.setRowSelection(Object.fromEntries(keys.map((key) => [String(key), true]))),
        getCheckboxProps: (row) => ({
          'aria-label': t('selectRow', lang),
          disabled: Boolean(moreOf(row.original)),
        }),
      }
    : undefined;

  const onChange: TableProps<ListRow>['onChange'] = (_pagination, _filters, sorter, extra) => {
    if (extra.action !== 'sort' || Array.isArray(sorter) || !sorter.order || sorter.columnKey === undefined)
      return;
    table.setSorting([{ id: String(sorter.columnKey), desc: sorter.order === 'descend' }]);
  };

  const span = columns.length + (selectable ? 1 : 0);
  const body = useMemo<TableBodyValue>(
    () => ({ span, rows, lang, onLoadMore }),
    [span, rows, lang, onLoadMore],
  );

  return (
    <div ref={frame}>
      <TableBodyContext.Provider value={body}>
        <Table<ListRow>
          size="middle"
          rowKey="id"
          columns={columns}
          dataSource={rows}
          components={BODY}
          onRow={rowProps}
          rowSelection={rowSelection}
          expandable={{ childrenColumnName: NO_CHILDREN }}
          pagination={false}
          loading={loading}
          scroll={{ x: fit.scrollX }}
          tableLayout="fixed"
          onChange={onChange}
        />
      </TableBodyContext.Provider>
    </div>
  );
}
