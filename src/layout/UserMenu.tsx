// The navbar's user menu (spec §2): personal centre, change password, the roles the user holds to
// switch between (spec §4 "Role switch"), and log out.

import { CaretDownOutlined, CheckOutlined } from '@ant-design/icons';
import { App, Avatar, Dropdown, type MenuProps } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useShallow } from 'zustand/react/shallow';
import { avatarUrl } from '../../runtime/ui/avatarUrl.ts';
import { HOME_PATH, LOGIN_PATH, PASSWORD_PATH, PROFILE_PATH } from '../config.ts';
import { useT } from '../i18n/useT.ts';
import { useSessionStore } from '../stores/session.ts';

const ROLE_KEY_PREFIX = 'role:';

export function UserMenu() {
  const { name, avatar, roleOptions, activeRole } = useSessionStore(
    useShallow((s) => ({
      name: s.name,
      avatar: s.avatar,
      roleOptions: s.roleOptions,
      activeRole: s.activeRole,
    })),
  );
  const navigate = useNavigate();
  const { message } = App.useApp();
  // Both held here: the role list is a sub-menu whose pop-up lives outside the dropdown, and on a
  // touch screen nothing moves away from it, so it would outlive its parent after a pick.
  const [open, setOpen] = useState(false);
  const [openKeys, setOpenKeys] = useState<string[]>([]);
  const close = () => {
    setOpen(false);
    setOpenKeys([]);
  };
  const t = useT();

  const items: MenuProps['items'] = [
    { key: PROFILE_PATH, label: t('personalCentre') },
    { key: PASSWORD_PATH, label: t('changePassword') },
    ...(roleOptions.length > 0
      ? [
          {
            key: 'switchRole',
            label: t('switchRole'),
            children: roleOptions.map((role) => ({
              key: `${ROLE_KEY_PREFIX}${role.roleKey}`,
              label: role.roleName,
              // the session's role cannot be switched to again
              disabled: role.roleKey === activeRole,
              icon: role.roleKey === activeRole ? <CheckOutlined aria-hidden /> : undefined,
            })),
          },
        ]
      : []),
    { type: 'divider' },
    { key: 'logout', label: t('logout') },
  ];

  async function onClick({ key }: { key: string }) {
    close();
    if (key.startsWith(ROLE_KEY_PREFIX)) {
      try {
        await useSessionStore.getState().switchRole(key.slice(ROLE_KEY_PREFIX.length));
        message.success(t('roleSwitched'));
        navigate(HOME_PATH, { replace: true });
      } catch {
        // the HTTP client has shown why
      }
      return;
    }
    if (key !== 'logout') {
      navigate(key);
      return;
    }
    try {
      await useSessionStore.getState().logout();
    } catch {
      // the session is cleared here whatever the server said; the HTTP client has shown it
    }
    navigate(LOGIN_PATH, { replace: true });
  }

  return (
    <Dropdown
      trigger={['click']}
      open={open}
      onOpenChange={(next) => (next ? setOpen(true) : close())}
      destroyOnHidden
      menu={{ items, onClick, openKeys, onOpenChange: setOpenKeys }}
    >
      <button type="button" className="avatar-wrapper" data-testid="user-menu">
        <Avatar size={32} src={avatarUrl(avatar)} alt="" />
        <span className="user-name">{name}</span>
        <CaretDownOutlined aria-hidden />
      </button>
    </Dropdown>
  );
}
