// One side of the assign-users page: the users who hold a role, or those who do not, searched by
// the server (user name or name) and read a page at a time, with a tick per row for the move to
// the other side. However many users there are, the page holds one page of each side.

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Input, Table, Tag } from 'antd';
import { useState } from 'react';
import { useDebounce } from 'use-debounce';
import { type RoleUser, roleUsersPage } from '../../api/roleUsers.ts';
import { useT } from '../../i18n/useT.ts';

/** Users a side shows at a time. */
export const ROLE_USERS_PAGE_SIZE = 10;
/** How long typing pauses before the server is asked. */
const SEARCH_DEBOUNCE_MS = 300;

/** Where the react-query cache keeps a role's users; a change of holders invalidates it. */
export const roleUsersKey = (roleId: string) => ['roleUsers', roleId] as const;

export interface RoleUsersPanelProps {
  roleId: string;
  holding: boolean;
  title: string;
  selected: number[];
  onSelect(ids: number[]): void;
  disabled: boolean;
}

export function RoleUsersPanel({
  roleId,
  holding,
  title,
  selected,
  onSelect,
  disabled,
}: RoleUsersPanelProps) {
  const t = useT();
  const [typed, setTyped] = useState('');
  const [search] = useDebounce(typed.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const query = { holding, search, page, limit: ROLE_USERS_PAGE_SIZE };
  const users = useQuery({
    queryKey: [...roleUsersKey(roleId), query],
    queryFn: ({ signal }) => roleUsersPage(roleId, query, signal),
    placeholderData: keepPreviousData,
  });
  const total = users.data?.total ?? 0;

  return (
    <Card
      size="small"
      title={title}
      extra={<span className="ordered-rows-note">{total}</span>}
      data-testid={holding ? 'role-holders' : 'role-others'}
    >
      <Input.Search
        allowClear
        placeholder={t('searchUsers')}
        aria-label={`${title}: ${t('searchUsers')}`}
        value={typed}
        onChange={(event) => {
          setTyped(event.target.value);
          setPage(1);
        }}
        style={{ marginBottom: 8 }}
      />
      <Table<RoleUser>
        size="small"
        rowKey="id"
        loading={users.isFetching}
        dataSource={users.data?.rows ?? []}
        columns={[
          { title: t('userName'), dataIndex: 'userName', ellipsis: true },
          {
            title: t('realName'),
            dataIndex: 'realName',
            ellipsis: true,
            render: (name: string, user) => (
              <>
                {name} {user.status !== 0 && <Tag color="red">{t('frozen')}</Tag>}
              </>
            ),
          },
        ]}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => onSelect(keys.map(Number)),
          getCheckboxProps: () => ({ disabled }),
          preserveSelectedRowKeys: true,
        }}
        pagination={{
          current: page,
          pageSize: ROLE_USERS_PAGE_SIZE,
          total,
          size: 'small',
          showSizeChanger: false,
          hideOnSinglePage: true,
          onChange: setPage,
        }}
      />
    </Card>
  );
}
