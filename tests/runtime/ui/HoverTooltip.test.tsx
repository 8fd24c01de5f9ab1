// The tooltip made on demand: nothing of antd's tooltip until the pointer or the focus comes, then
// antd's tooltip with the hint, the target the same element all along; it closes as the pointer
// leaves. The delay runs on vitest's fake clock.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Tooltip } from 'antd';
import { Profiler, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HOVER_DELAY_MS, HoverTooltip } from '../../../runtime/ui/HoverTooltip.tsx';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function renderTip() {
  render(
    <div>
      {['一', '二', '三'].map((name) => (
        <HoverTooltip key={name} title={`说明${name}`}>
          <button type="button">{name}</button>
        </HoverTooltip>
      ))}
    </div>,
  );
}

/** the open tooltips' texts: shown, and not on their way out (jsdom runs no leaving motion to its end) */
const openTips = () =>
  [
    ...document.querySelectorAll(
      '.ant-tooltip:not(.ant-tooltip-hidden):not([class*="-leave"]) .ant-tooltip-container',
    ),
  ].map((tip) => tip.textContent);

describe('HoverTooltip', () => {
  it('mounts in one commit, where each antd tooltip draws itself again at once', () => {
    /** the commits React makes as `tips` mount */
    const commits = (tips: ReactNode) => {
      const phases: string[] = [];
      const { unmount } = render(
        <Profiler id="tips" onRender={(_id, phase) => phases.push(phase)}>
          {tips}
        </Profiler>,
      );
      unmount();
      return phases;
    };
    const names = ['一', '二', '三'];
    expect(
      commits(
        names.map((name) => (
          <HoverTooltip key={name} title={name}>
            <button type="button">{name}</button>
          </HoverTooltip>
        )),
      ),
    ).toEqual(['mount']);
    // what the helper is for: antd's own tooltip stores its target in state as it mounts, an update
    // React makes inside the commit (a nested update)
    expect(
      commits(
        names.map((name) => (
          <Tooltip key={name} title={name}>
            <button type="button">{name}</button>
          </Tooltip>
        )),
      ),
    ).toEqual(['mount', 'nested-update']);
    expect(document.body.innerHTML).not.toContain('说明');
  });

  it('opens the hint after antd’s delay as the pointer comes, on the same button, and closes it as it leaves', async () => {
    renderTip();
    const button = screen.getByText('二');
    fireEvent.pointerEnter(button.parentElement!);
    await act(() => vi.advanceTimersByTimeAsync(HOVER_DELAY_MS - 1));
    expect(openTips()).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(openTips()).toEqual(['说明二']);
    // the button was not drawn again as the tooltip came
    expect(screen.getByText('二')).toBe(button);
    fireEvent.pointerLeave(button.parentElement!);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(openTips()).toEqual([]);
  });

  it('opens on the keyboard’s focus too, and a pointer that only passes opens nothing', async () => {
    renderTip();
    fireEvent.pointerEnter(screen.getByText('一').parentElement!);
    fireEvent.pointerLeave(screen.getByText('一').parentElement!);
    screen.getByText('三').focus();
    await act(() => vi.advanceTimersByTimeAsync(HOVER_DELAY_MS));
    expect(openTips()).toEqual(['说明三']);
    expect(document.activeElement).toBe(screen.getByText('三'));
  });
});
