// Column configuration (spec §2 /blockLayout): the home-page blocks of the public site in their
// order, a page at a time, each with the category it shows; moved (one reorder call), shown or
// hidden here. Beside them the category tree, read a level at a time, each category marked with
// the blocks that show it.

import { Card, Col, Flex, Row, Tag } from 'antd';
import type { Row as DataRow } from '../../../runtime/client/resourceClient.ts';
import { useCmsClient } from '../../cms/useCmsClient.ts';
import { CategoryTree } from '../../components/cms/CategoryTree.tsx';
import { OrderedRows } from '../../components/cms/OrderedRows.tsx';
import { Unavailable } from '../../components/cms/Unavailable.tsx';
import { useT } from '../../i18n/useT.ts';
import { useLanguageStore } from '../../stores/language.ts';

export default function BlockLayoutPage() {
  const t = useT();
  const lang = useLanguageStore((s) => s.lang);
  const blocks = useCmsClient('areablocks').client;
  const categories = useCmsClient('contentCategorys').client;

  if (!blocks) return <Unavailable />;
  const display = blocks.resource.fields.find((field) => field.name === 'displayType');

  const renderBlock = (block: DataRow, label: (field: string) => string) => {
    const option = display?.options?.find((o) => o.value === block.displayType);
    return (
      // antd's tags keep no margin of their own: the gap spaces them, and wraps them on a phone
      <Flex wrap align="center" gap="small">
        <strong>{String(block.blockName)}</strong>
        <Tag>{String(block.blockKey)}</Tag>
        {option && <Tag color={option.color}>{option.label[lang]}</Tag>}
        <span className="ordered-rows-note">
          {label('categoryId')} · {t('itemsShown', { count: Number(block.itemCount ?? 0) })}
        </span>
      </Flex>
    );
  };

  return (
    <Row gutter={[16, 16]} data-testid="block-layout">
      <Col xs={24} lg={15}>
        <Card title={t('blockLayout')}>
          <OrderedRows client={blocks} renderRow={renderBlock} empty={t('noBlocks')} />
        </Card>
      </Col>
      {categories && (
        <Col xs={24} lg={9}>
          <Card title={t('categoryTree')}>
            <CategoryTree categories={categories} blocks={blocks} label={t('categoryTree')} />
          </Card>
        </Col>
      )}
    </Row>
  );
}
