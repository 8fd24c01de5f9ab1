// The files of a built bundle that some of the project's modules need: the chunks holding them,
// the chunks those import statically, and the style sheets of all of these. What index.html
// names for the app's start (preloadOnStart.ts) and for the code a reload compiles ahead
// (codeFilesByName.ts) is read from the bundle this way.

import { existsSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import type { HtmlTagDescriptor, Plugin, Rolldown } from 'vite';

const stripQuery = (id: string) => id.replace(/\?.*$/, '');

/** The chunks and style sheets (file names in the bundle) that `modules`, files relative to `root`, need; throws naming a module the bundle does not hold. */
export function moduleFiles(
  root: string,
  bundle: Rolldown.OutputBundle,
  modules: readonly string[],
): { chunks: Set<string>; styles: Set<string> } {
  // the bundler names a module by its real path (the project may lie under a link)
  const wanted = new Set(
    modules.map((file) => (existsSync(join(root, file)) ? realpathSync(join(root, file)) : join(root, file))),
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
  if (missing.length > 0) throw new Error(`not in the build: ${missing.join(', ')}`);
  return { chunks, styles };
}

/**
 * A build plugin that adds to index.html the tags `tags` makes from the finished bundle, the
 * page's base address and its markup; a module the bundle lacks fails the build, named with the
 * plugin's `name`.
 */
export function tagsFromBundle(
  name: string,
  tags: (bundle: Rolldown.OutputBundle, base: string, html: string) => HtmlTagDescriptor[],
): Plugin {
  let base = '/';
  return {
    name,
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!context.bundle) return;
        try {
          return tags(context.bundle, base, html);
        } catch (error) {
          throw new Error(`${name}: ${(error as Error).message}`);
        }
      },
    },
  };
}
