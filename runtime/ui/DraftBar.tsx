// The bar above the edit form of a resource with `drafts: true`: whether the form holds the row's
// draft and when it was saved, what the autosave is doing (waiting, saving, saved, failed and
// why), and, with a draft, its publish and discard buttons.
import { CheckCircleOutlined, ExclamationCircleOutlined, LoadingOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Popconfirm, Typography } from 'antd';
import type { Draft } from '../client/resourceClient.ts';
import type { Lang } from '../schema/types.ts';
import { t } from './i18n.ts';
import { relativeTime } from './relativeTime.ts';
import type { AutosaveState } from './useDraftAutosave.ts';

export interface DraftBarProps {
  lang: Lang;
  draft: Draft | null;
  state: AutosaveState;
  /** whether the user may publish or discard (the update permission) */
  canWrite: boolean;
  busy: boolean;
  onPublish: () => void;
  onDiscard: () => void;
}

function Status({ state, lang }: { state: AutosaveState; lang: Lang }) {
  switch (state.kind) {
    case 'waiting':
      return <Typography.Text type="secondary">{t('draftWaiting', lang)}</Typography.Text>;
    case 'saving':
      return (
        <Typography.Text type="secondary">
          <LoadingOutlined aria-hidden /> {t('draftSaving', lang)}
        </Typography.Text>
      );
    case 'saved':
      return (
        <Typography.Text type="success">
          <CheckCircleOutlined aria-hidden /> {t('draftSaved', lang)}
        </Typography.Text>
      );
    case 'failed':
      return (
        <Typography.Text type="danger" role="alert">
          <ExclamationCircleOutlined aria-hidden /> {t('draftFailed', lang, { reason: state.reason })}
        </Typography.Text>
      );
    default:
      return null;
  }
}

export function DraftBar({ lang, draft, state, canWrite, busy, onPublish, onDiscard }: DraftBarProps) {
  const title = draft
    ? t('draftEditing', lang, { time: relativeTime(draft.updatedAt, lang) ?? '' })
    : t('draftHint', lang);
  return (
    <Alert
      data-testid="draft-bar"
      type={draft ? 'warning' : 'info'}
      showIcon
      style={{ marginBottom: 16 }}
      title={title}
      description={
        <Flex vertical gap={8}>
          <Status state={state} lang={lang} />
          {draft && canWrite && (
            <Flex gap={8} wrap>
              <Popconfirm
                title={t('draftPublishConfirm', lang)}
                okText={t('ok', lang)}
                cancelText={t('cancel', lang)}
                onConfirm={onPublish}
              >
                <Button type="primary" size="small" loading={busy}>
                  {t('draftPublish', lang)}
                </Button>
              </Popconfirm>
              <Popconfirm
                title={t('draftDiscardConfirm', lang)}
                okText={t('ok', lang)}
                okButtonProps={{ danger: true }}
                cancelText={t('cancel', lang)}
                onConfirm={onDiscard}
              >
                <Button size="small" danger disabled={busy}>
                  {t('draftDiscard', lang)}
                </Button>
              </Popconfirm>
            </Flex>
          )}
        </Flex>
      }
    />
  );
}
