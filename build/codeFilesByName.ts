// index.html names, under a name the app knows, the files some of its on-demand code is built
// into: `<meta name="code-files" data-code="shell" content="./assets/…js ./assets/…css">`. On a
// reload the browser holds these files in its memory cache, and an import compiles a chunk in the
// task that asks for it and evaluates it in a task soon after, often in the same frame; given the
// files, the app can have them compiled first, by module preloads, and import them a frame later
// (src/app/compileAhead.ts, docs/benchmarks.md, "Tree tables"). A browser revalidates index.html
// on every load (server/plugins/static.ts), so the names it gives are those of the build it runs.

import type { Plugin } from 'vite';
import { moduleFiles, tagsFromBundle } from './moduleFiles.ts';

/** `code`: a name for each piece of code, and the module (relative to the project) it starts at. */
export function codeFilesByName(root: string, code: Record<string, string>): Plugin {
  return tagsFromBundle('code-files-by-name', (bundle, base) =>
    Object.entries(code).map(([name, module]) => {
      let files: ReturnType<typeof moduleFiles>;
      try {
        files = moduleFiles(root, bundle, [module]);
      } catch (error) {
        throw new Error(`${name}: ${(error as Error).message}`);
      }
      return {
        tag: 'meta',
        attrs: {
          name: 'code-files',
          'data-code': name,
          content: [...files.chunks, ...files.styles].map((file) => `${base}${file}`).join(' '),
        },
        injectTo: 'head',
      };
    }),
  );
}
