// The toolbar's column settings: a checkbox per data column to show or hide it, and a reset
// that shows them all again. Visibility is react-table state, which the page remembers per
// resource (useColumnVisibility); the actions column cannot be hidden.
import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Popover, Space, Tooltip } from 'antd';
import type { Lang } from '../schema/types.ts';
import { t } from './i18n.ts';
import type { ColumnLayout, ListTable } from './listTable.ts';

export interface ColumnSettingsProps {
  table: ListTable;
  /** column id → its header (buildListColumns) */
  layout: Readonly<Record<string, ColumnLayout>>;
  lang: Lang;
}

export function ColumnSettings({ table, layout, lang }: ColumnSettingsProps) {
  const columns = table.getAllLeafColumns().filter((column) => column.getCanHide());
  const title = (
    <Space style={{ display: 'flex', justifyContent: 'space-between' }}>
      {t('columns', lang)}
      <Button
        type="link"
        size="small"
        disabled={columns.every((column) => column.getIsVisible())}
        onClick={() => table.setColumnVisibility({})}
      >
        {t('reset', lang)}
      </Button>
    </Space>
  );
  const content = (
    <Space orientation="vertical">
      {columns.map((column) => (
        <Checkbox
          key={column.id}
          checked={column.getIsVisible()}
          onChange={(e) => column.toggleVisibility(e.target.checked)}
        >
          {layout[column.id]?.title ?? column.id}
        </Checkbox>
      ))}
    </Space>
  );
  return (
    <Popover content={content} trigger="click" placement="bottomRight" title={title}>
      <Tooltip title={t('columns', lang)}>
        <Button icon={<SettingOutlined aria-hidden />} aria-label={t('columns', lang)} />
      </Tooltip>
    </Popover>
  );
}
