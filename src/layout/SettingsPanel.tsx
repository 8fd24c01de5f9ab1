// Spec §2 "settings panel" and §3 "Settings": the colours and toggles of the shell, applied as
// they change (useAppTheme) and remembered (the settings store).

import { Button, ColorPicker, Divider, Drawer, Switch } from 'antd';
import { useShallow } from 'zustand/react/shallow';
import { COLORS } from '../config.ts';
import { useT } from '../i18n/useT.ts';
import { type Settings, useSettingsStore } from '../stores/settings.ts';
import { SettingsRow } from './SettingsRow.tsx';

export interface SettingsPanelProps {
  open: boolean;
  onClose(): void;
}

type ColourKey = keyof Pick<Settings, 'theme' | 'menuBg' | 'subMenuBg'>;
type ToggleKey = keyof Pick<Settings, 'sidebarLogo' | 'tagsView' | 'fixedHeader' | 'darkMode'>;

// The spec's colours first, then a few that keep the menu text (#bfcbd9) readable.
const PRESETS: Record<ColourKey, string[]> = {
  theme: [COLORS.theme, '#1890ff', COLORS.homeTheme, '#13c2c2', '#52c41a', '#fa541c', '#eb2f96'],
  menuBg: [COLORS.menuBg, '#001529', '#1f2d3d', '#2b2f3a', '#3a2c4b', '#0f3d3e'],
  subMenuBg: [COLORS.subMenuBg, COLORS.subMenuHover, '#000c17', '#22262e', '#2d2238', '#0b2e2f'],
};

export default function SettingsPanel({ open, onClose }: SettingsPanelProps) {
  const t = useT();
  const settings = useSettingsStore(
    useShallow((s) => ({
      theme: s.theme,
      menuBg: s.menuBg,
      subMenuBg: s.subMenuBg,
      sidebarLogo: s.sidebarLogo,
      tagsView: s.tagsView,
      fixedHeader: s.fixedHeader,
      darkMode: s.darkMode,
    })),
  );
  const changeSetting = useSettingsStore((s) => s.changeSetting);
  const resetSettings = useSettingsStore((s) => s.resetSettings);

  const colour = (key: ColourKey) => (
    <ColorPicker
      value={settings[key]}
      disabledAlpha
      showText
      presets={[{ label: t('presetColours'), colors: PRESETS[key] }]}
      onChangeComplete={(value) => changeSetting(key, value.toHexString())}
      data-testid={`setting-${key}`}
    />
  );
  const toggle = (key: ToggleKey) => (
    <Switch
      checked={settings[key]}
      onChange={(checked) => changeSetting(key, checked)}
      data-testid={`setting-${key}`}
    />
  );

  return (
    <Drawer open={open} onClose={onClose} title={t('settings')} size={320}>
      <div data-testid="settings-panel">
        <SettingsRow label={t('themeColor')}>{colour('theme')}</SettingsRow>
        <SettingsRow label={t('menuBg')}>{colour('menuBg')}</SettingsRow>
        <SettingsRow label={t('subMenuBg')}>{colour('subMenuBg')}</SettingsRow>
        <Divider />
        <SettingsRow label={t('tagsView')}>{toggle('tagsView')}</SettingsRow>
        <SettingsRow label={t('fixedHeader')}>{toggle('fixedHeader')}</SettingsRow>
        <SettingsRow label={t('sidebarLogo')}>{toggle('sidebarLogo')}</SettingsRow>
        <SettingsRow label={t('darkMode')}>{toggle('darkMode')}</SettingsRow>
        <Divider />
        <Button block onClick={resetSettings}>
          {t('resetSettings')}
        </Button>
      </div>
    </Drawer>
  );
}
