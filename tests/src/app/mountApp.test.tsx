// The app's first render (src/app/mountApp.tsx) is a transition: React renders it in slices, a
// task each, where a first render of the default lane is done in one task whatever its size.
// The scheduler's clock is made to move 2 ms each time it is read, so a render in slices gives the
// thread back after a few components; the page is looked at after React's first task.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mountApp, renderInSlices } from '../../../src/app/mountApp.tsx';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

const ENTRIES = Array.from({ length: 50 }, (_, index) => index);

function Entry({ index }: { index: number }) {
  return <li>entry {index}</li>;
}

/** Runs `check` with React on its own scheduler (not act()'s queue), the container in the page. */
async function outsideAct(check: (container: HTMLElement) => Promise<void>): Promise<void> {
  const container = document.createElement('div');
  document.body.append(container);
  const actEnvironment = globalThis.IS_REACT_ACT_ENVIRONMENT;
  globalThis.IS_REACT_ACT_ENVIRONMENT = false;
  try {
    await check(container);
  } finally {
    container.remove();
    globalThis.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
  }
}

describe('renderInSlices', () => {
  it("leaves the page after React's first task with the render still under way, then draws it all", async () => {
    await outsideAct(async (container) => {
      let clock = performance.now();
      const now = vi.spyOn(performance, 'now').mockImplementation(() => {
        clock += 2;
        return clock;
      });
      const root = renderInSlices(
        container,
        <ul>
          {ENTRIES.map((index) => (
            <Entry key={index} index={index} />
          ))}
        </ul>,
      );
      try {
        // React asks for its first task from a microtask (setImmediate under Node): this one is
        // queued after it
        await Promise.resolve();
        await new Promise((resolve) => setImmediate(resolve));
        expect(container.childElementCount).toBe(0);
        now.mockRestore();
        await waitFor(() => expect(container.querySelectorAll('li')).toHaveLength(50));
      } finally {
        now.mockRestore();
        root.unmount();
      }
    });
  });
});

describe('mountApp', () => {
  it('draws the app: without a session, the sign-in page', async () => {
    await outsideAct(async (container) => {
      const root = mountApp(container);
      try {
        await waitFor(() => expect(screen.getByRole('button', { name: /登\s*录/ })).toBeTruthy(), {
          timeout: 10_000,
        });
      } finally {
        root.unmount();
      }
    });
  });
});
