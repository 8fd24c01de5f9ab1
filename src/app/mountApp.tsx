// The app's root drawn into the page: the last part of the app's start (main.tsx), a module
// imported on its own once the session's calls and the page's code are asked for and react-dom
// is prepared, each in a task of its own.

import { type ReactNode, StrictMode, startTransition } from 'react';
import { createRoot, type Root as ReactRoot } from 'react-dom/client';
import { Root } from './Root.tsx';

/**
 * Draws `element` into `container` in a transition, which React renders in slices between
 * tasks; a first render of the default lane is done in one task whatever its size. By the time
 * the app's root is drawn, the session may be back and the table it opens in place: the shell
 * and the page are then that first render. Gives the React root.
 */
export function renderInSlices(container: HTMLElement, element: ReactNode): ReactRoot {
  const root = createRoot(container);
  startTransition(() => root.render(element));
  return root;
}

export function mountApp(container: HTMLElement): ReactRoot {
  return renderInSlices(
    container,
    <StrictMode>
      <Root />
    </StrictMode>,
  );
}
