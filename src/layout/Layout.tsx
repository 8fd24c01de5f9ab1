// The shell most pages sit in (spec §2 "Page frame"): sidebar, navbar with breadcrumbs, tab
// strip, and the content area. Loaded after sign-in, with what only signed-in pages need: antd's
// App (toasts and the login-expired confirm, FeedbackBridge), the manifest the pages are made
// from (ManifestGate), dayjs following the language; the settings panel (colour pickers) only
// once opened.

import { App } from 'antd';
import { lazy, Suspense, useDeferredValue, useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { AntdProvider } from '../app/AntdProvider.tsx';
import { FeedbackBridge } from '../app/FeedbackBridge.tsx';
import { followLanguage } from '../i18n/dayjsLocale.ts';
import { useAppStore } from '../stores/app.ts';
import { useSettingsStore } from '../stores/settings.ts';
import { AppMain } from './AppMain.tsx';
import { ManifestGate } from './ManifestGate.tsx';
import { Navbar } from './Navbar.tsx';
import { Sidebar } from './Sidebar.tsx';
import { TagsView } from './TagsView.tsx';
import { useDeviceWatch } from './useDeviceWatch.ts';

const SettingsPanel = lazy(() => import('./SettingsPanel.tsx'));

/**
 * The page, drawn in the render after the shell's first: the two are two commits, each of them a
 * frame, where the whole was one task of 135–165 ms (docs/benchmarks.md, "Tree tables"). The
 * deferred value is held here, not in the shell: the render that draws the page then starts at
 * this component and leaves the side menu, the navbar and the tabs as they were, where from the
 * shell it drew them all again in the page's commit.
 */
function PageArea() {
  const pageDrawn = useDeferredValue(true, false);
  return pageDrawn ? (
    <ManifestGate>
      <AppMain />
    </ManifestGate>
  ) : (
    <main className="app-main" />
  );
}

export default function Layout() {
  useDeviceWatch();
  useEffect(() => followLanguage(), []);
  const { sidebar, device, closeSidebar } = useAppStore(
    useShallow((s) => ({ sidebar: s.sidebar, device: s.device, closeSidebar: s.closeSidebar })),
  );
  const { tagsView, fixedHeader } = useSettingsStore(
    useShallow((s) => ({ tagsView: s.tagsView, fixedHeader: s.fixedHeader })),
  );
  const [settingsOpen, setSettingsOpen] = useState(false);
  // once opened the panel stays mounted, so its drawer can animate closed
  const [settingsLoaded, setSettingsLoaded] = useState(false);
  const mobile = device === 'mobile';

  const classes = [
    'app-wrapper',
    sidebar.opened ? 'openSidebar' : 'hideSidebar',
    sidebar.withoutAnimation && 'withoutAnimation',
    mobile && 'mobile',
    tagsView && 'hasTagsView',
    fixedHeader && 'fixedHeader',
  ].filter(Boolean);

  return (
    <AntdProvider>
      <App>
        <FeedbackBridge />
        <div className={classes.join(' ')} data-device={device}>
          {mobile && sidebar.opened && (
            <div className="drawer-bg" data-testid="drawer-bg" onClick={() => closeSidebar(false)} />
          )}
          <Sidebar />
          <div className="main-container">
            <div className={fixedHeader ? 'fixed-header' : undefined}>
              <Navbar
                onOpenSettings={() => {
                  setSettingsLoaded(true);
                  setSettingsOpen(true);
                }}
              />
              {tagsView && <TagsView />}
            </div>
            <PageArea />
          </div>
          {settingsLoaded && (
            <Suspense fallback={null}>
              <SettingsPanel open={settingsOpen} onClose={() => setSettingsOpen(false)} />
            </Suspense>
          )}
        </div>
      </App>
    </AntdProvider>
  );
}
