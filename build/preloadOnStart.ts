// index.html names the entry's chunk and what it imports statically, and the browser fetches
// them side by side. The entry imports the app's root on demand, a frame after it has run
// (src/main.tsx): left alone, the browser would ask for the root's chunk, its imports and its
// styles only then, one round trip after the entry. This adds them to the page's head as well:
// module preloads for the chunks, style sheets for their styles, as Vite writes those of the entry.
// Vite's own `modulePreload.resolveDependencies` hands over the entry's static imports alone,
// without the bundle to find the chunks in.

import { existsSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import type { HtmlTagDescriptor, Plugin } from 'vite';

const stripQuery = (id: string) => id.replace(/\?.*$/, '');

/** `modules`: files (relative to the project) the entry imports on demand at its start. */
export function preloadOnStart(root: string, modules: string[]): Plugin {
  let base = '/';
  return {
    name: 'preload-on-start',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return;
        // the bundler names a module by its real path (the project may lie under a link)
        const wanted = new Set(
          modules.map((file) =>
            existsSync(join(root, file)) ? realpathSync(join(root, file)) : join(root, file),
          ),
        );
        const chunks = new Set<string>();
        const styles = new Set<string>();
        const add = (fileName: string) => {
          const chunk = bundle[fileName];
          if (chunks.has(fileName) || chunk?.type !== 'chunk') return;
          chunks.add(fileName);
          for (const style of chunk.viteMetadata?.importedCss ?? []) styles.add(style);
          for (const imported of chunk.imports) add(imported);
        };
        const found = new Set<string>();
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk') continue;
          for (const id of chunk.moduleIds)
            if (wanted.has(stripQuery(id))) {
              found.add(stripQuery(id));
              add(chunk.fileName);
            }
        }
        const missing = [...wanted].filter((file) => !found.has(file));
        if (missing.length > 0) throw new Error(`preload-on-start: not in the build: ${missing.join(', ')}`);
        // what the page names already (the entry's chunk and its imports) is left as it is
        const named = (file: string) => html.includes(`${base}${file}"`);
        const link = (rel: string, file: string): HtmlTagDescriptor => ({
          tag: 'link',
          attrs: { rel, crossorigin: true, href: `${base}${file}` },
          injectTo: 'head',
        });
        return [
          ...[...chunks].filter((file) => !named(file)).map((file) => link('modulepreload', file)),
          ...[...styles].filter((file) => !named(file)).map((file) => link('stylesheet', file)),
        ];
      },
    },
  };
}
