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
  sidebar: { opened: true, withoutAnimation: false },
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

// The cookie is read just after this module is evaluated, not while it is: a browser with its
// developer tools attached (as every browser benchmark's is) records where each cookie read was
// made, and a read made from a module's top level has it parse the whole chunk the module is in
// again to find the line: 40-55 ms for the shell's chunk on this project's machines
// (docs/benchmarks.md, "Tree tables"). The import that brings this module resolves after the
// microtask, so the shell's first render reads the stored state.
queueMicrotask(() => {
  useAppStore.setState({ sidebar: { opened: sidebarOpenedFromCookie(), withoutAnimation: false } });
});
