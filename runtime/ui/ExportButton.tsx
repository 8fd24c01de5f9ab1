// The toolbar's export: a button that opens a choice between the columns the list shows now
// (after the column settings) and every field the user may read. The rows are the same either
// way: the selection when there is one, else every row the filters match.
import { DownloadOutlined, DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, Progress, Space, Typography } from 'antd';
import type { DownloadProgress } from '../client/resourceClient.ts';
import type { Action, Lang } from '../schema/types.ts';
import { formatSize } from '../schema/uploadRules.ts';
import { t } from './i18n.ts';

/** Which columns an export writes. */
export type ExportChoice = 'visible' | 'all';

export interface ExportButtonProps {
  action: Action;
  lang: Lang;
  onExport: (choice: ExportChoice) => unknown;
  /** an export is under way: the button spins and takes no second one */
  busy?: boolean;
}

export function ExportButton({ action, lang, onExport, busy }: ExportButtonProps) {
  const items = [
    { key: 'visible', label: t('exportVisible', lang) },
    { key: 'all', label: t('exportAll', lang) },
  ];
  return (
    // a loading button ignores clicks, so the menu does not open again while one export runs
    <Dropdown trigger={['click']} menu={{ items, onClick: ({ key }) => onExport(key as ExportChoice) }}>
      <Button icon={<DownloadOutlined aria-hidden />} loading={busy}>
        <Space size={4}>
          {action.title[lang]}
          <DownOutlined aria-hidden style={{ fontSize: 10 }} />
        </Space>
      </Button>
    </Dropdown>
  );
}

/**
 * How far an export has come, for the page's message: a bar when the server said how large
 * the file is, else the bytes received so far (a streamed export cannot know its size).
 */
export function ExportProgress({ progress, lang }: { progress: DownloadProgress; lang: Lang }) {
  const received = t('exportReceived', lang, { size: formatSize(progress.loaded) });
  if (!progress.total) return <span role="status">{received}</span>;
  const percent = Math.min(100, Math.floor((progress.loaded / progress.total) * 100));
  return (
    <span role="status" style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
      <Progress percent={percent} size="small" style={{ width: 120, margin: 0 }} />
      <Typography.Text type="secondary">{received}</Typography.Text>
    </span>
  );
}
