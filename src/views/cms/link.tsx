// Link configuration (spec §2 /link): the site's links to other sites, a card per link category,
// each list in the order the site shows it; moved, shown or hidden here.

import { Card, Empty, Space, Tag } from 'antd';
import type { Row } from '../../../runtime/client/resourceClient.ts';
import { useAllRows } from '../../cms/useAllRows.ts';
import { useCmsClient } from '../../cms/useCmsClient.ts';
import { OrderedRows } from '../../components/cms/OrderedRows.tsx';
import { Unavailable } from '../../components/cms/Unavailable.tsx';
import { useT } from '../../i18n/useT.ts';

export default function LinkConfigPage() {
  const t = useT();
  const links = useCmsClient('weblinks');
  const categories = useCmsClient('weblinkcategorys').client;
  const linkRows = useAllRows(links.client, 'orderNum');
  const categoryRows = useAllRows(categories, 'orderNum');

  if (!links.client || !categories) return <Unavailable />;
  const all = linkRows.data?.rows ?? [];
  const groups = categoryRows.data?.rows ?? [];

  const renderLink = (link: Row) => (
    <>
      <strong>{String(link.linkName)}</strong>{' '}
      <a href={String(link.linkUrl)} target="_blank" rel="noopener noreferrer" className="ordered-rows-note">
        {String(link.linkUrl)}
      </a>{' '}
      {link.newWindow ? <Tag>{t('newWindow')}</Tag> : null}
    </>
  );

  if (linkRows.isSuccess && categoryRows.isSuccess && groups.length === 0) {
    return <Empty description={t('noLinkCategories')} />;
  }
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="link-config">
      {groups.map((group) => {
        const rows = all.filter((link) => String(link.categoryId) === String(group.id));
        return (
          <Card key={String(group.id)} title={String(group.categoryName)} loading={linkRows.isPending}>
            {rows.length === 0 ? (
              <Empty description={t('noLinks')} />
            ) : (
              <OrderedRows
                client={links.client!}
                rows={rows}
                renderRow={renderLink}
                editable={links.canUpdate}
              />
            )}
          </Card>
        );
      })}
    </Space>
  );
}
