// The react-table feature set of every list page, at module scope because react-table needs it
// stable. Sorting and pagination are manual (the server sorts and pages); selection, column
// visibility and tree expansion happen here. DataTable.tsx draws what this state describes, in
// antd's table's markup and classes.
import {
  type ColumnDef,
  columnVisibilityFeature,
  createExpandedRowModel,
  type ReactTable,
  type Row,
  rowExpandingFeature,
  rowPaginationFeature,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
} from '@tanstack/react-table';
import type { TreeRow } from './buildTree.ts';
import { createReusedRowModel } from './reusedRowModel.ts';

export const listFeatures = tableFeatures({
  rowSortingFeature,
  rowPaginationFeature,
  rowSelectionFeature,
  columnVisibilityFeature,
  rowExpandingFeature,
  expandedRowModel: createExpandedRowModel(),
  // a long tree read a page at a time keeps the rows it had (reusedRowModel.ts)
  coreRowModel: createReusedRowModel(),
});

export type ListFeatures = typeof listFeatures;
export type ListTable = ReactTable<ListFeatures, TreeRow>;
export type ListColumnDef = ColumnDef<ListFeatures, TreeRow, unknown>;
export type ListRow = Row<ListFeatures, TreeRow>;

/** How a column sits in the table: its header and, from the schema's list column, its geometry. */
export interface ColumnLayout {
  title: string;
  width: number;
  fixed?: 'left' | 'right';
  ellipsis?: boolean;
}

export const ACTIONS_COLUMN = '__actions';
