// The react-table columns of a list page: one column per schema list column and the row actions
// column, with each column's header, width and fixed side for the table that draws them. The
// cells are fixed components reading ListCellContext, so these definitions change only with the
// columns themselves (see listCellContext.ts). Row selection is drawn by the table (DataTable.tsx)
// from react-table's selection state, so it needs no column here.
import { createColumnHelper } from '@tanstack/react-table';
import type { ColumnDescriptor } from '../schema/columns.ts';
import type { Action, Lang } from '../schema/types.ts';
import { ActionsCell } from './ActionsCell.tsx';
import type { TreeRow } from './buildTree.ts';
import { columnWidth } from './columnWidth.ts';
import { DataCell } from './DataCell.tsx';
import { t } from './i18n.ts';
import { ACTIONS_COLUMN, type ColumnLayout, type ListColumnDef, type ListFeatures } from './listTable.ts';
import { actionsColumnWidth } from './rowActionLayout.ts';

export interface ListColumnsInput {
  descriptors: readonly ColumnDescriptor[];
  lang: Lang;
  /** the row actions the user may use; no column when there are none */
  rowActions: readonly Action[];
}

export interface ListColumns {
  columns: ListColumnDef[];
  /** column id → header and geometry */
  layout: Record<string, ColumnLayout>;
}

const helper = createColumnHelper<ListFeatures, TreeRow>();

export function buildListColumns({ descriptors, lang, rowActions }: ListColumnsInput): ListColumns {
  const columns: ListColumnDef[] = [];
  const layout: Record<string, ColumnLayout> = {};

  for (const descriptor of descriptors) {
    layout[descriptor.field] = {
      title: descriptor.title,
      width: columnWidth({
        title: descriptor.title,
        cell: descriptor.cell,
        width: descriptor.width,
        sortable: descriptor.sortable,
        multiple: descriptor.multiple,
      }),
      fixed: descriptor.fixed,
      ellipsis: descriptor.ellipsis,
    };
    columns.push(
      helper.accessor((row) => row[descriptor.field], {
        id: descriptor.field,
        header: descriptor.title,
        enableSorting: descriptor.sortable,
        // the first click sorts ascending whatever the values look like
        sortDescFirst: false,
        cell: DataCell,
      }) as ListColumnDef,
    );
  }

  if (rowActions.length > 0) {
    // the actions stay in reach however far the table is scrolled
    layout[ACTIONS_COLUMN] = {
      title: t('actions', lang),
      width: actionsColumnWidth(rowActions, lang),
      fixed: 'right',
    };
    columns.push(
      helper.display({
        id: ACTIONS_COLUMN,
        enableHiding: false,
        header: t('actions', lang),
        cell: ActionsCell,
      }),
    );
  }
  return { columns, layout };
}
