// The list table: react-table holds the state (sorting, selection, column visibility, tree
// expansion) and antd's Table draws it, so fixed columns, sideways scrolling, selection and
// empty and loading states look and behave as antd's do everywhere else in the app. The
// columns' widths and fixed sides follow the width the table is shown in (columnFit.ts).
import type { RowSelectionState } from '@tanstack/react-table';
import { Table, type TableColumnsType, type TableColumnType, type TableProps } from 'antd';
import type { Lang } from '../schema/types.ts';
import { fitColumns } from './columnFit.ts';
import { t } from './i18n.ts';
import type { ColumnLayout, ListRow, ListTable } from './listTable.ts';
import { useElementWidth } from './useElementWidth.ts';

export interface DataTableProps {
  table: ListTable;
  /** column id → header and geometry (buildListColumns) */
  layout: Readonly<Record<string, ColumnLayout>>;
  lang: Lang;
  loading: boolean;
  /** rows can be selected for batch actions and export */
  selectable: boolean;
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

export function DataTable({ table, layout, lang, loading, selectable }: DataTableProps) {
  const visible = table.getVisibleLeafColumns();
  const [frame, viewport] = useElementWidth<HTMLDivElement>();
  const fit = fitColumns({
    columns: visible.map((column) => ({
      id: column.id,
      width: layout[column.id]?.width ?? 0,
      fixed: layout[column.id]?.fixed,
    })),
    selection: selectable ? SELECTION_WIDTH : 0,
    viewport,
  });

  const columns: TableColumnsType<ListRow> = visible.map((column, i) => {
    const spec = layout[column.id];
    const sorted = column.getIsSorted();
    const canSort = column.getCanSort();
    return {
      key: column.id,
      title: spec?.title ?? column.id,
      width: fit.columns[i].width,
      fixed: fit.columns[i].fixed,
      ellipsis: spec?.ellipsis,
      sorter: canSort,
      sortOrder: canSort ? (sorted === 'asc' ? 'ascend' : sorted === 'desc' ? 'descend' : null) : undefined,
      sortDirections: FLIP,
      onHeaderCell: HEADER_CELL,
      render: (_: unknown, row: ListRow) => (
        <table.FlexRender cell={row.getAllCellsByColumnId()[column.id]} />
      ),
    };
  });

  const selection: RowSelectionState = table.state.rowSelection;
  const rowSelection: TableProps<ListRow>['rowSelection'] = selectable
    ? {
        columnWidth: SELECTION_WIDTH,
        // the selection column sticks with the schema's start-fixed columns, in front of them
        fixed: fit.selectionFixed ? 'left' : undefined,
        // a selection survives paging: export and batch actions work on every selected row
        preserveSelectedRowKeys: true,
        selectedRowKeys: Object.keys(selection).filter((id) => selection[id]),
        onChange: (keys) => table.setRowSelection(Object.fromEntries(keys.map((key) => [String(key), true]))),
        getCheckboxProps: () => ({ 'aria-label': t('selectRow', lang) }),
      }
    : undefined;

  const onChange: TableProps<ListRow>['onChange'] = (_pagination, _filters, sorter, extra) => {
    if (extra.action !== 'sort' || Array.isArray(sorter) || !sorter.order || sorter.columnKey === undefined)
      return;
    table.setSorting([{ id: String(sorter.columnKey), desc: sorter.order === 'descend' }]);
  };

  return (
    <div ref={frame}>
      <Table<ListRow>
        size="middle"
        rowKey="id"
        columns={columns}
        dataSource={table.getRowModel().rows}
        rowSelection={rowSelection}
        expandable={{ childrenColumnName: NO_CHILDREN }}
        pagination={false}
        loading={loading}
        scroll={{ x: fit.scrollX }}
        tableLayout="fixed"
        onChange={onChange}
      />
    </div>
  );
}
