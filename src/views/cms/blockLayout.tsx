// Column configuration (spec §2 /blockLayout): the home-page blocks of the public site in their
// order, each with the category it shows; moved, shown or hidden here. Beside them the category
// tree, each category marked with the blocks that show it.

import { Card, Col, Empty, Row, Tag, Tree } from 'antd';
import { useMemo } from 'react';
import type { Row as DataRow } from '../../../runtime/client/resourceClient.ts';
import { useAllRows } from '../../cms/useAllRows.ts';
import { useCmsClient } from '../../cms/useCmsClient.ts';
import { OrderedRows } from '../../components/cms/OrderedRows.tsx';
import { Unavailable } from '../../components/cms/Unavailable.tsx';
import { useT } from '../../i18n/useT.ts';
import { useLanguageStore } from '../../stores/language.ts';
import { type TreeRow, toTree } from '../../utils/tree.ts';

interface CategoryNode {
  key: string;
  title: string;
  children?: CategoryNode[];
}

function categoryNodes(rows: TreeRow[], blocksOf: Map<string, string[]>): CategoryNode[] {
  return rows.map((row) => {
    const blocks = blocksOf.get(String(row.id)) ?? [];
    return {
      key: String(row.id),
      title:
        blocks.length > 0 ? `${String(row.categoryName)} · ${blocks.join(', ')}` : String(row.categoryName),
      children: row.children ? categoryNodes(row.children, blocksOf) : undefined,
    };
  });
}

export default function BlockLayoutPage() {
  const t = useT();
  const lang = useLanguageStore((s) => s.lang);
  const blocks = useCmsClient('areablocks');
  const categories = useCmsClient('contentCategorys').client;
  const blockRows = useAllRows(blocks.client, 'orderNum');
  const categoryRows = useAllRows(categories, 'orderNum');

  const names = useMemo(
    () => new Map((categoryRows.data?.rows ?? []).map((row) => [String(row.id), String(row.categoryName)])),
    [categoryRows.data],
  );
  const tree = useMemo(() => {
    const blocksOf = new Map<string, string[]>();
    for (const block of blockRows.data?.rows ?? []) {
      const key = String(block.categoryId);
      blocksOf.set(key, [...(blocksOf.get(key) ?? []), String(block.blockName)]);
    }
    return categoryNodes(toTree(categoryRows.data?.rows ?? []), blocksOf);
  }, [blockRows.data, categoryRows.data]);

  if (!blocks.client) return <Unavailable />;
  const display = blocks.client.resource.fields.find((field) => field.name === 'displayType');
  const rows = blockRows.data?.rows ?? [];

  const renderBlock = (block: DataRow) => {
    const option = display?.options?.find((o) => o.value === block.displayType);
    return (
      <>
        <strong>{String(block.blockName)}</strong> <Tag>{String(block.blockKey)}</Tag>
        {option && <Tag color={option.color}>{option.label[lang]}</Tag>}
        <span className="ordered-rows-note">
          {names.get(String(block.categoryId)) ?? String(block.categoryId)} ·{' '}
          {t('itemsShown', { count: Number(block.itemCount ?? 0) })}
        </span>
      </>
    );
  };

  return (
    <Row gutter={[16, 16]} data-testid="block-layout">
      <Col xs={24} lg={15}>
        <Card title={t('blockLayout')} loading={blockRows.isPending}>
          {rows.length === 0 ? (
            <Empty description={t('noBlocks')} />
          ) : (
            <OrderedRows
              client={blocks.client}
              rows={rows}
              renderRow={renderBlock}
              editable={blocks.canUpdate}
            />
          )}
        </Card>
      </Col>
      <Col xs={24} lg={9}>
        <Card title={t('categoryTree')} loading={Boolean(categories) && categoryRows.isPending}>
          {tree.length === 0 ? <Empty /> : <Tree treeData={tree} defaultExpandAll selectable={false} />}
        </Card>
      </Col>
    </Row>
  );
}
