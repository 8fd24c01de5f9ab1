// Assign users (spec §2 /allocationUser?roleId=…): pick a role, then the users without it and
// those with it side by side, each searched by the server and read a page at a time, so the page
// works the same with ten users or a hundred thousand. Ticked users move to the other side in one
// call (PUT /api/sys/roles/{id}/users), which keeps their other roles and which the server checks
// against the grant rules (docs/security.md) as one transaction.

import { ArrowDownOutlined, ArrowLeftOutlined, ArrowRightOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Empty, Flex, Grid, Row, Space } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { permissionCode } from '../../../runtime/schema/manifest.ts';
import { queryKeys } from '../../../runtime/ui/queryKeys.ts';
import { RefSelect } from '../../../runtime/ui/RefSelect.tsx';
import { changeRoleUsers } from '../../api/roleUsers.ts';
import { useCmsClient } from '../../cms/useCmsClient.ts';
import { RoleUsersPanel, roleUsersKey } from '../../components/cms/RoleUsersPanel.tsx';
import { Unavailable } from '../../components/cms/Unavailable.tsx';
import { useT } from '../../i18n/useT.ts';
import { useCan } from '../../stores/useCan.ts';

export default function AllocationUserPage() {
  const t = useT();
  const can = useCan();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const roleId = params.get('roleId') ?? '';
  const users = useCmsClient('users').client;
  const roles = useCmsClient('roles').client;
  const [adding, setAdding] = useState<number[]>([]);
  const [removing, setRemoving] = useState<number[]>([]);
  // side by side on a wide screen, one above the other on a narrow one: the arrows point the way
  const stacked = !Grid.useBreakpoint().lg;

  const change = useMutation({
    mutationFn: (body: { add?: number[]; remove?: number[] }) => changeRoleUsers(roleId, body),
    onSuccess: ({ added, removed }) => {
      message.success(added > 0 ? t('roleGiven', { count: added }) : t('roleTaken', { count: removed }));
      setAdding([]);
      setRemoving([]);
    },
    // the HTTP client has shown why a refusal; both sides and the users list are read again
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: roleUsersKey(roleId) });
      if (users) await queryClient.invalidateQueries({ queryKey: queryKeys.resource(users.resource.name) });
    },
  });

  if (!users || !roles) return <Unavailable />;
  // role assignment is its own permission where the schema has it (the server decides the same way)
  const assign = users.resource.actions.find((a) => a.name === 'assignRoles');
  const mayAssign = can(assign ? assign.permission : permissionCode(users.resource, 'update'));
  const roleField = users.resource.fields.find((f) => f.name === 'roleIds');
  const busy = change.isPending;
  const choose = (value: string) => {
    setAdding([]);
    setRemoving([]);
    setParams(value ? { roleId: value } : {});
  };

  return (
    <Card title={t('assignUsers')} data-testid="assign-users">
      {/* the role above the lists rather than in the card's head, where a phone has no room for it
          beside the title */}
      {roleField && (
        <Flex wrap gap="small" style={{ marginBottom: 16 }}>
          <RefSelect
            field={{ ...roleField, multiple: false }}
            value={roleId ? Number(roleId) : undefined}
            onChange={(value) => choose(value === undefined ? '' : String(value))}
            placeholder={t('chooseRole')}
            aria-label={t('chooseRole')}
            style={{ flex: '1 1 200px', maxWidth: 320 }}
          />
        </Flex>
      )}
      {!roleId ? (
        <Empty description={t('chooseRoleFirst')} />
      ) : (
        <Row gutter={[16, 16]} key={roleId}>
          <Col xs={24} lg={11}>
            <RoleUsersPanel
              roleId={roleId}
              holding={false}
              title={t('usersWithoutRole')}
              selected={adding}
              onSelect={setAdding}
              disabled={!mayAssign || busy}
            />
          </Col>
          <Col xs={24} lg={2} style={{ alignSelf: 'center' }}>
            <Space
              orientation={stacked ? 'horizontal' : 'vertical'}
              align="center"
              style={{ width: '100%', justifyContent: 'center' }}
            >
              <Button
                type="primary"
                icon={stacked ? <ArrowDownOutlined aria-hidden /> : <ArrowRightOutlined aria-hidden />}
                aria-label={t('giveRole')}
                title={t('giveRole')}
                disabled={!mayAssign || adding.length === 0}
                loading={busy && adding.length > 0}
                onClick={() => change.mutate({ add: adding })}
              />
              <Button
                icon={stacked ? <ArrowUpOutlined aria-hidden /> : <ArrowLeftOutlined aria-hidden />}
                aria-label={t('takeRole')}
                title={t('takeRole')}
                disabled={!mayAssign || removing.length === 0}
                loading={busy && removing.length > 0}
                onClick={() => change.mutate({ remove: removing })}
              />
            </Space>
          </Col>
          <Col xs={24} lg={11}>
            <RoleUsersPanel
              roleId={roleId}
              holding
              title={t('usersWithRole')}
              selected={removing}
              onSelect={setRemoving}
              disabled={!mayAssign || busy}
            />
          </Col>
        </Row>
      )}
    </Card>
  );
}
