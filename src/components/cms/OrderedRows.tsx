// The configuration pages' list of rows in their public order: move a row up or down, show or
// hide it on the site. Each change is saved at once through the resource's update call.

import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Space, Switch } from 'antd';
import { type ReactNode, useState } from 'react';
import type { ResourceClient, Row } from '../../../runtime/client/resourceClient.ts';
import { queryKeys } from '../../../runtime/ui/queryKeys.ts';
import { reorder } from '../../cms/reorder.ts';
import { updateRow } from '../../cms/updateRow.ts';
import { useT } from '../../i18n/useT.ts';

export interface OrderedRowsProps {
  client: ResourceClient;
  /** already in their order (orderNum ascending) */
  rows: Row[];
  renderRow(row: Row): ReactNode;
  /** the user may update rows; without it the list only shows */
  editable: boolean;
}

/** status 0 is shown on the site, 1 hidden, in every resource these pages order */
const SHOWN = 0;
const HIDDEN = 1;

export function OrderedRows({ client, rows, renderRow, editable }: OrderedRowsProps) {
  const t = useT();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  async function save(changes: Array<{ row: Row; values: Record<string, unknown> }>) {
    setBusy(true);
    try {
      for (const { row, values } of changes) await updateRow(client, row, values);
      message.success(t('saved'));
    } catch {
      // the HTTP client has shown why; the list is read again below either way
    } finally {
      await queryClient.invalidateQueries({ queryKey: queryKeys.resource(client.resource.name) });
      setBusy(false);
    }
  }

  const move = (row: Row, step: -1 | 1) =>
    save(
      reorder(rows, row.id, step).map(({ row: moved, orderNum }) => ({ row: moved, values: { orderNum } })),
    );

  return (
    <ul className="ordered-rows">
      {rows.map((row, index) => (
        <li key={String(row.id)}>
          <div className="ordered-rows-main">{renderRow(row)}</div>
          <Switch
            checked={row.status === SHOWN}
            disabled={!editable || busy}
            checkedChildren={t('shown')}
            unCheckedChildren={t('hidden')}
            onChange={(checked) => save([{ row, values: { status: checked ? SHOWN : HIDDEN } }])}
          />
          <Space.Compact>
            <Button
              icon={<ArrowUpOutlined />}
              aria-label={t('moveUp')}
              disabled={!editable || busy || index === 0}
              onClick={() => move(row, -1)}
            />
            <Button
              icon={<ArrowDownOutlined />}
              aria-label={t('moveDown')}
              disabled={!editable || busy || index === rows.length - 1}
              onClick={() => move(row, 1)}
            />
          </Space.Compact>
        </li>
      ))}
    </ul>
  );
}
