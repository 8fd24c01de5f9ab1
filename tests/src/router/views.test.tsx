// A view whose code was fetched ahead renders at once: a suspended first render would commit the
// loading fallback, after which React holds the page back for up to 300 ms (docs/benchmarks.md).
import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { preloadView, viewElement } from '../../../src/router/views.tsx';

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
