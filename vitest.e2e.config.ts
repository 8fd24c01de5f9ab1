import { defineConfig } from 'vitest/config';

// The browser suite: a real server on a fresh data directory, driven through Debian's Chromium.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/globalSetup.ts'],
    // Ceilings for a test that hangs, not expectations of speed (tests wait for the event they
    // mean); a wait inside a test gives up first (120 s, here and in tests/e2e/browser.ts), so its
    // own message, naming what it waited for, is the one reported. The server hashes with scrypt at
    // OWASP cost: a save or sign-in takes a second or more, far more on a loaded machine.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    fileParallelism: false,
    expect: { poll: { timeout: 120_000, interval: 100 } },
  },
});
