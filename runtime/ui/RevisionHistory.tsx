// The history of one row of a resource with `revisions: true`, as its edit drawer shows it: the
// saved states newest first (who, when, by which write, what changed), a field-by-field
// comparison of the chosen one with any other (by default the one before it), and a restore of
// the chosen one after a confirmation. A restore is an edit: it sends the version the form loaded,
// so someone else's save meanwhile is refused rather than undone.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Empty,
  Flex,
  message,
  Pagination,
  Popconfirm,
  Radio,
  Select,
  Skeleton,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useState } from 'react';
import type { Id, ResourceClient, RevisionSummary, Row } from '../client/resourceClient.ts';
import type { Lang, Resource } from '../schema/types.ts';
import { formatTime } from './formatTime.ts';
import { type MessageKey, t } from './i18n.ts';
import { queryKeys } from './queryKeys.ts';
import { RevisionDiff } from './RevisionDiff.tsx';
import { relativeTime } from './relativeTime.ts';

export interface RevisionHistoryProps {
  client: ResourceClient;
  id: Id;
  lang: Lang;
  /** the version of the row the form holds: its revision is the current one, and a restore sends it */
  version?: number;
  /** whether the user may restore (the resource's update permission) */
  canRestore: boolean;
  /** the row after a restore */
  onRestored(row: Row): void;
}

/** Revisions a page of the history lists. */
export const REVISIONS_PAGE = 10;

const ACTION_LABELS: Record<string, MessageKey> = {
  create: 'revisionCreate',
  update: 'revisionUpdate',
  batchUpdate: 'revisionBatchUpdate',
  import: 'revisionImport',
  reorder: 'revisionReorder',
  restore: 'revisionRestoreAction',
  publishDraft: 'revisionPublishDraft',
  submit: 'revisionSubmit',
  baseline: 'revisionBaseline',
};

/** Writes that make a row: what they "changed" is what the row was given. */
const FIRST_SAVES = new Set(['create', 'import', 'submit']);

/** What wrote a revision, in words: a standard write, or the title of the resource's own action. */
function actionLabel(resource: Resource, action: string, lang: Lang): string {
  const key = ACTION_LABELS[action];
  if (key) return t(key, lang);
  return resource.actions.find((a) => a.name === action)?.title[lang] ?? action;
}

function fieldTitle(resource: Resource, name: string, lang: Lang): string {
  return resource.fields.find((f) => f.name === name)?.title[lang] ?? name;
}

function Entry({
  resource,
  entry,
  lang,
  current,
}: {
  resource: Resource;
  entry: RevisionSummary;
  lang: Lang;
  current: boolean;
}) {
  return (
    <Flex vertical gap={2}>
      <Flex wrap gap={6} align="center">
        <Typography.Text strong>{t('revisionNumber', lang, { n: entry.revision })}</Typography.Text>
        <Tag>{actionLabel(resource, entry.action, lang)}</Tag>
        {current && <Tag color="blue">{t('revisionCurrent', lang)}</Tag>}
      </Flex>
      <Typography.Text type="secondary">
        <span>{entry.userName ?? t('revisionNobody', lang)}</span>
        {' · '}
        <Tooltip title={formatTime(entry.createdAt)}>
          <time dateTime={entry.createdAt}>{relativeTime(entry.createdAt, lang)}</time>
        </Tooltip>
      </Typography.Text>
      {entry.changed.length > 0 && (
        <Typography.Text type="secondary" data-testid={`changed-${entry.revision}`}>
          {t(FIRST_SAVES.has(entry.action) ? 'revisionFilled' : 'revisionChanged', lang)}
          {entry.changed.map((name) => fieldTitle(resource, name, lang)).join(lang === 'zh' ? '、' : ', ')}
        </Typography.Text>
      )}
    </Flex>
  );
}

export function RevisionHistory({ client, id, lang, version, canRestore, onRestored }: RevisionHistoryProps) {
  const { resource } = client;
  const queryClient = useQueryClient();
  const [toast, toastHolder] = message.useMessage();
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<number>();
  const [against, setAgainst] = useState<number>();
  const [restoring, setRestoring] = useState<number>();

  const historyKey = [...queryKeys.resource(resource.name), 'revisions', String(id)] as const;
  const list = useQuery({
    queryKey: [...historyKey, page],
    queryFn: () => client.revisions(id, { page, limit: REVISIONS_PAGE }),
  });
  const rows = list.data?.rows ?? [];
  // the newest on the page until the reader picks one, compared with the one before it
  const selected = chosen ?? rows[0]?.revision;
  const index = rows.findIndex((r) => r.revision === selected);
  const other = against ?? rows[index + 1]?.revision ?? rows[index - 1]?.revision;
  const pair =
    selected !== undefined && other !== undefined
      ? [Math.min(selected, other), Math.max(selected, other)]
      : [];

  const revision = (n: number | undefined) => ({
    queryKey: [...historyKey, 'one', n],
    queryFn: () => client.revision(id, n!),
    enabled: n !== undefined,
    // a revision never changes once written
    staleTime: Number.POSITIVE_INFINITY,
  });
  const older = useQuery(revision(pair[0]));
  const newer = useQuery(revision(pair[1]));

  const restore = async (n: number) => {
    setRestoring(n);
    try {
      const row = await client.restoreRevision(id, n, { version });
      toast.success(t('revisionRestored', lang, { n }));
      setChosen(undefined);
      setAgainst(undefined);
      setPage(1);
      await queryClient.invalidateQueries({ queryKey: queryKeys.resource(resource.name) });
      onRestored(row);
    } catch {
      // the HTTP client has shown why (a save meanwhile, a value no longer allowed)
    } finally {
      setRestoring(undefined);
    }
  };

  if (list.isPending) return <Skeleton active />;
  if (rows.length === 0) return <Empty description={t('empty', lang)} />;
  return (
    <Flex vertical gap={16} data-testid="revision-history">
      {toastHolder}
      <Radio.Group
        value={selected}
        onChange={(e) => {
          setChosen(e.target.value as number);
          setAgainst(undefined);
        }}
        style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
      >
        {rows.map((entry) => (
          <Flex
            key={entry.revision}
            justify="space-between"
            align="start"
            gap={8}
            data-testid={`revision-${entry.revision}`}
            style={{
              padding: 8,
              borderRadius: 6,
              border: '1px solid rgba(5, 5, 5, 0.06)',
              background: entry.revision === selected ? 'rgba(22, 119, 255, 0.06)' : undefined,
            }}
          >
            <Radio value={entry.revision} style={{ minWidth: 0 }}>
              <Entry resource={resource} entry={entry} lang={lang} current={entry.revision === version} />
            </Radio>
            {canRestore && entry.revision !== version && (
              <Popconfirm
                title={t('revisionRestoreTitle', lang, { n: entry.revision })}
                description={<div style={{ maxWidth: 280 }}>{t('revisionRestoreText', lang)}</div>}
                okText={t('revisionRestore', lang)}
                cancelText={t('cancel', lang)}
                onConfirm={() => restore(entry.revision)}
              >
                <Button
                  size="small"
                  loading={restoring === entry.revision}
                  disabled={restoring !== undefined}
                >
                  {t('revisionRestore', lang)}
                </Button>
              </Popconfirm>
            )}
          </Flex>
        ))}
      </Radio.Group>
      {(list.data?.total ?? 0) > REVISIONS_PAGE && (
        <Pagination
          simple
          size="small"
          align="center"
          current={page}
          pageSize={REVISIONS_PAGE}
          total={list.data?.total ?? 0}
          onChange={(next) => {
            setPage(next);
            setChosen(undefined);
            setAgainst(undefined);
          }}
        />
      )}
      {selected !== undefined && other !== undefined ? (
        <Flex vertical gap={8}>
          <Flex wrap gap={8} align="center">
            <Typography.Text strong>
              {t('revisionCompare', lang)} {t('revisionNumber', lang, { n: selected })}
            </Typography.Text>
            <Typography.Text>{t('revisionCompareWith', lang)}</Typography.Text>
            <Select
              aria-label={t('revisionCompareWith', lang)}
              size="small"
              style={{ minWidth: 120 }}
              value={other}
              onChange={(value: number) => setAgainst(value)}
              options={rows
                .filter((r) => r.revision !== selected)
                .map((r) => ({ value: r.revision, label: t('revisionNumber', lang, { n: r.revision }) }))}
            />
          </Flex>
          {older.data && newer.data ? (
            <RevisionDiff resource={resource} lang={lang} older={older.data} newer={newer.data} />
          ) : (
            <Skeleton active paragraph={{ rows: 2 }} />
          )}
        </Flex>
      ) : (
        list.data?.total === 1 && (
          <Typography.Paragraph type="secondary">{t('revisionOnlyOne', lang)}</Typography.Paragraph>
        )
      )}
    </Flex>
  );
}
