// The row actions cell of the list table.
import type { CellContext } from '@tanstack/react-table';
import type { TreeRow } from './buildTree.ts';
import { useListCell } from './listCellContext.ts';
import type { ListFeatures } from './listTable.ts';
import { RowActions } from './RowActions.tsx';

export function ActionsCell({ row }: CellContext<ListFeatures, TreeRow, unknown>) {
  const { lang, rowActions, onRowAction, onFormIntent, linkClasses } = useListCell();
  return (
    <RowActions
      row={row.original}
      actions={rowActions}
      lang={lang}
      onAction={onRowAction}
      onFormIntent={onFormIntent}
      linkClasses={linkClasses}
    />
  );
}
