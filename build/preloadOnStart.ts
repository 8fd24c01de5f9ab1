// index.html names the entry's chunk and what it imports statically, and the browser fetches
// them side by side. The entry imports the app's root on demand, a frame after it has run
// (src/main.tsx): left alone, the browser would ask for the root's chunk, its imports and its
// styles only then, one round trip after the entry. This adds them to the page's head as well:
// module preloads for the chunks, style sheets for their styles, as Vite writes those of the entry.
// Vite's own `modulePreload.resolveDependencies` hands over the entry's static imports alone,
// without the bundle to find the chunks in.

import type { HtmlTagDescriptor, Plugin } from 'vite';
import { moduleFiles, tagsFromBundle } from './moduleFiles.ts';

/** `modules`: files (relative to the project) the entry imports on demand at its start. */
export function preloadOnStart(root: string, modules: string[]): Plugin {
  return tagsFromBundle('preload-on-start', (bundle, base, html) => {
    const files = moduleFiles(root, bundle, modules);
    // what the page names already (the entry's chunk and its imports) is left as it is
    const named = (file: string) => html.includes(`${base}${file}"`);
    const link = (rel: string, file: string): HtmlTagDescriptor => ({
      tag: 'link',
      attrs: { rel, crossorigin: true, href: `${base}${file}` },
      injectTo: 'head',
    });
    return [
      ...[...files.chunks].filter((file) => !named(file)).map((file) => link('modulepreload', file)),
      ...[...files.styles].filter((file) => !named(file)).map((file) => link('stylesheet', file)),
    ];
  });
}
