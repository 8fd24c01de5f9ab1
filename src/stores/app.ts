// The shell's own state (spec §4 "Sidebar", "Device"). The sidebar's open/closed state outlives
// the session in the sidebarStatus cookie: 1 open, 0 closed, open when there is no cookie.

import Cookies from 'js-cookie';
import { create } from 'zustand';
import { SIDEBAR_COOKIE } from '../config.ts';

export type Device = 'desktop' | 'mobile';

export interface AppState {
  sidebar: { opened: boolean; withoutAnimation: boolean };
  device: Device;
  toggleSidebar(): void;
  closeSidebar(withoutAnimation: boolean): void;
  setDevice(device: Device): void;
}

function sidebarOpenedFromCookie(): boolean {
  const stored = Cookies.get(SIDEBAR_COOKIE);
  return stored === undefined ? true : stored === '1';
}

export const useAppStore = create<AppState>()((set, get) => ({
  sidebar: { opened: sidebarOpenedFromCookie(), withoutAnimation: false },
  device: 'desktop',

  toggleSidebar() {
    const opened = !get().sidebar.opened;
    Cookies.set(SIDEBAR_COOKIE, opened ? '1' : '0');
    set({ sidebar: { opened, withoutAnimation: false } });
  },

  closeSidebar(withoutAnimation) {
    Cookies.set(SIDEBAR_COOKIE, '0');
    set({ sidebar: { opened: false, withoutAnimation } });
  },

  setDevice(device) {
    set({ device });
  },
}));
