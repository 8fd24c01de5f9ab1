// A row of the list table drawn in full (TableBody.tsx): its selection box and each column's cell
// as the column draws it (react-table's cell, DataCell.tsx for a schema column), in antd's row and
// cell classes, each cell placed by cellPlacement.ts. One component a row, rendered again only when
// its row, its selection or the columns' places change: a scroll, a read of more rows or another
// row's selection leaves it alone.
import { FlexRender } from '@tanstack/react-table';
import { Checkbox } from 'antd';
import { type CSSProperties, memo } from 'react';
import type { Lang } from '../schema/types.ts';
import { type CellPlacement, SELECTION_KEY } from './cellPlacement.ts';
import { t } from './i18n.ts';
import type { ListRow } from './listTable.ts';

export interface TableRowProps {
  row: ListRow;
  /** the row's place in the whole list, which the virtualizer measures it by */
  index: number;
  cells: readonly CellPlacement[];
  /** the table's class prefix (antd's `ant-table`) */
  prefix: string;
  selected: boolean;
  lang: Lang;
  onSelect: (id: string, selected: boolean) => void;
  measure?: (row: HTMLTableRowElement | null) => void;
}

/** The class of a body row, in full or in outline. */
export const rowClass = (prefix: string, depth: number, selected: boolean) =>
  `${prefix}-row ${prefix}-row-level-${depth}${selected ? ` ${prefix}-row-selected` : ''}`;

export const TableRow = memo(function TableRow({
  row,
  index,
  cells,
  prefix,
  selected,
  lang,
  onSelect,
  measure,
}: TableRowProps) {
  const byColumn = row.getAllCellsByColumnId();
  return (
    <tr
      ref={measure}
      data-index={index}
      data-row-key={row.id}
      className={rowClass(prefix, row.depth, selected)}
    >
      {cells.map((cell) => {
        const column = byColumn[cell.key];
        const content =
          cell.key === SELECTION_KEY ? (
            <Checkbox
              aria-label={t('selectRow', lang)}
              checked={selected}
              onChange={(event) => onSelect(row.id, event.target.checked)}
            />
          ) : column ? (
            <FlexRender cell={column} />
          ) : null;
        return (
          <td key={cell.key} className={cell.className} style={cell.style as CSSProperties | undefined}>
            {cell.wrapped ? <span className={`${prefix}-cell-content`}>{content}</span> : content}
          </td>
        );
      })}
    </tr>
  );
});
