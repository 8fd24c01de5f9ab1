// The shell draws its frame in one commit and the page inside it in the render after, so neither
// commit holds the whole signed-in page (docs/benchmarks.md, "Tree tables"); the render after draws
// the page alone, not the side menu, the navbar and the tabs again.
import { QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { Manifest } from '../../../runtime/schema/types.ts';
import { manifestQuery } from '../../../src/app/manifest.ts';
import { queryClient } from '../../../src/app/queryClient.ts';
import Layout from '../../../src/layout/Layout.tsx';
import { Navbar } from '../../../src/layout/Navbar.tsx';
import { Sidebar } from '../../../src/layout/Sidebar.tsx';
import { TagsView } from '../../../src/layout/TagsView.tsx';
import { type Fiber, holdsText, onCommit, renderedIn } from '../../fixtures/reactCommits.ts';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

/**
 * Draws the shell around a page that says "the page", outside act (which would carry the render
 * after out before returning), and returns the element it is drawn in once its first commit is.
 */
function drawShell(): HTMLElement {
  queryClient.setQueryData(manifestQuery.queryKey, { resources: [] } as unknown as Manifest);
  const router = createMemoryRouter(
    [{ path: '/', element: <Layout />, children: [{ path: 'here', element: <p>the page</p> }] }],
    { initialEntries: ['/here'] },
  );
  const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
  const container = document.body.appendChild(document.createElement('div'));
  const root = createRoot(container);
  cleanups.push(() => {
    flushSync(() => root.unmount());
    container.remove();
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
    queryClient.clear();
  });
  flushSync(() =>
    root.render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    ),
  );
  return container;
}

describe('the shell', () => {
  it('commits its frame first and the page in the render after', async () => {
    const container = drawShell();
    expect(screen.getByTestId('sidebar')).toBeTruthy();
    expect(container.querySelector('.app-main')).not.toBeNull();
    expect(screen.queryByText('the page')).toBeNull();
    await screen.findByText('the page');
  });

  it('draws the page in a render that leaves the side menu, the navbar and the tabs as they were', async () => {
    // each commit's rendered components, and those of the one that drew the page
    const drawn: Array<Set<unknown>> = [];
    let pageDrawn: (types: Set<unknown>) => void = () => {};
    const page = new Promise<Set<unknown>>((resolve) => {
      pageDrawn = resolve;
    });
    cleanups.push(
      onCommit((tree: Fiber) => {
        const types = renderedIn(tree);
        drawn.push(types);
        if (holdsText(tree, 'the page')) pageDrawn(types);
      }),
    );
    drawShell();
    // the shell's first commit drew them
    expect([Sidebar, Navbar, TagsView].map((type) => drawn[0].has(type))).toEqual([true, true, true]);
    const inPage = await page;
    expect([Sidebar, Navbar, TagsView, Layout].map((type) => inPage.has(type))).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});
