// Recipient configuration (spec §2 /replyPop): for each mailbox of the public site, the staff
// accounts that receive its messages and answer them, and the name each answer is signed with.
// Every change is one call: add a recipient, move recipients up or down (reorder), move the
// ticked ones to another mailbox (batch update of their mailbox), remove the ticked ones (batch
// delete); the server does each in one transaction. Mailboxes and recipients are read a page at a
// time.

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Empty, Flex, Input, Menu, Pagination, Popconfirm, Row, Space } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Id, ListParams } from '../../../runtime/client/resourceClient.ts';
import { queryKeys } from '../../../runtime/ui/queryKeys.ts';
import { RefSelect } from '../../../runtime/ui/RefSelect.tsx';
import { useCmsClient } from '../../cms/useCmsClient.ts';
import { OrderedRows } from '../../components/cms/OrderedRows.tsx';
import { Unavailable } from '../../components/cms/Unavailable.tsx';
import { useT } from '../../i18n/useT.ts';
import { useCan } from '../../stores/useCan.ts';

/** Mailboxes the menu lists at a time. */
export const MAILBOX_PAGE_SIZE = 50;
/** The gap a new recipient leaves after the last one, as fresh positions are numbered. */
const ORDER_STEP = 10;

export default function ReplyPopPage() {
  const t = useT();
  const can = useCan();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const repliers = useCmsClient('mailboxrepliers');
  const mailboxes = useCmsClient('mailboxtypes').client;
  const [mailboxPage, setMailboxPage] = useState(1);
  const [userId, setUserId] = useState<Id | undefined>();
  const [signedAs, setSignedAs] = useState('');
  const [selected, setSelected] = useState<Id[]>([]);
  const [target, setTarget] = useState<Id | undefined>();

  const typeParams: ListParams = {
    page: mailboxPage,
    limit: MAILBOX_PAGE_SIZE,
    sort: mailboxes?.resource.order?.field,
  };
  const typeRows = useQuery({
    queryKey: queryKeys.list(mailboxes?.resource.name ?? '', typeParams),
    queryFn: ({ signal }) => mailboxes!.list(typeParams, { signal }),
    enabled: Boolean(mailboxes),
    placeholderData: keepPreviousData,
  });

  const write = useMutation({
    mutationFn: (run: () => Promise<string>) => run(),
    onSuccess: (text) => {
      message.success(text);
      setSelected([]);
    },
    // the HTTP client has shown why; the lists are read again either way
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.resource(repliers.client?.resource.name ?? '') }),
  });

  if (!repliers.client || !mailboxes) return <Unavailable />;
  const client = repliers.client;
  const types = typeRows.data?.rows ?? [];
  const typeId = params.get('typeId') ?? (types[0] ? String(types[0].id) : '');
  const field = (name: string) => client.resource.fields.find((f) => f.name === name);
  const userField = field('userId');
  const mailboxField = field('mailboxTypeId');
  const allowed = (name: string) => {
    const action = client.resource.actions.find((a) => a.name === name);
    return Boolean(action && can(action.permission));
  };
  const busy = write.isPending;
  const run = (task: () => Promise<string>) => write.mutateAsync(task).catch(() => undefined);

  /** A new recipient goes after the mailbox's last one. */
  const add = async () => {
    const order = client.resource.order?.field ?? 'orderNum';
    const last = await client.list({
      page: 1,
      limit: 1,
      sort: `-${order}`,
      filters: { mailboxTypeId: typeId },
    });
    const max = Number(last.rows[0]?.[order] ?? 0);
    const limit = field(order)?.maximum ?? Number.MAX_SAFE_INTEGER;
    await client.create({
      replierName: signedAs.trim(),
      mailboxTypeId: typeId,
      userId,
      [order]: Math.min(max + ORDER_STEP, limit),
      status: 0,
    });
    setUserId(undefined);
    setSignedAs('');
    return t('saved');
  };

  if (typeRows.isPending) return <Card loading />;
  if (typeRows.isSuccess && (typeRows.data.total ?? 0) === 0) return <Empty description={t('noMailboxes')} />;
  return (
    <Row gutter={[16, 16]} data-testid="recipient-config">
      <Col xs={24} md={7}>
        {/* the list as wide as the card, with the card's breathing room above and below it */}
        <Card title={t('mailboxes')} styles={{ body: { padding: '8px 0' } }}>
          <Menu
            style={{ borderInlineEnd: 'none' }}
            selectedKeys={[typeId]}
            items={types.map((type) => ({ key: String(type.id), label: String(type.typeName) }))}
            onClick={({ key }) => {
              setSelected([]);
              setParams({ typeId: key });
            }}
          />
          {(typeRows.data?.total ?? 0) > MAILBOX_PAGE_SIZE && (
            <Pagination
              simple
              size="small"
              align="center"
              current={mailboxPage}
              pageSize={MAILBOX_PAGE_SIZE}
              total={typeRows.data?.total ?? 0}
              onChange={setMailboxPage}
            />
          )}
        </Card>
      </Col>
      <Col xs={24} md={17}>
        <Card title={t('recipients')}>
          {typeId && (
            <OrderedRows
              key={typeId}
              client={client}
              filters={{ mailboxTypeId: typeId }}
              empty={t('noRecipients')}
              selection={
                allowed('batchDelete') || allowed('batchUpdate')
                  ? { selected, onChange: setSelected }
                  : undefined
              }
              renderRow={(row, label) => (
                <>
                  <strong>{String(row.replierName)}</strong>{' '}
                  <span className="ordered-rows-note">
                    {label('userId')}
                    {row.email ? ` · ${String(row.email)}` : ''}
                  </span>
                </>
              )}
            />
          )}
          {selected.length > 0 && (
            <Space wrap style={{ marginTop: 16 }} data-testid="recipient-batch">
              <span>{t('selectedCount', { count: selected.length })}</span>
              {allowed('batchUpdate') && mailboxField && (
                <Space.Compact>
                  <RefSelect
                    field={mailboxField}
                    value={target}
                    onChange={(value) => setTarget(value as Id | undefined)}
                    placeholder={t('moveToMailbox')}
                    style={{ minWidth: 160 }}
                  />
                  <Button
                    disabled={busy || target === undefined || String(target) === typeId}
                    onClick={() =>
                      run(async () => {
                        const { count } = await client.updateMany(selected, { mailboxTypeId: target });
                        return t('movedToMailbox', { count });
                      })
                    }
                  >
                    {t('moveToMailbox')}
                  </Button>
                </Space.Compact>
              )}
              {allowed('batchDelete') && (
                <Popconfirm
                  title={t('removeRecipients')}
                  onConfirm={() =>
                    run(async () => {
                      const { count } = await client.removeMany(selected);
                      return t('removedCount', { count });
                    })
                  }
                >
                  <Button danger disabled={busy}>
                    {t('removeSelected')}
                  </Button>
                </Popconfirm>
              )}
            </Space>
          )}
          {repliers.canCreate && userField && typeId && (
            // one line where there is room; on a phone the account, the name and the button wrap
            <Flex wrap gap="small" style={{ marginTop: 16 }}>
              <RefSelect
                field={userField}
                value={userId}
                onChange={(value) => setUserId(value as Id | undefined)}
                placeholder={t('staffAccount')}
                style={{ flex: '1 1 200px', minWidth: 0 }}
              />
              <Input
                value={signedAs}
                onChange={(event) => setSignedAs(event.target.value)}
                placeholder={t('signedAs')}
                aria-label={t('signedAs')}
                maxLength={50}
                style={{ flex: '1 1 200px', width: 'auto' }}
              />
              <Button
                type="primary"
                disabled={busy || userId === undefined || !signedAs.trim()}
                onClick={() => run(add)}
              >
                {t('add')}
              </Button>
            </Flex>
          )}
        </Card>
      </Col>
    </Row>
  );
}
