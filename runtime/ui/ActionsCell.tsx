// The row actions cell of the list table; a row in outline (rowDetail.ts) shows its line as text.
import type { CellContext } from '@tanstack/react-table';
import type { TreeRow } from './buildTree.ts';
import { useListCell } from './listCellContext.ts';
import type { ListFeatures } from './listTable.ts';
import { RowActions, RowActionsOutline } from './RowActions.tsx';
import { useRowDetail } from './rowDetail.ts';

export function ActionsCell({ row }: CellContext<ListFeatures, TreeRow, unknown>) {
  const { lang, rowActions, onRowAction } = useListCell();
  if (!useRowDetail()) return <RowActionsOutline row={row.original} actions={rowActions} lang={lang} />;
  return <RowActions row={row.original} actions={rowActions} lang={lang} onAction={onRowAction} />;
}
