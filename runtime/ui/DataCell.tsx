// A data cell of the list table: the value drawn by CellValue, and in a tree's first column the
// indentation and the expand control. A long list's row drawn in outline while the window
// scrolls is OutlineRow.tsx, which keeps this cell's indentation and sizes.
import { LoadingOutlined, MinusSquareOutlined, PlusSquareOutlined } from '@ant-design/icons';
import type { CellContext, Row } from '@tanstack/react-table';
import { Button, Flex, Tag } from 'antd';
import { createContext, useContext } from 'react';
import { HAS_DRAFT_KEY } from '../contract.ts';
import type { Lang } from '../schema/types.ts';
import type { TreeRow } from './buildTree.ts';
import { CellValue } from './CellValue.tsx';
import { t } from './i18n.ts';
import { useListCell } from './listCellContext.ts';
import type { ListFeatures } from './listTable.ts';

/** the indentation a tree level */
export const INDENT = 20;
/** antd's small button, the expand control */
export const CONTROL = 24;

/**
 * The tree rows whose children are being read, by key. A context of its own, read by the expand
 * controls alone: a read starting or ending draws them, not every cell of the table.
 */
export const LoadingLevelsContext = createContext<readonly string[]>([]);

/** A tree row's expand control; while the row's children are read, it spins in place. */
function ExpandControl({ row, lang }: { row: Row<ListFeatures, TreeRow>; lang: Lang }) {
  const open = row.getIsExpanded();
  const reading = useContext(LoadingLevelsContext).includes(row.id);
  const Icon = reading ? LoadingOutlined : open ? MinusSquareOutlined : PlusSquareOutlined;
  return (
    <Button
      type="text"
      size="small"
      aria-label={t(open ? 'collapse' : 'expand', lang)}
      aria-expanded={open}
      aria-busy={reading}
      icon={<Icon aria-hidden />}
      onClick={row.getToggleExpandedHandler()}
    />
  );
}

export function DataCell(context: CellContext<ListFeatures, TreeRow, unknown>) {
  const { lang, descriptors, refLabels, expanderColumn, draftColumn } = useListCell();
  const { row, column } = context;
  const descriptor = descriptors.get(column.id);
  if (!descriptor) return null;
  const shown = (
    <CellValue
      column={descriptor}
      value={context.getValue()}
      lang={lang}
      refLabels={refLabels[column.id]}
      row={row.original}
    />
  );
  // a pending draft (`drafts: true`): the row is public as it is, with an edit waiting to be published
  const value =
    column.id === draftColumn && row.original[HAS_DRAFT_KEY] === true ? (
      <Flex gap={4} align="center">
        <Tag color="gold">{t('hasDraft', lang)}</Tag>
        {shown}
      </Flex>
    ) : (
      shown
    );
  if (column.id !== expanderColumn) return value;
  return (
    // a block-level flex line: an inline one would sit on the baseline of its first item, which
    // for a leaf is the empty spacer, and push the leaf's text below its neighbours'
    <span style={{ display: 'flex', alignItems: 'center', gap: 4, paddingInlineStart: row.depth * INDENT }}>
      {row.getCanExpand() ? (
        <ExpandControl row={row} lang={lang} />
      ) : (
        <span style={{ display: 'inline-block', width: CONTROL, flex: 'none' }} />
      )}
      {value}
    </span>
  );
}
