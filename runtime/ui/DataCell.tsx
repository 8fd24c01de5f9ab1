// A data cell of the list table: the value drawn by CellValue, and in a tree's first column the
// indentation and the expand control. A row in outline (rowDetail.ts) draws the value as plain
// text (CellText) and a box of the expand control's size in its place.
import { MinusSquareOutlined, PlusSquareOutlined } from '@ant-design/icons';
import type { CellContext } from '@tanstack/react-table';
import { Button, Flex, Tag } from 'antd';
import { HAS_DRAFT_KEY } from '../contract.ts';
import type { TreeRow } from './buildTree.ts';
import { CellText } from './CellText.tsx';
import { CellValue } from './CellValue.tsx';
import { t } from './i18n.ts';
import { useListCell } from './listCellContext.ts';
import type { ListFeatures } from './listTable.ts';
import { useRowDetail } from './rowDetail.ts';

const INDENT = 20;
/** antd's small button, the expand control */
const CONTROL = 24;

export function DataCell(context: CellContext<ListFeatures, TreeRow, unknown>) {
  const { lang, descriptors, refLabels, expanderColumn, draftColumn } = useListCell();
  const full = useRowDetail();
  const { row, column } = context;
  const descriptor = descriptors.get(column.id);
  if (!descriptor) return null;
  const Value = full ? CellValue : CellText;
  const shown = (
    <Value
      column={descriptor}
      value={context.getValue()}
      lang={lang}
      refLabels={refLabels[column.id]}
      row={row.original}
    />
  );
  // a pending draft (`drafts: true`): the row is public as it is, with an edit waiting to be published
  const value =
    full && column.id === draftColumn && row.original[HAS_DRAFT_KEY] === true ? (
      <Flex gap={4} align="center">
        <Tag color="gold">{t('hasDraft', lang)}</Tag>
        {shown}
      </Flex>
    ) : (
      shown
    );
  if (column.id !== expanderColumn) return value;
  const open = row.getIsExpanded();
  return (
    // a block-level flex line: an inline one would sit on the baseline of its first item, which
    // for a leaf is the empty spacer, and push the leaf's text below its neighbours'
    <span style={{ display: 'flex', alignItems: 'center', gap: 4, paddingInlineStart: row.depth * INDENT }}>
      {row.getCanExpand() && !full ? (
        <span style={{ display: 'inline-block', width: CONTROL, height: CONTROL, flex: 'none' }} />
      ) : row.getCanExpand() ? (
        <Button
          type="text"
          size="small"
          aria-label={t(open ? 'collapse' : 'expand', lang)}
          aria-expanded={open}
          icon={open ? <MinusSquareOutlined /> : <PlusSquareOutlined />}
          onClick={row.getToggleExpandedHandler()}
        />
      ) : (
        <span style={{ display: 'inline-block', width: CONTROL, flex: 'none' }} />
      )}
      {value}
    </span>
  );
}
