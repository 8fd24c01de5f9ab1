// The test environment's own fix for jsdom 29 (tests/setup.ts): a custom property antd declares
// `inherit` resolves at the root instead of walking the ancestors 2^depth times, so reading the
// computed style of a deeply nested antd button, a cached one included, ends at once.
import { describe, expect, it } from 'vitest';

describe("antd's inherited custom properties in jsdom", () => {
  it('resolve at the root for an element 25 levels deep, on a first and a cached read', () => {
    const style = document.createElement('style');
    style.textContent = '.deep-button { --ant-button-only-icon-size: inherit; display: inline-flex }';
    document.head.append(style);
    let parent: HTMLElement = document.body;
    for (let i = 0; i < 24; i++) {
      const div = document.createElement('div');
      parent.append(div);
      parent = div;
    }
    const button = document.createElement('button');
    button.className = 'deep-button';
    parent.append(button);
    try {
      expect(getComputedStyle(button).getPropertyValue('--ant-button-only-icon-size')).toBe('0');
      // the second read takes jsdom's cached path, which reads every property of the element
      expect(getComputedStyle(button).display).toBe('inline-flex');
    } finally {
      style.remove();
      document.body.replaceChildren();
    }
  });
});
