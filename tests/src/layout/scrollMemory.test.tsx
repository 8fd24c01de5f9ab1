import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetScroll, rememberScroll, scrollTopFor } from '../../../src/layout/scrollMemory.ts';
import { AppRoutes } from '../../../src/router/AppRoutes.tsx';
import { usePermissionStore } from '../../../src/stores/permission.ts';

describe('scroll on navigation (spec §2)', () => {
  let scrollTo: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    usePermissionStore.getState().reset();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    forgetScroll('/login');
  });

  it('resets the scroll to the top on every navigation', async () => {
    const router = createMemoryRouter([{ path: '*', element: <AppRoutes /> }], { initialEntries: ['/404'] });
    render(<RouterProvider router={router} />);
    scrollTo.mockClear();
    await act(() => router.navigate('/login'));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
  });

  it('takes a kept-alive view back to where it was scrolled', async () => {
    const router = createMemoryRouter([{ path: '*', element: <AppRoutes /> }], { initialEntries: ['/404'] });
    render(<RouterProvider router={router} />);
    rememberScroll('/login', 420);
    await act(() => router.navigate('/login'));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 420);
  });

  it('forgets a view that has left the cache', () => {
    rememberScroll('/sys/users', 300);
    forgetScroll('/sys/users');
    expect(scrollTopFor('/sys/users')).toBe(0);
  });
});
