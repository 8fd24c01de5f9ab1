import { SettingOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useT } from '../i18n/useT.ts';
import { useAppStore } from '../stores/app.ts';
import { useSettingsStore } from '../stores/settings.ts';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { FullscreenToggle } from './FullscreenToggle.tsx';
import { Hamburger } from './Hamburger.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { UserMenu } from './UserMenu.tsx';

export interface NavbarProps {
  onOpenSettings(): void;
}

export function Navbar({ onOpenSettings }: NavbarProps) {
  const opened = useAppStore((s) => s.sidebar.opened);
  const toggleSidebar = useAppStore((s) => s.toggleSidebar);
  const showSettings = useSettingsStore((s) => s.showSettings);
  const t = useT();

  return (
    <header className="navbar" data-testid="navbar">
      <Hamburger active={opened} label={t('toggleSidebar')} onToggle={toggleSidebar} />
      <Breadcrumbs />
      <div className="right-menu">
        <FullscreenToggle />
        <LanguageSwitch />
        {showSettings && (
          <Button
            type="text"
            icon={<SettingOutlined aria-hidden />}
            aria-label={t('settings')}
            data-testid="settings-button"
            onClick={onOpenSettings}
          />
        )}
        <UserMenu />
      </div>
    </header>
  );
}
