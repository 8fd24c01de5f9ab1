// What the list table's cells need that changes while the page is open: ref labels arriving,
// the language, the row actions and their handler. react-table renders a cell function as a
// component, so a cell defined inside a changing column list would be remounted (closing an
// open confirm) on every change; the cells are fixed components that read this context instead.
import { createContext, useContext } from 'react';
import type { Row } from '../client/resourceClient.ts';
import type { ColumnDescriptor } from '../schema/columns.ts';
import type { Action, Lang } from '../schema/types.ts';
import type { LinkButtonClasses } from './useLinkButtonClasses.ts';

export interface ListCellValue {
  lang: Lang;
  descriptors: ReadonlyMap<string, ColumnDescriptor>;
  refLabels: Readonly<Record<string, ReadonlyMap<string, string>>>;
  /** the column that holds the expand control of a tree, if the list is one */
  expanderColumn?: string;
  /** the column whose cell shows a row's pending-draft tag (`drafts: true`) */
  draftColumn?: string;
  rowActions: readonly Action[];
  onRowAction: (action: Action, row: Row) => unknown;
  /** the pointer or the focus reached a row's button that opens the form: its code can load */
  onFormIntent?: () => void;
  /** antd's small link button's classes, for the rows' action buttons */
  linkClasses?: LinkButtonClasses;
}

export const ListCellContext = createContext<ListCellValue | null>(null);

export function useListCell(): ListCellValue {
  const value = useContext(ListCellContext);
  if (!value) throw new Error('list cells render inside ListCellContext (ResourcePage provides it)');
  return value;
}
