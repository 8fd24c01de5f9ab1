// The embedded database's empty cluster, made once before the test files' workers start: every
// PGlite a test opens then copies it instead of running initdb, and no two workers make it at
// the same moment (server/db/pgliteTemplate.ts).
//
// It also reads antd's stylesheet once for every test file: the custom properties antd declares
// `inherit`, which tests/setup.ts gives a value at the root of each jsdom document.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { TestProject } from 'vitest/node';
import { ensurePgliteTemplate } from '../server/db/pgliteTemplate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    antdInheritedProperties: string[];
  }
}

export default async function setup(project: TestProject): Promise<void> {
  const antdCss = await readFile(createRequire(import.meta.url).resolve('antd/dist/antd.css'), 'utf8');
  const names = Array.from(antdCss.matchAll(/(--[\w-]+):\s*(?:inherit|unset)\b/g), (m) => m[1]);
  project.provide('antdInheritedProperties', [...new Set(names)]);
  await ensurePgliteTemplate();
}
