// A long list's row in outline: drawn while the window scrolls, in place of its row in full
// (TableRow.tsx), until the scroll stops and the row is drawn in full (TableBody.tsx). A quick
// scroll brings a dozen rows into view each frame; a row in full mounts a component for each cell
// and the cell's tags, buttons, checkbox and their style hooks, several milliseconds a row, mostly
// for rows gone again a few frames later. This row is one component of plain cells: each value as the text its cell shows
// (CellText.tsx; tags as spans of antd's tag classes), the row actions as their titles in the
// links' colours and boxes, the expand control and the selection box as boxes of their size, so
// the row has the height, the columns, the fixed edges (cellPlacement.ts), the classes and the
// text's places it will have in full (tests/e2e/treeTable.e2e.ts measures them).
import { ConfigProvider } from 'antd';
import { type CSSProperties, type ReactNode, useContext } from 'react';
import { HAS_DRAFT_KEY } from '../contract.ts';
import { cellText, taggedText } from './CellText.tsx';
import type { CellPlacement } from './cellPlacement.ts';
import { SELECTION_KEY } from './cellPlacement.ts';
import { CONTROL, INDENT } from './DataCell.tsx';
import { t } from './i18n.ts';
import { ListCellContext, type ListCellValue } from './listCellContext.ts';
import type { ListRow } from './listTable.ts';
import { ACTIONS_COLUMN } from './listTable.ts';
import { rowActionsText } from './RowActions.tsx';
import { rowClass } from './TableRow.tsx';

/** antd's checkbox: its box's size */
const BOX = 16;

export interface OutlineRowProps {
  row: ListRow;
  /** the row's place in the whole list, which the virtualizer measures it by */
  index: number;
  cells: readonly CellPlacement[];
  /** the table's class prefix (antd's `ant-table`) */
  prefix: string;
  selected: boolean;
  measure?: (row: HTMLTableRowElement | null) => void;
}

function selectionBox(checked: boolean) {
  return (
    <span
      aria-hidden="true"
      style={{
        display: 'inline-block',
        width: BOX,
        height: BOX,
        boxSizing: 'border-box',
        verticalAlign: 'middle',
        border: `1px solid var(${checked ? '--ant-color-primary' : '--ant-color-border'})`,
        borderRadius: 'var(--ant-border-radius-sm)',
        background: checked ? 'var(--ant-color-primary)' : undefined,
      }}
    />
  );
}

/** DataCell's content in outline: the value as text, in a tree's first column indented after a
 * box where the expand control goes. A column of a table outside a list page (no list cell
 * context, no schema column) shows its value as it is. */
function dataText(list: ListCellValue | null, row: ListRow, column: string, tagPrefix: string): ReactNode {
  const descriptor = list?.descriptors.get(column);
  if (!list || !descriptor) {
    const value = row.getValue(column);
    return value === null || value === undefined ? null : String(value);
  }
  const shown = cellText(
    {
      column: descriptor,
      value: row.getValue(column),
      lang: list.lang,
      refLabels: list.refLabels[column],
      row: row.original,
    },
    tagPrefix,
  );
  // a pending draft's mark, as DataCell puts it in front of the value
  const value =
    column === list.draftColumn && row.original[HAS_DRAFT_KEY] === true
      ? taggedText(tagPrefix, t('hasDraft', list.lang), 'gold', shown)
      : shown;
  if (column !== list.expanderColumn) return value;
  return (
    <span style={{ display: 'flex', alignItems: 'center', gap: 4, paddingInlineStart: row.depth * INDENT }}>
      <span
        style={{
          display: 'inline-block',
          width: CONTROL,
          height: row.getCanExpand() ? CONTROL : undefined,
          flex: 'none',
        }}
      />
      {value}
    </span>
  );
}

function content(
  list: ListCellValue | null,
  row: ListRow,
  key: string,
  selected: boolean,
  tagPrefix: string,
): ReactNode {
  if (key === SELECTION_KEY) return selectionBox(selected);
  if (key === ACTIONS_COLUMN && list)
    return rowActionsText({ row: row.original, actions: list.rowActions, lang: list.lang });
  return dataText(list, row, key, tagPrefix);
}

export function OutlineRow({ row, index, cells, prefix, selected, measure }: OutlineRowProps) {
  const list = useContext(ListCellContext);
  const tagPrefix = useContext(ConfigProvider.ConfigContext).getPrefixCls('tag');
  return (
    <tr
      ref={measure}
      data-index={index}
      data-row-key={row.id}
      data-outline=""
      className={rowClass(prefix, row.depth, selected)}
    >
      {cells.map((cell) => {
        const shown = content(list, row, cell.key, selected, tagPrefix);
        return (
          <td key={cell.key} className={cell.className} style={cell.style as CSSProperties | undefined}>
            {cell.wrapped ? <span className={`${prefix}-cell-content`}>{shown}</span> : shown}
          </td>
        );
      })}
    </tr>
  );
}
