// A view whose code was fetched ahead renders at once: a suspended first render would commit the
// loading fallback, after which React holds the page back for up to 300 ms (docs/benchmarks.md).
// The list page's code, whose files the build names, is compiled a file a frame before its import.
import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadView, viewElement } from '../../../src/router/views.tsx';
import { heldFrames, nextTask } from '../testFrames.ts';

function renderView(component: string, fallback: () => null) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <Suspense fallback={<Fallback onShow={fallback} />}>
            {viewElement({ path: '/x', component })}
          </Suspense>
        ),
      },
    ],
    { initialEntries: ['/x'] },
  );
  return render(<RouterProvider router={router} />);
}

function Fallback({ onShow }: { onShow: () => null }) {
  return onShow();
}

describe('views loaded on demand', () => {
  it('shows the fallback for a view whose code is not here, and none once its code was preloaded', async () => {
    const first = vi.fn(() => null);
    const shown = renderView('error/404', first);
    expect(first).toHaveBeenCalled();
    await act(async () => {
      await preloadView('error/404');
    });
    expect(await screen.findByText('404')).toBeTruthy();
    shown.unmount();

    const second = vi.fn(() => null);
    renderView('error/404', second);
    expect(screen.getByText('404')).toBeTruthy();
    expect(second).not.toHaveBeenCalled();
  });

  it('preloads the generated list page, and the 404 page for a view it does not know', async () => {
    await expect(preloadView('resource/users')).resolves.toBeTypeOf('function');
    await expect(preloadView('no/such/view')).resolves.toBeTypeOf('function');
  });
});

describe('the list page asked for by a navigation', () => {
  afterEach(() => {
    vi.doUnmock('../../../src/views/resource/ResourceView.tsx');
    vi.restoreAllMocks();
    for (const element of document.head.querySelectorAll('meta[name="code-files"], link')) element.remove();
  });

  it('has its files compiled a frame apart before its code is imported', async () => {
    // the files index.html names for the list page's code (build/codeFilesByName.ts)
    const meta = document.createElement('meta');
    meta.name = 'code-files';
    meta.dataset.code = 'list';
    meta.content = './assets/list-a.js ./assets/list-b.js';
    document.head.append(meta);
    const linked = (file: string) =>
      Array.from(document.head.querySelectorAll('link')).filter(
        (link) => link.href === new URL(file, document.baseURI).href,
      );
    // the page's module, evaluated when the view imports it
    let imported = false;
    vi.resetModules();
    vi.doMock('../../../src/views/resource/ResourceView.tsx', () => {
      imported = true;
      return { default: () => null };
    });
    const views = await import('../../../src/router/views.tsx');
    const frames = heldFrames();

    let loaded = false;
    const preloaded = views.preloadView('resource/users').then(() => {
      loaded = true;
    });
    expect(linked('./assets/list-a.js')).toHaveLength(1);
    expect(linked('./assets/list-b.js')).toHaveLength(0);
    frames.drawFrame();
    await nextTask();
    expect(linked('./assets/list-b.js')).toHaveLength(1);
    linked('./assets/list-a.js')[0].dispatchEvent(new Event('load'));
    await nextTask();
    // not imported while a file compiles: the import's own preload would link it in its task
    expect(imported).toBe(false);
    linked('./assets/list-b.js')[0].dispatchEvent(new Event('load'));
    await preloaded;
    expect([imported, loaded]).toEqual([true, true]);
  });
});
