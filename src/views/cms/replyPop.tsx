// Recipient configuration (spec §2 /replyPop): for each mailbox of the public site, the staff
// accounts that receive its messages and answer them, and the name each answer is signed with.

import { DeleteOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Empty, Input, Menu, Popconfirm, Row, Space } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Id } from '../../../runtime/client/resourceClient.ts';
import { queryKeys } from '../../../runtime/ui/queryKeys.ts';
import { RefSelect } from '../../../runtime/ui/RefSelect.tsx';
import { useAllRows } from '../../cms/useAllRows.ts';
import { useCmsClient } from '../../cms/useCmsClient.ts';
import { Unavailable } from '../../components/cms/Unavailable.tsx';
import { useT } from '../../i18n/useT.ts';

export default function ReplyPopPage() {
  const t = useT();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const repliers = useCmsClient('mailboxrepliers');
  const mailboxes = useCmsClient('mailboxtypes').client;
  const typeRows = useAllRows(mailboxes, 'orderNum');
  const replierRows = useAllRows(repliers.client, 'orderNum');
  const [userId, setUserId] = useState<Id | undefined>();
  const [signedAs, setSignedAs] = useState('');
  const [busy, setBusy] = useState(false);

  if (!repliers.client || !mailboxes) return <Unavailable />;
  const client = repliers.client;
  const types = typeRows.data?.rows ?? [];
  const typeId = params.get('typeId') ?? (types[0] ? String(types[0].id) : '');
  const rows = (replierRows.data?.rows ?? []).filter((row) => String(row.mailboxTypeId) === typeId);
  const userField = client.resource.fields.find((field) => field.name === 'userId');

  async function run(write: () => Promise<unknown>) {
    setBusy(true);
    try {
      await write();
      message.success(t('saved'));
      setUserId(undefined);
      setSignedAs('');
    } catch {
      // the HTTP client has shown why
    } finally {
      await queryClient.invalidateQueries({ queryKey: queryKeys.resource(client.resource.name) });
      setBusy(false);
    }
  }

  if (typeRows.isSuccess && types.length === 0) return <Empty description={t('noMailboxes')} />;
  return (
    <Row gutter={[16, 16]} data-testid="recipient-config">
      <Col xs={24} md={7}>
        <Card title={t('mailboxes')} loading={typeRows.isPending} styles={{ body: { padding: 0 } }}>
          <Menu
            selectedKeys={[typeId]}
            items={types.map((type) => ({ key: String(type.id), label: String(type.typeName) }))}
            onClick={({ key }) => setParams({ typeId: key })}
          />
        </Card>
      </Col>
      <Col xs={24} md={17}>
        <Card title={t('recipients')} loading={replierRows.isPending}>
          {rows.length === 0 ? (
            <Empty description={t('noRecipients')} />
          ) : (
            <ul className="ordered-rows">
              {rows.map((row) => (
                <li key={String(row.id)}>
                  <div className="ordered-rows-main">
                    <strong>{String(row.replierName)}</strong>
                    {row.email ? <span className="ordered-rows-note">{String(row.email)}</span> : null}
                  </div>
                  {repliers.canDelete && (
                    <Popconfirm
                      title={t('removeRecipient')}
                      onConfirm={() => run(() => client.remove(row.id))}
                    >
                      <Button icon={<DeleteOutlined />} aria-label={t('remove')} disabled={busy} danger />
                    </Popconfirm>
                  )}
                </li>
              ))}
            </ul>
          )}
          {repliers.canCreate && userField && (
            <Space.Compact style={{ width: '100%', marginTop: 16 }}>
              <RefSelect
                field={userField}
                value={userId}
                onChange={(value) => setUserId(value as Id | undefined)}
                placeholder={t('staffAccount')}
                style={{ width: '45%' }}
              />
              <Input
                value={signedAs}
                onChange={(event) => setSignedAs(event.target.value)}
                placeholder={t('signedAs')}
                aria-label={t('signedAs')}
                maxLength={50}
              />
              <Button
                type="primary"
                disabled={busy || userId === undefined || !signedAs.trim() || !typeId}
                onClick={() =>
                  run(() =>
                    client.create({
                      replierName: signedAs.trim(),
                      mailboxTypeId: typeId,
                      userId,
                      orderNum: (rows.length + 1) * 10,
                      status: 0,
                    }),
                  )
                }
              >
                {t('add')}
              </Button>
            </Space.Compact>
          )}
        </Card>
      </Col>
    </Row>
  );
}
