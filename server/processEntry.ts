// Where a process the server forks starts, and how. The entry lies beside the module that forks
// it, with that module's own extension: `.ts`, loaded through tsx, where the server runs from its
// TypeScript (the tests, the CLI, `npm run dev`), and `.js` where it runs from the build
// (`npm start`, `npm run serve`: build/server.ts bundles every entry into one folder), which
// needs no loader: tsx's hooks alone hold about 50 MB in each process (docs/benchmarks.md).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ProcessEntry {
  path: string;
  execArgv: string[];
}

export function siblingEntry(moduleUrl: string, name: string): ProcessEntry {
  // from the module's own path, not `new URL(…)`: a page test's jsdom replaces the global URL
  const here = fileURLToPath(moduleUrl);
  const built = here.endsWith('.js');
  return {
    path: join(dirname(here), `${name}${built ? '.js' : '.ts'}`),
    // explicit, so a child never inherits the server's own flags (a profiler's, an inspector's)
    execArgv: built ? [] : ['--import', 'tsx'],
  };
}
