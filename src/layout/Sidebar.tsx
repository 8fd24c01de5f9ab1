import { ConfigProvider, Menu } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useShallow } from 'zustand/react/shallow';
import { COLORS, SIDEBAR_COLLAPSED_WIDTH } from '../config.ts';
import { useT } from '../i18n/useT.ts';
import { isExternal } from '../router/paths.ts';
import type { AppRoute } from '../router/types.ts';
import { useAppStore } from '../stores/app.ts';
import { useLanguageStore } from '../stores/language.ts';
import { usePermissionStore } from '../stores/permission.ts';
import { useSettingsStore } from '../stores/settings.ts';
import { SidebarLogo } from './SidebarLogo.tsx';
import { type SidebarItem, sidebarItems } from './sidebarItems.tsx';
import { useRouteTrail } from './useRouteTrail.ts';

/** The groups a page sits in: every route of its trail but the page itself. */
function groupsAbove(trail: readonly AppRoute[]): string[] {
  return trail.slice(0, -1).map((route) => route.path);
}

/**
 * The open groups and those given: the same list when they are open already, as a new one would
 * draw the whole menu again in the commit after every page opened from it (docs/benchmarks.md,
 * "Tree tables").
 */
export function withGroupsOpen(open: string[], groups: readonly string[]): string[] {
  const missing = groups.filter((key) => !open.includes(key));
  return missing.length === 0 ? open : [...open, ...missing];
}

/** The keys of the sub-menus the menu draws, at any depth. */
function subMenuKeys(items: readonly SidebarItem[]): Set<string> {
  const keys = new Set<string>();
  const walk = (list: readonly SidebarItem[]) => {
    for (const item of list) {
      if (item && 'children' in item && item.children) {
        keys.add(String(item.key));
        walk(item.children as SidebarItem[]);
      }
    }
  };
  walk(items);
  return keys;
}

export function Sidebar() {
  const routes = usePermissionStore((s) => s.routes);
  const lang = useLanguageStore((s) => s.lang);
  const opened = useAppStore((s) => s.sidebar.opened);
  const { menuBg, subMenuBg, sidebarLogo } = useSettingsStore(
    useShallow((s) => ({ menuBg: s.menuBg, subMenuBg: s.subMenuBg, sidebarLogo: s.sidebarLogo })),
  );
  const navigate = useNavigate();
  const trail = useRouteTrail();
  const t = useT();

  const items = useMemo(() => sidebarItems(routes, lang), [routes, lang]);
  const groups = useMemo(() => subMenuKeys(items), [items]);
  const page = trail.at(-1);
  const selectedKey = page?.meta?.activeMenu ?? page?.path;

  // The groups above the current page open as the user navigates; groups the user opened stay
  // open. Those of the page the shell first shows are open from the start, not animated open.
  const [openKeys, setOpenKeys] = useState<string[]>(() => groupsAbove(trail));
  // Folded, the groups open as pop-ups; held here too, so that nothing but this menu opens one.
  const [popupKeys, setPopupKeys] = useState<string[]>([]);
  // A new route table (a role switch, a sign-in) is a new menu: the groups open are those above
  // the page shown, and no pop-up of the old menu stays on screen without the group it came from.
  const [menuRoutes, setMenuRoutes] = useState(routes);
  if (menuRoutes !== routes) {
    setMenuRoutes(routes);
    setOpenKeys(groupsAbove(trail));
    setPopupKeys([]);
  }
  useEffect(() => {
    setOpenKeys((open) => withGroupsOpen(open, groupsAbove(trail)));
  }, [trail]);
  const shownOpenKeys = useMemo(() => openKeys.filter((key) => groups.has(key)), [openKeys, groups]);
  const shownPopupKeys = useMemo(() => popupKeys.filter((key) => groups.has(key)), [popupKeys, groups]);

  const menuTheme = {
    components: {
      Menu: {
        darkItemBg: menuBg,
        darkSubMenuItemBg: subMenuBg,
        darkPopupBg: subMenuBg,
        darkItemColor: COLORS.menuText,
        darkItemHoverColor: COLORS.menuText,
        darkItemSelectedColor: COLORS.menuActiveText,
        darkItemSelectedBg: 'transparent',
        darkItemHoverBg: COLORS.menuHover,
        itemBorderRadius: 0,
        itemMarginInline: 0,
        itemMarginBlock: 0,
        itemHeight: 56,
        collapsedWidth: SIDEBAR_COLLAPSED_WIDTH,
      },
    },
  };

  return (
    <aside className="sidebar-container" data-testid="sidebar" style={{ background: menuBg }}>
      {sidebarLogo && <SidebarLogo title={t('siteTitle')} collapsed={!opened} />}
      <ConfigProvider theme={menuTheme}>
        <Menu
          mode="inline"
          theme="dark"
          inlineCollapsed={!opened}
          items={items}
          selectedKeys={selectedKey ? [selectedKey] : []}
          // folded, the groups open as hover pop-ups; the groups open in the full-width menu
          // are kept for when it unfolds
          openKeys={opened ? shownOpenKeys : shownPopupKeys}
          onOpenChange={opened ? setOpenKeys : setPopupKeys}
          onClick={({ key }) => {
            // external links are plain anchors that open their own tab
            if (!isExternal(key)) navigate(key);
          }}
        />
      </ConfigProvider>
    </aside>
  );
}
