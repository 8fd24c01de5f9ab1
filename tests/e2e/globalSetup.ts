import type { TestProject } from 'vitest/node';
import { startServerProcess } from './serverProcess.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    adminPassword: string;
    /** the server's DATA_DIR (tests/e2e/database.ts reaches its database through it) */
    dataDir: string;
  }
}

export const ADMIN_PASSWORD = 'E2e-admin-pass-1';

/** Starts the server the way `npm run serve` does on an empty data directory. */
export default async function setup(project: TestProject) {
  const server = await startServerProcess({ ADMIN_PASSWORD });
  project.provide('baseUrl', server.baseUrl);
  project.provide('adminPassword', ADMIN_PASSWORD);
  project.provide('dataDir', server.dataDir);
  return server.stop;
}
