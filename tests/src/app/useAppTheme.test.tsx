import { act, render } from '@testing-library/react';
import { theme } from 'antd';
import { beforeEach, describe, expect, it } from 'vitest';
import { antdThemeOf, themeVariables, useAppTheme } from '../../../src/app/useAppTheme.ts';
import { DEFAULT_SETTINGS, SETTINGS_STORAGE_KEY, useSettingsStore } from '../../../src/stores/settings.ts';

function Probe({ onTheme }: { onTheme(value: ReturnType<typeof useAppTheme>): void }) {
  onTheme(useAppTheme());
  return null;
}

describe('settings applied live (spec §2 settings panel)', () => {
  beforeEach(() => {
    localStorage.clear();
    useSettingsStore.setState(DEFAULT_SETTINGS);
  });

  it("defaults to the spec's colours: theme 409EFF, menu #304156, sub-menu #1f2d3d", () => {
    expect(DEFAULT_SETTINGS).toMatchObject({ theme: '#409EFF', menuBg: '#304156', subMenuBg: '#1f2d3d' });
  });

  it('defaults to the settings panel shown, tab bar on, fixed header on, sidebar logo off', () => {
    expect(DEFAULT_SETTINGS).toMatchObject({
      showSettings: true,
      tagsView: true,
      fixedHeader: true,
      sidebarLogo: false,
      darkMode: false,
    });
  });

  it('gives antd the theme colour as its primary token, and the dark algorithm in dark mode', () => {
    const light = antdThemeOf({ ...DEFAULT_SETTINGS, theme: '#13c2c2' });
    expect(light.token?.colorPrimary).toBe('#13c2c2');
    expect(light.algorithm).toBe(theme.defaultAlgorithm);
    expect(antdThemeOf({ ...DEFAULT_SETTINGS, darkMode: true }).algorithm).toBe(theme.darkAlgorithm);
  });

  it('writes the colours to <html> as CSS variables as they change, and the colour scheme', () => {
    let latest: ReturnType<typeof useAppTheme> | undefined;
    render(<Probe onTheme={(value) => (latest = value)} />);
    act(() => {
      useSettingsStore.getState().changeSetting('menuBg', '#001529');
      useSettingsStore.getState().changeSetting('theme', '#eb2f96');
      useSettingsStore.getState().changeSetting('darkMode', true);
    });
    const root = document.documentElement;
    expect(root.style.getPropertyValue('--menu-bg')).toBe('#001529');
    expect(root.style.getPropertyValue('--theme-color')).toBe('#eb2f96');
    expect(root.dataset.theme).toBe('dark');
    expect(latest?.token?.colorPrimary).toBe('#eb2f96');
    expect(themeVariables({ ...DEFAULT_SETTINGS })['--sub-menu-bg']).toBe('#1f2d3d');
  });

  it('remembers the settings in localStorage', () => {
    useSettingsStore.getState().changeSetting('sidebarLogo', true);
    const stored = JSON.parse(localStorage.getItem(SETTINGS_STORAGE_KEY) ?? '{}');
    expect(stored.state).toMatchObject({ sidebarLogo: true, theme: '#409EFF' });
    expect(stored.state).not.toHaveProperty('changeSetting');
  });
});
