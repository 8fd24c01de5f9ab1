// News detail (spec §2 /newsDetail?id=…): one content as the site shows it, its rich-text body
// sanitised before it is put in the page.

import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Space, Tag } from 'antd';
import DOMPurify from 'dompurify';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { queryKeys } from '../../../runtime/ui/queryKeys.ts';
import { useCmsClient } from '../../cms/useCmsClient.ts';
import { Unavailable } from '../../components/cms/Unavailable.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { useT } from '../../i18n/useT.ts';
import { useLanguageStore } from '../../stores/language.ts';
import { formatTime } from '../../utils/time.ts';

export default function NewsDetailPage() {
  const t = useT();
  const lang = useLanguageStore((s) => s.lang);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const { client } = useCmsClient('contents');
  const categories = useCmsClient('contentCategorys').client;

  const content = useQuery({
    queryKey: queryKeys.row('contents', id),
    queryFn: () => client!.get(id),
    enabled: Boolean(client && id),
  });
  const categoryId = content.data?.categoryId;
  const category = useQuery({
    queryKey: queryKeys.row('contentCategorys', String(categoryId)),
    queryFn: () => categories!.get(categoryId as number),
    enabled: Boolean(categories && categoryId !== undefined && categoryId !== null),
  });

  if (!client) return <Unavailable />;
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)}>
      {t('back')}
    </Button>
  );
  if (!id || content.isError) return <Empty description={t('newsMissing')}>{back}</Empty>;
  if (content.isPending) return <PageLoading />;

  const row = content.data;
  const status = client.resource.fields.find((field) => field.name === 'status');
  const option = status?.options?.find((o) => o.value === row.status);
  const link = row.isLink ? String(row.linkUrl ?? '') : '';

  return (
    <Card extra={back} data-testid="news-detail">
      <article className="news-detail">
        <h1>{String(row.title)}</h1>
        <Space className="news-detail-meta" wrap>
          {option && <Tag color={option.color}>{option.label[lang]}</Tag>}
          {category.data && <span>{String(category.data.categoryName)}</span>}
          {row.author ? <span>{String(row.author)}</span> : null}
          <time dateTime={String(row.publishTime ?? '')}>{formatTime(row.publishTime)}</time>
          <span>{t('views', { count: Number(row.viewCount ?? 0) })}</span>
        </Space>
        {row.summary ? <p className="news-detail-summary">{String(row.summary)}</p> : null}
        {link ? (
          <a href={link} target="_blank" rel="noopener noreferrer">
            {link}
          </a>
        ) : (
          <div
            className="news-detail-body"
            // the body is staff-written HTML: sanitised, so a pasted script or handler never runs
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify just here
            dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(String(row.body ?? '')) }}
          />
        )}
      </article>
    </Card>
  );
}
