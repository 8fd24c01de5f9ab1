import { act, fireEvent, render } from '@testing-library/react';
import Cookies from 'js-cookie';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isMobileWidth, useDeviceWatch } from '../../../src/layout/useDeviceWatch.ts';
import { useAppStore } from '../../../src/stores/app.ts';

function Watcher() {
  useDeviceWatch();
  return null;
}

function setWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
}

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <Watcher /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('device rule (spec §2: mobile below 992 px)', () => {
  const desktopWidth = window.innerWidth;
  beforeEach(() => {
    useAppStore.setState({ device: 'desktop', sidebar: { opened: true, withoutAnimation: false } });
  });
  afterEach(() => {
    setWidth(desktopWidth);
    Cookies.remove('sidebarStatus');
  });

  it('counts 991 px as mobile and 992 px as desktop', () => {
    expect(isMobileWidth(991)).toBe(true);
    expect(isMobileWidth(992)).toBe(false);
  });

  it('closes the sidebar at once on becoming mobile', () => {
    setWidth(991);
    renderAt('/a');
    expect(useAppStore.getState().device).toBe('mobile');
    expect(useAppStore.getState().sidebar).toEqual({ opened: false, withoutAnimation: true });
  });

  it('follows the window: back to desktop at 992 px', () => {
    setWidth(991);
    renderAt('/a');
    setWidth(992);
    act(() => {
      fireEvent(window, new Event('resize'));
    });
    expect(useAppStore.getState().device).toBe('desktop');
  });

  it('closes the opened sidebar on a route change on mobile', async () => {
    setWidth(800);
    const router = renderAt('/a');
    act(() => useAppStore.getState().toggleSidebar());
    expect(useAppStore.getState().sidebar.opened).toBe(true);
    await act(() => router.navigate('/b'));
    expect(useAppStore.getState().sidebar).toEqual({ opened: false, withoutAnimation: false });
  });

  it('leaves the sidebar alone on a route change on desktop', async () => {
    setWidth(1280);
    const router = renderAt('/a');
    await act(() => router.navigate('/b'));
    expect(useAppStore.getState().sidebar.opened).toBe(true);
  });
});
