import { type Browser, chromium } from 'playwright-core';

/**
 * Debian's Chromium, never a downloaded browser, headless. Apart from browser.ts, whose test hooks
 * need Vitest's runner, so that the benchmarks (bench/bundle.ts) start the same browser.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-gpu'],
  });
}
