// react-table's core row model, keeping the rows it made for data it is handed again. react-table's
// own makes a row object (and, as it is drawn, its cells) for every item of the data each time the
// data changes; a tree table's level read a page at a time is handed the same items for its rows
// read before (treeTableRows.ts, RowReuse) and a few hundred new ones, and at 5,000 rows the rows
// made again were about 8 MB a read, kept alive until the next and moved by the garbage
// collector's scavenges, pauses of 10–25 ms inside a read's render (docs/benchmarks.md, "Tree
// tables"). A row is kept when its item, id, place, depth, parent and sub-rows are the same, so it
// is the row react-table would make; the rows are dropped with the columns, whose values a row
// caches.
import {
  constructRow,
  makeObjectMap,
  type Row,
  type RowData,
  type RowModel,
  skipFirstRun,
  type Table,
  type TableFeatures,
  tableMemo,
} from '@tanstack/react-table';
import { sameItems } from './sameItems.ts';

interface Made<F extends TableFeatures, D extends RowData> {
  columns: unknown;
  rows: WeakMap<D, Row<F, D>>;
}

function accessRows<F extends TableFeatures, D extends RowData>(
  table: Table<F, D>,
  model: RowModel<F, D>,
  items: readonly D[],
  made: WeakMap<D, Row<F, D>>,
  depth = 0,
  parent?: Row<F, D>,
): Row<F, D>[] {
  const rows: Row<F, D>[] = [];
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    const id = table.getRowId(item, i, parent);
    // the row comes before its sub-rows in the flat list, as in react-table's own model
    const at = model.flatRows.length;
    model.flatRows.push(undefined as unknown as Row<F, D>);
    const subItems = table.options.getSubRows?.(item, i);
    // a row's sub-rows are made with a row of its id as their parent, which a kept row is
    const known = made.get(item);
    const parentOfSubs =
      known && known.id === id && known.index === i && known.depth === depth && known.parentId === parent?.id
        ? known
        : constructRow(table, id, item, i, depth, undefined, parent?.id);
    const subRows = subItems?.length ? accessRows(table, model, subItems, made, depth + 1, parentOfSubs) : [];
    let row = parentOfSubs;
    if (row === known && !sameItems(known.subRows, subRows)) {
      row = constructRow(table, id, item, i, depth, undefined, parent?.id);
    }
    if (row !== known) {
      row.originalSubRows = subItems;
      row.subRows = subRows;
      made.set(item, row);
    }
    model.flatRows[at] = row;
    model.rowsById[row.id] = row;
    rows.push(row);
  }
  return rows;
}

/** The core row model for `features.coreRowModel`: react-table's, with rows kept (above). */
export function createReusedRowModel<F extends TableFeatures, D extends RowData>(): (
  table: Table<F, D>,
) => () => RowModel<F, D> {
  return (table) => {
    let made: Made<F, D> | undefined;
    return tableMemo({
      feature: 'coreRowModelsFeature',
      table,
      fnName: 'table.getCoreRowModel',
      memoDeps: () => [table.options.data],
      fn: () => {
        if (!made || made.columns !== table.options.columns)
          made = { columns: table.options.columns, rows: new WeakMap() };
        const model: RowModel<F, D> = { rows: [], flatRows: [], rowsById: makeObjectMap() };
        model.rows = accessRows(table, model, table.options.data, made.rows);
        return model;
      },
      // the resets react-table's own model asks for when the data changes, after its first run
      onAfterUpdate: skipFirstRun(() => {
        const resets = table as unknown as Record<string, (() => void) | undefined>;
        resets.autoResetExpanded?.();
        resets.autoResetPageIndex?.();
        resets.autoResetSorting?.();
        resets.autoResetCellSelection?.();
      }),
    });
  };
}
