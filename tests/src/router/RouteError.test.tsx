// A page that throws as it is drawn: the page the app's router shows instead of React Router's
// developer page, saying why in the user's words and offering a reload. The errors are caught by
// the router and by React, which report them to the callbacks given here instead of the console.
import { act, render, screen } from '@testing-library/react';
import { lazy, type ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { isLoadFailure, RouteError } from '../../../src/router/RouteError.tsx';
import { router } from '../../../src/router/router.tsx';
import { useLanguageStore } from '../../../src/stores/language.ts';

function drawWithError(element: ReactElement) {
  const reported: unknown[] = [];
  const memory = createMemoryRouter([{ path: '*', element, errorElement: <RouteError /> }]);
  render(<RouterProvider router={memory} onError={(error) => reported.push(error)} />, {
    onCaughtError: () => {},
  });
  return reported;
}

describe('RouteError', () => {
  it('says a page whose code did not arrive could not be loaded, and offers a reload', async () => {
    useLanguageStore.setState({ lang: 'zh' });
    // what Chromium's import() rejects with when a chunk's file is gone (a new version deployed)
    const Page = lazy(() =>
      Promise.reject(
        new TypeError(
          'Failed to fetch dynamically imported module: http://school.example/assets/list-D5Sy.js',
        ),
      ),
    );
    const reported = drawWithError(<Page />);
    expect(await screen.findByRole('heading', { name: '页面加载失败' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('重新加载页面即可继续');
    expect(screen.getByRole('button', { name: '重新加载' })).toBeTruthy();
    expect(reported).toHaveLength(1);
  });

  it('says something went wrong for any other error, in the language chosen', async () => {
    useLanguageStore.setState({ lang: 'en' });
    function Broken(): ReactElement {
      throw new Error('cannot read properties of undefined');
    }
    drawWithError(<Broken />);
    expect(await screen.findByRole('heading', { name: 'Something went wrong on this page' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    act(() => useLanguageStore.setState({ lang: 'zh' }));
    expect(screen.getByRole('button', { name: '重新加载' })).toBeTruthy();
  });

  it('tells a failed fetch of code or styles from other errors', () => {
    expect(isLoadFailure(new TypeError('error loading dynamically imported module: /assets/x.js'))).toBe(
      true,
    );
    expect(isLoadFailure(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isLoadFailure(new Error('Unable to preload CSS for /assets/list.css'))).toBe(true);
    expect(isLoadFailure(new Error('Network Error'))).toBe(false);
    expect(isLoadFailure('Failed to fetch dynamically imported module')).toBe(false);
  });

  it('is what the app’s router shows for a page that throws', () => {
    expect((router.routes[0].errorElement as ReactElement).type).toBe(RouteError);
  });
});
