// News detail (spec §2 /newsDetail?id=…): one content as the public site would get it, from the
// preview endpoint (docs/api.md, "Preview"): the public one-row call's fields, whatever the
// content's publish state, with its pending draft applied when it has one (a switch shows the
// current version instead). Its rich-text body is sanitised before it is put in the page.

import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Segmented, Space, Tag } from 'antd';
import DOMPurify from 'dompurify';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { queryKeys } from '../../../runtime/ui/queryKeys.ts';
import { useCmsClient } from '../../cms/useCmsClient.ts';
import { Unavailable } from '../../components/cms/Unavailable.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { useT } from '../../i18n/useT.ts';
import { formatTime } from '../../utils/time.ts';

const isAhead = (value: unknown) =>
  typeof value === 'string' && value !== '' && new Date(value).getTime() > Date.now();

export default function NewsDetailPage() {
  const t = useT();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const id = params.get('id') ?? '';
  // the draft, when there is one, unless the current version was asked for
  const withDraft = params.get('draft') !== 'false';
  const { client } = useCmsClient('contents');
  const categories = useCmsClient('contentCategorys').client;

  const preview = useQuery({
    queryKey: [...queryKeys.row('contents', id), 'preview', withDraft],
    queryFn: () => client!.preview(id, { draft: withDraft }),
    enabled: Boolean(client && id),
  });
  const categoryId = preview.data?.row.categoryId;
  const category = useQuery({
    queryKey: queryKeys.row('contentCategorys', String(categoryId)),
    queryFn: () => categories!.get(categoryId as number),
    enabled: Boolean(categories && categoryId !== undefined && categoryId !== null),
  });
  // whether the content has a draft at all: asked once more only when the current version is shown
  const drafted = useQuery({
    queryKey: [...queryKeys.row('contents', id), 'preview', true],
    queryFn: () => client!.preview(id, { draft: true }),
    enabled: Boolean(client && id && !withDraft && client.resource.drafts),
  });

  if (!client) return <Unavailable />;
  const back = (
    <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={() => navigate(-1)}>
      {t('back')}
    </Button>
  );
  if (!id || preview.isError) return <Empty description={t('newsMissing')}>{back}</Empty>;
  if (preview.isPending) return <PageLoading />;

  const { row, draft } = preview.data;
  const hasDraft = withDraft ? draft !== null : drafted.data?.draft != null;
  const link = row.isLink ? String(row.linkUrl ?? '') : '';
  const state = preview.data.public
    ? { color: 'green', text: t('previewPublic') }
    : isAhead(row.publishTime)
      ? { color: 'orange', text: t('previewScheduled') }
      : { color: 'default', text: t('previewHidden') };

  return (
    <Card
      extra={back}
      data-testid="news-detail"
      title={
        hasDraft ? (
          <Segmented
            size="small"
            value={withDraft ? 'draft' : 'current'}
            options={[
              { value: 'draft', label: t('previewDraft') },
              { value: 'current', label: t('previewCurrent') },
            ]}
            onChange={(value) => {
              const next = new URLSearchParams(params);
              if (value === 'current') next.set('draft', 'false');
              else next.delete('draft');
              setParams(next, { replace: true });
            }}
          />
        ) : undefined
      }
    >
      <Alert type="info" showIcon title={t('previewNote')} style={{ marginBottom: 16 }} />
      <article className="news-detail">
        <h1>{String(row.title)}</h1>
        <Space className="news-detail-meta" wrap>
          <Tag color={state.color}>{state.text}</Tag>
          {draft && <Tag color="gold">{t('previewDraft')}</Tag>}
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
