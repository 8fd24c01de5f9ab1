import { defineConfig } from 'vitest/config';

// The browser suite: a real server on a fresh data directory, driven through Debian's Chromium.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/globalSetup.ts'],
    testTimeout: 120000,
    hookTimeout: 180000,
    fileParallelism: false,
    // the server hashes with scrypt at OWASP cost: a save or sign-in takes a second or more here
    expect: { poll: { timeout: 20000, interval: 100 } },
  },
});
