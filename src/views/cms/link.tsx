// Link configuration (spec §2 /link): the site's links to other sites, a card per link category
// (a page of categories at a time, in their order), each card's links a page at a time in the
// order the site shows them; moved (one reorder call), shown or hidden here.

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Empty, Flex, Pagination, Space, Tag } from 'antd';
import { useState } from 'react';
import type { ListParams, Row } from '../../../runtime/client/resourceClient.ts';
import { queryKeys } from '../../../runtime/ui/queryKeys.ts';
import { useCmsClient } from '../../cms/useCmsClient.ts';
import { OrderedRows } from '../../components/cms/OrderedRows.tsx';
import { Unavailable } from '../../components/cms/Unavailable.tsx';
import { useT } from '../../i18n/useT.ts';

/** Link categories (cards) a page shows. */
export const CATEGORY_PAGE_SIZE = 10;

export default function LinkConfigPage() {
  const t = useT();
  const links = useCmsClient('weblinks').client;
  const categories = useCmsClient('weblinkcategorys').client;
  const [page, setPage] = useState(1);
  const params: ListParams = { page, limit: CATEGORY_PAGE_SIZE, sort: categories?.resource.order?.field };
  const groups = useQuery({
    queryKey: queryKeys.list(categories?.resource.name ?? '', params),
    queryFn: ({ signal }) => categories!.list(params, { signal }),
    enabled: Boolean(categories),
    placeholderData: keepPreviousData,
  });

  if (!links || !categories) return <Unavailable />;
  const renderLink = (link: Row) => (
    // antd's tags keep no margin of their own: the gap spaces them, and wraps them on a phone
    <Flex wrap align="center" gap="small">
      <strong>{String(link.linkName)}</strong>
      <a
        href={String(link.linkUrl)}
        target="_blank"
        rel="noopener noreferrer"
        className="ordered-rows-note ordered-rows-url"
      >
        {String(link.linkUrl)}
      </a>
      {link.newWindow ? <Tag>{t('newWindow')}</Tag> : null}
    </Flex>
  );

  const total = groups.data?.total ?? 0;
  if (groups.isPending) return <Card loading />;
  if (groups.isSuccess && total === 0) return <Empty description={t('noLinkCategories')} />;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="link-config">
      {(groups.data?.rows ?? []).map((group) => (
        <Card key={String(group.id)} title={String(group.categoryName)}>
          <OrderedRows
            client={links}
            filters={{ categoryId: group.id as number }}
            renderRow={renderLink}
            empty={t('noLinks')}
          />
        </Card>
      ))}
      {total > CATEGORY_PAGE_SIZE && (
        <Pagination
          align="end"
          current={page}
          pageSize={CATEGORY_PAGE_SIZE}
          total={total}
          showSizeChanger={false}
          onChange={setPage}
        />
      )}
    </Space>
  );
}
