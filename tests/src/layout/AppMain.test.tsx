import { act, fireEvent, render, screen } from '@testing-library/react';
import { useLayoutEffect, useState } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppMain } from '../../../src/layout/AppMain.tsx';
import { scrollTopFor } from '../../../src/layout/scrollMemory.ts';
import type { AppRoute } from '../../../src/router/types.ts';
import { usePermissionStore } from '../../../src/stores/permission.ts';
import { useTabsStore } from '../../../src/stores/tabs.ts';

function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {label} {count}
    </button>
  );
}

const routes: AppRoute[] = [
  {
    path: '/',
    component: 'Layout',
    children: [
      { path: '/a', name: 'a', component: 'views/a', meta: { title: 'A' } },
      { path: '/b', name: 'b', component: 'views/b', meta: { title: 'B' } },
    ],
  },
];

function renderMain() {
  const router = createMemoryRouter(
    [
      {
        element: <AppMain />,
        children: [
          { path: '/a', element: <Counter label="a" /> },
          { path: '/b', element: <Counter label="b" /> },
        ],
      },
    ],
    { initialEntries: ['/a'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('AppMain', () => {
  beforeEach(() => {
    usePermissionStore.setState({ routes });
    useTabsStore.getState().reset();
  });

  it('keeps a cached view alive while another tab is shown', async () => {
    useTabsStore.setState({ cachedViews: ['a', 'b'] });
    const router = renderMain();
    fireEvent.click(screen.getByRole('button', { name: 'a 0' }));
    await act(() => router.navigate('/b'));
    await screen.findByRole('button', { name: 'b 0' });
    await act(() => router.navigate('/a'));
    expect(await screen.findByRole('button', { name: 'a 1' })).toBeTruthy();
  });

  it('starts a view afresh once it has left the cache', async () => {
    useTabsStore.setState({ cachedViews: ['a', 'b'] });
    const router = renderMain();
    fireEvent.click(screen.getByRole('button', { name: 'a 0' }));
    await act(() => router.navigate('/b'));
    act(() => useTabsStore.getState().delCachedView({ name: 'a' }));
    await act(() => router.navigate('/a'));
    expect(await screen.findByRole('button', { name: 'a 0' })).toBeTruthy();
  });
});

describe('AppMain drawing a view', () => {
  beforeEach(() => {
    usePermissionStore.setState({ routes });
    useTabsStore.getState().reset();
  });

  it('draws a view opened in the commit after the one that changes the address; one kept alive at once', async () => {
    useTabsStore.setState({ cachedViews: ['a', 'b'] });
    // at each commit that changes the address, whether its page is in the document yet
    const seen: Array<[string, boolean]> = [];
    function AddressProbe() {
      const { pathname } = useLocation();
      useLayoutEffect(() => {
        seen.push([pathname, screen.queryByRole('button', { name: `${pathname.slice(1)} 0` }) !== null]);
      }, [pathname]);
      return null;
    }
    const router = createMemoryRouter(
      [
        {
          element: (
            <>
              <AddressProbe />
              <AppMain />
            </>
          ),
          children: [
            { path: '/a', element: <Counter label="a" /> },
            { path: '/b', element: <Counter label="b" /> },
          ],
        },
      ],
      { initialEntries: ['/a'] },
    );
    render(<RouterProvider router={router} />);
    await screen.findByRole('button', { name: 'a 0' });
    await act(() => router.navigate('/b'));
    await screen.findByRole('button', { name: 'b 0' });
    await act(() => router.navigate('/a'));
    // b and a the first time: the shell's commit without the page; a again: kept, shown at once
    expect(seen).toEqual([
      ['/a', false],
      ['/b', false],
      ['/a', true],
    ]);
  });
});

describe('AppMain scroll memory', () => {
  beforeEach(() => {
    usePermissionStore.setState({ routes });
    useTabsStore.getState().reset();
  });

  it('remembers how far a kept-alive view is scrolled, and forgets it once the view leaves the cache', async () => {
    useTabsStore.setState({ cachedViews: ['a', 'b'] });
    const router = renderMain();
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 640 });
    fireEvent.scroll(window);
    await act(() => router.navigate('/b'));
    expect(scrollTopFor('/a')).toBe(640);
    act(() => useTabsStore.getState().delCachedView({ name: 'a' }));
    expect(scrollTopFor('/a')).toBe(0);
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
  });
});
