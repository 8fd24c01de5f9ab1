// The bar above the table: create, the batch actions (enabled once rows are selected), export,
// the resource's own toolbar actions, and on the right the column settings and refresh.
import {
  DeleteOutlined,
  DeleteRowOutlined,
  DownloadOutlined,
  EditOutlined,
  PlusOutlined,
  ReloadOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { Button, Space, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { Action, Lang } from '../schema/types.ts';
import { ActionButton } from './ActionButton.tsx';
import { ExportButton, type ExportChoice } from './ExportButton.tsx';
import { t } from './i18n.ts';
import { opensForm } from './LazyResourceForm.tsx';

export interface ToolbarProps {
  lang: Lang;
  /** create, export and custom toolbar actions the user may use */
  actions: readonly Action[];
  /** batch actions the user may use; they act on the selection */
  batchActions: readonly Action[];
  selectedCount: number;
  onAction: (action: Action) => unknown;
  /** the pointer or the focus reached a button that opens a form (opensForm): its code can load */
  onFormIntent?: () => void;
  /** the export action, with the columns chosen (ExportButton) */
  onExport: (action: Action, choice: ExportChoice) => unknown;
  /** an export is under way */
  exporting?: boolean;
  onRefresh: () => void;
  refreshing: boolean;
  /** drawn before the refresh button (the column settings) */
  extra?: ReactNode;
  /** a resource with a recycle bin the user may open: its button, after the actions */
  onOpenBin?: () => void;
}

const ICONS: Record<string, ReactNode> = {
  create: <PlusOutlined aria-hidden />,
  export: <DownloadOutlined aria-hidden />,
  import: <UploadOutlined aria-hidden />,
  batchDelete: <DeleteOutlined aria-hidden />,
  batchUpdate: <EditOutlined aria-hidden />,
};

export function Toolbar({
  lang,
  actions,
  batchActions,
  selectedCount,
  onAction,
  onFormIntent,
  onExport,
  exporting,
  onRefresh,
  refreshing,
  extra,
  onOpenBin,
}: ToolbarProps) {
  const button = (action: Action, disabled: boolean) =>
    action.name === 'export' ? (
      <ExportButton
        key={action.name}
        action={action}
        lang={lang}
        busy={exporting}
        onExport={(choice) => onExport(action, choice)}
      />
    ) : (
      <ActionButton
        key={action.name}
        action={action}
        lang={lang}
        disabled={disabled}
        icon={ICONS[action.name]}
        type={action.name === 'create' ? 'primary' : undefined}
        onRun={() => onAction(action)}
        onIntent={opensForm(action) ? onFormIntent : undefined}
      />
    );

  return (
    <div
      // the pointer reaching the toolbar has the list page ask for its dialogs' code
      data-toolbar=""
      style={{
        display: 'flex',
        justifyContent: 'space-between',
        alignItems: 'center',
        marginBottom: 12,
        gap: 8,
      }}
    >
      <Space wrap>
        {actions.filter((a) => a.name === 'create').map((a) => button(a, false))}
        {batchActions.map((a) => button(a, selectedCount === 0))}
        {actions.filter((a) => a.name !== 'create').map((a) => button(a, false))}
        {onOpenBin && (
          <Button icon={<DeleteRowOutlined aria-hidden />} onClick={onOpenBin}>
            {t('bin', lang)}
          </Button>
        )}
        {selectedCount > 0 && (
          <Typography.Text type="secondary">{t('selected', lang, { count: selectedCount })}</Typography.Text>
        )}
      </Space>
      <Space>
        {extra}
        <Tooltip title={t('refresh', lang)}>
          <Button
            icon={<ReloadOutlined aria-hidden spin={refreshing} />}
            aria-label={t('refresh', lang)}
            onClick={onRefresh}
          />
        </Tooltip>
      </Space>
    </div>
  );
}
