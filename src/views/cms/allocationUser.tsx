// Assign users (spec §2 /allocationUser?roleId=…): which users hold a role, changed by moving
// them between the two lists. A user's other roles are kept: each changed user is saved with
// their own role list, the chosen role added or taken out.

import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Select, Space, Transfer } from 'antd';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Id, Row } from '../../../runtime/client/resourceClient.ts';
import { queryKeys } from '../../../runtime/ui/queryKeys.ts';
import { updateRow } from '../../cms/updateRow.ts';
import { useAllRows } from '../../cms/useAllRows.ts';
import { useCmsClient } from '../../cms/useCmsClient.ts';
import { Unavailable } from '../../components/cms/Unavailable.tsx';
import { useT } from '../../i18n/useT.ts';

function roleIdsOf(user: Row): Id[] {
  return Array.isArray(user.roleIds) ? (user.roleIds as Id[]) : [];
}

/** The users whose role list must change for exactly `holders` to hold `roleId`, with their new lists. */
export function roleChanges(users: readonly Row[], roleId: Id, holders: ReadonlySet<string>) {
  return users.flatMap((user) => {
    const roles = roleIdsOf(user);
    const holds = roles.some((id) => String(id) === String(roleId));
    const shouldHold = holders.has(String(user.id));
    if (holds === shouldHold) return [];
    const next = shouldHold ? [...roles, roleId] : roles.filter((id) => String(id) !== String(roleId));
    return [{ user, roleIds: next }];
  });
}

export default function AllocationUserPage() {
  const t = useT();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const roleId = params.get('roleId') ?? '';
  const users = useCmsClient('users');
  const roles = useCmsClient('roles').client;
  const userRows = useAllRows(users.client, 'userName');
  const roleRows = useAllRows(roles, 'sortOrder');
  // the holders as the user arranges them, until saved; null = as the server has it
  const [edited, setEdited] = useState<string[] | null>(null);
  const [saving, setSaving] = useState(false);

  const allUsers = userRows.data?.rows ?? [];
  const holders = useMemo(
    () =>
      allUsers.filter((user) => roleIdsOf(user).some((id) => String(id) === roleId)).map((u) => String(u.id)),
    [allUsers, roleId],
  );
  const targetKeys = edited ?? holders;

  if (!users.client || !roles) return <Unavailable />;
  const client = users.client;

  async function save() {
    const changes = roleChanges(allUsers, roleId, new Set(targetKeys));
    setSaving(true);
    try {
      for (const { user, roleIds } of changes) await updateRow(client, user, { roleIds });
      message.success(t('saved'));
      setEdited(null);
    } catch {
      // the HTTP client has shown why
    } finally {
      await queryClient.invalidateQueries({ queryKey: queryKeys.resource('users') });
      setSaving(false);
    }
  }

  return (
    <Card
      title={t('assignUsers')}
      extra={
        <Space>
          <Select
            style={{ minWidth: 200 }}
            placeholder={t('chooseRole')}
            aria-label={t('chooseRole')}
            loading={roleRows.isPending}
            value={roleId || undefined}
            options={(roleRows.data?.rows ?? []).map((role) => ({
              value: String(role.id),
              label: String(role.roleName),
            }))}
            onChange={(value: string) => {
              setEdited(null);
              setParams({ roleId: value });
            }}
          />
          <Button
            type="primary"
            loading={saving}
            disabled={!roleId || !users.canUpdate || edited === null}
            onClick={save}
          >
            {t('save')}
          </Button>
        </Space>
      }
      data-testid="assign-users"
    >
      <Transfer
        dataSource={allUsers.map((user) => ({
          key: String(user.id),
          title: `${String(user.realName ?? '')} (${String(user.userName)})`,
        }))}
        titles={[t('usersWithoutRole'), t('usersWithRole')]}
        targetKeys={roleId ? targetKeys : []}
        render={(item) => item.title}
        showSearch
        disabled={!roleId || !users.canUpdate || saving}
        onChange={(keys) => setEdited(keys.map(String))}
        styles={{ section: { width: '100%', height: 420 } }}
      />
    </Card>
  );
}
