import { act, fireEvent, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FullscreenToggle } from '../../../src/layout/FullscreenToggle.tsx';
import { useLanguageStore } from '../../../src/stores/language.ts';

function mount() {
  act(() => useLanguageStore.getState().setLang('en'));
  render(
    <App>
      <FullscreenToggle />
    </App>,
  );
}

describe('fullscreen toggle', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    Reflect.deleteProperty(document, 'fullscreenEnabled');
  });

  it("says 'you browser can not work' where the browser has no fullscreen", async () => {
    Object.defineProperty(document, 'fullscreenEnabled', { configurable: true, value: false });
    mount();
    fireEvent.click(screen.getByTestId('fullscreen-toggle'));
    expect(await screen.findByText('you browser can not work')).toBeTruthy();
  });

  it('asks the browser for fullscreen where it has it', () => {
    Object.defineProperty(document, 'fullscreenEnabled', { configurable: true, value: true });
    const request = vi.fn().mockResolvedValue(undefined);
    document.documentElement.requestFullscreen = request;
    mount();
    fireEvent.click(screen.getByRole('button', { name: 'Full screen' }));
    expect(request).toHaveBeenCalledTimes(1);
  });
});
