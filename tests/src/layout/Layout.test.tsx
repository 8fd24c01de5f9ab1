// The shell draws its frame in one commit and the page inside it in the render after, so neither
// commit holds the whole signed-in page (docs/benchmarks.md, "Tree tables").
import { QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { Manifest } from '../../../runtime/schema/types.ts';
import { manifestQuery } from '../../../src/app/manifest.ts';
import { queryClient } from '../../../src/app/queryClient.ts';
import Layout from '../../../src/layout/Layout.tsx';

describe('the shell', () => {
  it('commits its frame first and the page in the render after', async () => {
    queryClient.setQueryData(manifestQuery.queryKey, { resources: [] } as unknown as Manifest);
    const router = createMemoryRouter(
      [{ path: '/', element: <Layout />, children: [{ path: 'here', element: <p>the page</p> }] }],
      { initialEntries: ['/here'] },
    );
    // outside act, which would carry the render after out before returning
    const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    const container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container);
    try {
      flushSync(() =>
        root.render(
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>,
        ),
      );
      expect(screen.getByTestId('sidebar')).toBeTruthy();
      expect(container.querySelector('.app-main')).not.toBeNull();
      expect(screen.queryByText('the page')).toBeNull();
      await screen.findByText('the page');
    } finally {
      flushSync(() => root.unmount());
      container.remove();
      actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
      queryClient.clear();
    }
  });
});
