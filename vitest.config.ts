import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./tests/setup.ts'],
    globalSetup: ['./tests/globalSetup.ts'],
    include: ['tests/**/*.test.{ts,tsx}'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    // two files at once on a two-core runner (Vitest's default is one fewer than the cores): the
    // server suites mostly wait on PostgreSQL, PGlite's process and scrypt, so the whole run takes
    // about 11 minutes instead of 15 here, and every test passes beside another
    maxWorkers: 2,
    // Ceilings for a test that hangs, not expectations of speed: tests wait for the event they
    // mean, and on a loaded machine (two suites at once, a build beside them) a server start in a
    // beforeAll takes more than a minute and a page's first render tens of seconds.
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
