// The settings panel's colours, applied live: antd reads them as theme tokens (so every primary
// button, link and focus ring follows the theme colour, and dark mode switches antd's algorithm),
// and the shell's own CSS reads them as variables on <html> (sidebar, tab strip).

import { theme as antdTheme, type ThemeConfig } from 'antd';
import { useEffect, useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { type Settings, useSettingsStore } from '../stores/settings.ts';
import { FONT_FAMILY } from './fontFamily.ts';

type Look = Pick<Settings, 'theme' | 'menuBg' | 'subMenuBg' | 'darkMode'>;

/** The CSS variables layout.css reads. */
export function themeVariables(look: Look): Record<string, string> {
  return {
    '--theme-color': look.theme,
    '--menu-bg': look.menuBg,
    '--sub-menu-bg': look.subMenuBg,
  };
}

export function antdThemeOf(look: Look): ThemeConfig {
  return {
    token: { colorPrimary: look.theme, colorLink: look.theme, fontFamily: FONT_FAMILY },
    algorithm: look.darkMode ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
    zeroRuntime: true,
  };
}

/** Writes the variables and the colour scheme to <html>, and returns antd's theme config. */
export function useAppTheme(): ThemeConfig {
  const look = useSettingsStore(
    useShallow((s) => ({ theme: s.theme, menuBg: s.menuBg, subMenuBg: s.subMenuBg, darkMode: s.darkMode })),
  );

  useEffect(() => {
    const root = document.documentElement;
    for (const [name, value] of Object.entries(themeVariables(look))) root.style.setProperty(name, value);
    root.dataset.theme = look.darkMode ? 'dark' : 'light';
    root.style.colorScheme = look.darkMode ? 'dark' : 'light';
  }, [look]);

  return useMemo(() => antdThemeOf(look), [look]);
}
