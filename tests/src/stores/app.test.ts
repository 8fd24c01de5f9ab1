import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';

async function freshStore() {
  vi.resetModules();
  return (await import('../../../src/stores/app.ts')).useAppStore;
}

describe('app store: sidebar', () => {
  afterEach(() => Cookies.remove('sidebarStatus'));

  it('starts open when there is no sidebarStatus cookie', async () => {
    const store = await freshStore();
    expect(store.getState().sidebar.opened).toBe(true);
  });

  it('follows the cookie when there is one', async () => {
    Cookies.set('sidebarStatus', '0');
    expect((await freshStore()).getState().sidebar.opened).toBe(false);
    Cookies.set('sidebarStatus', '1');
    expect((await freshStore()).getState().sidebar.opened).toBe(true);
  });

  it('toggling flips it and stores 1 or 0', async () => {
    const store = await freshStore();
    store.getState().toggleSidebar();
    expect(store.getState().sidebar.opened).toBe(false);
    expect(Cookies.get('sidebarStatus')).toBe('0');
    store.getState().toggleSidebar();
    expect(store.getState().sidebar.opened).toBe(true);
    expect(Cookies.get('sidebarStatus')).toBe('1');
  });

  it('closes animated or at once', async () => {
    const store = await freshStore();
    store.getState().closeSidebar(true);
    expect(store.getState().sidebar).toEqual({ opened: false, withoutAnimation: true });
    expect(Cookies.get('sidebarStatus')).toBe('0');
  });

  it('is a desktop until told otherwise', async () => {
    const store = await freshStore();
    expect(store.getState().device).toBe('desktop');
    store.getState().setDevice('mobile');
    expect(store.getState().device).toBe('mobile');
  });
});
