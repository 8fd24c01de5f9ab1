// Which modules go in the chunk the entry evaluates first, which in the chunk every signed-in
// page starts with, which in the sign-in page's own chunk, and which in the chunks of a few large
// pages, one chunk each (vite.config.ts's codeSplitting groups, docs/benchmarks.md "Bundle").
//
// Left to itself the bundler makes a chunk of each set of lazy chunks that share modules: the
// shell and the dashboard needed 43 files after sign-in, each antd component and icon the shell
// shares with some view its own, while a browser fetches six at a time from one host. This plugin
// walks the import graph from the entry, from the app's root and the sign-in page, and from the
// shell and the home page, so the groups can take exactly those modules. The entry's own graph
// is kept apart from the root's: the entry runs first and alone (src/main.tsx), and a chunk it
// shared with the root would bring react-dom's preparation into its task.
//
// antd and its icons are each imported through one index that re-exports every component: walked
// through it, the shell would seem to import all of antd, form controls and tables included. The
// walk goes instead from `import { Button } from 'antd'` to antd's button module, read from the
// importing file.

import { existsSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

/** A package index that re-exports every component, and where one component's module lies. */
const BARRELS: Array<{ source: string; index: RegExp; component: (name: string) => string }> = [
  {
    source: 'antd',
    index: /node_modules[\\/]antd[\\/]es[\\/]index\.js$/,
    // ConfigProvider → antd/es/config-provider/index.js, QRCode → qr-code
    component: (name) =>
      `antd/es/${name
        .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
        .replace(/([A-Z])([A-Z][a-z])/g, '$1-$2')
        .toLowerCase()}/index.js`,
  },
  {
    source: '@ant-design/icons',
    index: /node_modules[\\/]@ant-design[\\/]icons[\\/]es[\\/]index\.js$/,
    component: (name) => `@ant-design/icons/es/icons/${name}.js`,
  },
];

const NAMED_IMPORT = /(?:import|export)\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g;
const OTHER_IMPORT = /import\s+(?!type\b)[^'"{;]*?\bfrom\s*['"]([^'"]+)['"]/g;

export interface SignedInChunks {
  plugin: Plugin;
  /** the modules the entry imports statically, which every page evaluates first (not the entry) */
  inStart(id: string): boolean;
  /** the modules the sign-in page and the app's root need beyond those (not views) */
  inSignIn(id: string): boolean;
  /** the modules every signed-in page needs and the sign-in page does not (not views) */
  inShell(id: string): boolean;
  /** the modules one of `pages` adds to the shell and to the pages before it (not views) */
  inPage(name: string): (id: string) => boolean;
}

/** A large page whose own modules, beyond the shell's, go in one chunk. */
export interface PageRoots {
  /** files (relative to the project) it starts from */
  files: string[];
  /** modules its walk does not enter: what only they import is left to a later page */
  apart?: RegExp;
}

export interface SignedInRoots {
  /** the project's folder: the files below are relative to it */
  root: string;
  /** the entry (relative to the project): what it imports statically is the app's first part */
  start: string;
  /** files (relative to the project) the sign-in page starts from: the app's root and its view */
  signIn: string[];
  /** files every signed-in page starts from: the shell, the home page */
  shell: string[];
  /** packages imported on demand that every signed-in page needs (antd's Chinese texts) */
  shellPackages: RegExp[];
  /** modules never taken: the views, which are chunks of their own */
  never: RegExp;
  /** large pages, by chunk name: each takes what the shell and the pages before it have not */
  pages: Record<string, PageRoots>;
}

const stripQuery = (id: string) => id.replace(/\?.*$/, '');

export function signedInChunks(roots: SignedInRoots): SignedInChunks {
  // a source file → the component modules it imports through a package index, or null when it
  // takes the index whole (`import * as`, a default import): then the walk follows the index
  const barrelImports = new Map<string, Map<string, string[] | null>>();
  let start = new Set<string>();
  let signIn = new Set<string>();
  let shell = new Set<string>();
  const pages = new Map<string, Set<string>>();
  const nodeModules = nodeModulesOf(roots.root);

  const plugin: Plugin = {
    name: 'signed-in-chunks',
    // the groups split a production build; the dev server serves modules one by one
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (id.includes('node_modules') || !/\.[cm]?[jt]sx?$/.test(stripQuery(id))) return;
      const found = new Map<string, string[] | null>();
      for (const [, names, source] of code.matchAll(NAMED_IMPORT)) {
        const barrel = BARRELS.find((b) => b.source === source);
        if (!barrel || found.get(source) === null) continue;
        const modules = found.get(source) ?? [];
        for (const part of names.split(',')) {
          const name = part
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)[0];
          // a type only import brings no module
          if (!name || /^type\s/.test(part.trim())) continue;
          const file = join(nodeModules, barrel.component(name));
          // a name that is no component module (a hook, a helper): the index is walked
          if (!existsSync(file)) {
            found.set(source, null);
            break;
          }
          // the bundler names a module by its real path (node_modules may be a link)
          modules.push(realpathSync(file));
        }
        if (found.get(source) !== null) found.set(source, modules);
      }
      for (const [, source] of code.matchAll(OTHER_IMPORT))
        if (BARRELS.some((b) => b.source === source)) found.set(source, null);
      if (found.size > 0) barrelImports.set(stripQuery(id), found);
    },
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const byPath = new Map(ids.map((id) => [stripQuery(id), id]));
      const idOf = (file: string) => byPath.get(file);

      const walk = (starts: string[], apart?: RegExp): Set<string> => {
        const seen = new Set<string>();
        const stack = starts.filter(Boolean);
        while (stack.length > 0) {
          const id = stack.pop()!;
          if (seen.has(id) || apart?.test(stripQuery(id))) continue;
          seen.add(id);
          const info = this.getModuleInfo(id);
          if (!info) continue;
          const chosen = barrelImports.get(stripQuery(id));
          for (const imported of info.importedIds) {
            const barrel = BARRELS.find((b) => b.index.test(stripQuery(imported)));
            const components = barrel && chosen?.get(barrel.source);
            if (barrel && components) {
              for (const file of components) {
                const component = idOf(file);
                if (component) stack.push(component);
              }
            } else stack.push(imported);
          }
        }
        return seen;
      };

      const fromRoot = (files: string[]) =>
        files
          .map((file) => idOf(realpathSync(join(roots.root, file))))
          .filter((id): id is string => Boolean(id));
      const startRoots = fromRoot([roots.start]);
      const signInRoots = fromRoot(roots.signIn);
      const shellRoots = [
        ...fromRoot(roots.shell),
        ...ids.filter((id) => roots.shellPackages.some((pattern) => pattern.test(id))),
      ];
      if (
        startRoots.length !== 1 ||
        signInRoots.length !== roots.signIn.length ||
        shellRoots.length < roots.shell.length
      )
        this.error(
          `signed-in-chunks: a root is missing from the build (${[roots.start, ...roots.signIn, ...roots.shell]})`,
        );
      // the entry itself stays the entry's chunk; the sign-in roots (the app's root, the sign-in
      // page's view, which `never` keeps out) go with what they import
      start = walk(startRoots);
      for (const id of startRoots) start.delete(id);
      const reactDom = [...start].find((id) =>
        /node_modules[\\/]react-dom[\\/]client\.js$/.test(stripQuery(id)),
      );
      if (reactDom)
        this.error(
          `signed-in-chunks: ${roots.start} imports react-dom/client (through antd or rc-component?); its first part must not, see src/main.tsx`,
        );
      signIn = walk(signInRoots);
      for (const id of [...start, ...startRoots]) signIn.delete(id);
      shell = walk(shellRoots);
      for (const id of [...start, ...startRoots, ...signIn]) shell.delete(id);
      const taken = new Set([...start, ...startRoots, ...signIn, ...shell]);
      pages.clear();
      for (const [name, page] of Object.entries(roots.pages)) {
        const pageRoots = fromRoot(page.files);
        if (pageRoots.length !== page.files.length)
          this.error(`signed-in-chunks: a root of the ${name} page is missing from the build`);
        const own = new Set([...walk(pageRoots, page.apart)].filter((id) => !taken.has(id)));
        for (const id of own) taken.add(id);
        pages.set(name, own);
      }
    },
  };

  return {
    plugin,
    inStart: (id) => start.has(id) && !roots.never.test(id),
    inSignIn: (id) => signIn.has(id) && !roots.never.test(id),
    inShell: (id) => shell.has(id) && !roots.never.test(id),
    inPage: (name) => (id) => (pages.get(name)?.has(id) ?? false) && !roots.never.test(id),
  };
}

/** The project's own node_modules, for the component modules named above. */
function nodeModulesOf(root: string): string {
  let dir = root;
  while (!existsSync(join(dir, 'node_modules'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no node_modules above ${root}`);
    dir = parent;
  }
  return join(dir, 'node_modules');
}
