// The list table's header row (DataTable.tsx): a cell a column, placed as the body's cells are
// (cellPlacement.ts), in antd's table's markup and classes, which its style sheet draws. A
// sortable column's header sorts on a click or Enter, flipping between ascending and descending
// (the list always has an order), with antd's sorter arrows and tooltip; the selection column's
// header selects or clears every row the table holds.
import { CaretDownOutlined, CaretUpOutlined } from '@ant-design/icons';
import { Checkbox } from 'antd';
import { type CSSProperties, type KeyboardEvent, memo } from 'react';
import type { Lang } from '../schema/types.ts';
import { type CellPlacement, SELECTION_KEY } from './cellPlacement.ts';
import { HoverTooltip } from './HoverTooltip.tsx';
import { t } from './i18n.ts';
import type { AllSelection } from './tableSelection.ts';

export interface HeaderColumn {
  /** the column id */
  key: string;
  title: string;
  /** the column can be sorted by */
  sortable: boolean;
  /** the list's order by this column, if it is sorted by it */
  sorted?: 'asc' | 'desc';
  ellipsis?: boolean;
}

export interface TableHeaderProps {
  prefix: string;
  /** the header cells' places, the selection column's first when there is one */
  cells: readonly CellPlacement[];
  /** the data columns, in the order of their cells */
  columns: readonly HeaderColumn[];
  lang: Lang;
  all?: AllSelection;
  onSelectAll: (selected: boolean) => void;
  onSort: (column: string, desc: boolean) => void;
}

const NOWRAP: CSSProperties = { whiteSpace: 'nowrap' };

function SortTitle({ prefix, column, lang }: { prefix: string; column: HeaderColumn; lang: Lang }) {
  const arrow = (dir: 'up' | 'down', active: boolean) => {
    const className = `${prefix}-column-sorter-${dir}${active ? ' active' : ''}`;
    return dir === 'up' ? (
      <CaretUpOutlined aria-hidden className={className} />
    ) : (
      <CaretDownOutlined aria-hidden className={className} />
    );
  };
  return (
    <HoverTooltip block title={t(column.sorted === 'asc' ? 'sortDescending' : 'sortAscending', lang)}>
      <div className={`${prefix}-column-sorters`}>
        <span className={`${prefix}-column-title`}>{column.title}</span>
        <span className={`${prefix}-column-sorter ${prefix}-column-sorter-full`}>
          <span className={`${prefix}-column-sorter-inner`} aria-hidden="true">
            {arrow('up', column.sorted === 'asc')}
            {arrow('down', column.sorted === 'desc')}
          </span>
        </span>
      </div>
    </HoverTooltip>
  );
}

function DataHeaderCell({
  prefix,
  cell,
  column,
  lang,
  onSort,
}: {
  prefix: string;
  cell: CellPlacement;
  column: HeaderColumn;
  lang: Lang;
  onSort: TableHeaderProps['onSort'];
}) {
  const style = { ...(cell.style as CSSProperties | undefined), ...NOWRAP };
  const title = column.ellipsis ? column.title : undefined;
  if (!column.sortable)
    return (
      <th className={cell.className} scope="col" style={style} title={title}>
        {column.title}
      </th>
    );
  // the next order: descending after ascending, ascending otherwise
  const sort = () => onSort(column.key, column.sorted === 'asc');
  return (
    <th
      className={`${cell.className} ${prefix}-column-has-sorters`}
      scope="col"
      style={style}
      title={title}
      tabIndex={0}
      aria-sort={column.sorted === 'asc' ? 'ascending' : column.sorted === 'desc' ? 'descending' : undefined}
      aria-label={column.title}
      aria-description={t('sortable', lang)}
      onClick={sort}
      onKeyDown={(event: KeyboardEvent) => {
        if (event.key === 'Enter') sort();
      }}
    >
      <SortTitle prefix={prefix} column={column} lang={lang} />
    </th>
  );
}

export const TableHeader = memo(function TableHeader({
  prefix,
  cells,
  columns,
  lang,
  all,
  onSelectAll,
  onSort,
}: TableHeaderProps) {
  const byKey = new Map(columns.map((column) => [column.key, column]));
  return (
    <thead className={`${prefix}-thead`}>
      <tr>
        {cells.map((cell) => {
          if (cell.key === SELECTION_KEY)
            return (
              <th
                key={cell.key}
                className={cell.className}
                scope="col"
                style={cell.style as CSSProperties | undefined}
              >
                <div className={`${prefix}-selection`}>
                  <Checkbox
                    aria-label={t('selectAll', lang)}
                    checked={all?.checked ?? false}
                    indeterminate={all?.indeterminate ?? false}
                    disabled={all?.disabled ?? true}
                    onChange={(event) => onSelectAll(event.target.checked)}
                  />
                </div>
              </th>
            );
          const column = byKey.get(cell.key);
          if (!column) return null;
          return (
            <DataHeaderCell
              key={cell.key}
              prefix={prefix}
              cell={cell}
              column={column}
              lang={lang}
              onSort={onSort}
            />
          );
        })}
      </tr>
    </thead>
  );
});
