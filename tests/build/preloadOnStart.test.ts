// @vitest-environment node
// index.html names, beside the entry, the chunk the entry imports on demand as it starts
// (build/preloadOnStart.ts), with that chunk's imports and styles, and nothing else the entry may
// import later. A small app is built with Vite and the plugin, and its page read.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { preloadOnStart } from '../../build/preloadOnStart.ts';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** Builds the app below with the plugin asked for `modules`; gives index.html and the chunks' names. */
async function buildApp(modules: string[]): Promise<{ html: string; chunk: (module: string) => string }> {
  const root = await mkdtemp(join(tmpdir(), 'schema-admin-preload-'));
  dirs.push(root);
  const files: Record<string, string> = {
    'index.html':
      '<!doctype html><html><head><title>t</title><script type="module" src="./main.js"></script></head><body></body></html>',
    // the entry: a module it imports, then the start's second part, and a page it may open later
    'main.js':
      "import { shared } from './shared.js';\nshared();\nsetTimeout(() => import('./mount.js'));\nwindow.open = () => import('./later.js');\n",
    'shared.js': 'export function shared() { return 1; }\n',
    'mount.js':
      "import './mount.css';\nimport { both } from './both.js';\nimport { shared } from './shared.js';\nboth(shared());\n",
    'mount.css': 'body { margin: 0; }\n',
    // imported by the start's second part and by the later page: a chunk of its own
    'both.js': 'export function both(value) { return value + 1; }\n',
    'later.js': "import { both } from './both.js';\nimport './later.css';\nboth(2);\n",
    'later.css': 'p { color: red; }\n',
  };
  for (const [name, text] of Object.entries(files)) await writeFile(join(root, name), text);
  await build({
    root,
    base: './',
    logLevel: 'silent',
    configFile: false,
    plugins: [preloadOnStart(root, modules)],
    build: { outDir: join(root, 'dist'), minify: false },
  });
  const html = await readFile(join(root, 'dist', 'index.html'), 'utf8');
  const assets = await readdir(join(root, 'dist', 'assets'));
  const chunk = (module: string) => {
    const found = assets.find((file) => file.startsWith(`${module}-`) && file.endsWith('.js'));
    if (!found) throw new Error(`no chunk for ${module} in ${assets.join(', ')}`);
    return `./assets/${found}`;
  };
  return { html, chunk };
}

const links = (html: string, rel: string) =>
  [...html.matchAll(new RegExp(`<link rel="${rel}" crossorigin href="([^"]+)">`, 'g'))].map((m) => m[1]);

describe('preloadOnStart', () => {
  it('names the start chunk, its imports and its styles in the head, once each, and not the later page', async () => {
    const { html, chunk } = await buildApp(['mount.js']);
    const preloads = links(html, 'modulepreload');
    const sheets = links(html, 'stylesheet');
    expect(preloads).toEqual([chunk('mount'), chunk('both')]);
    // the entry's own chunk, which the start chunk imports, is named once, by its script
    expect(html.split(chunk('index')).length).toBe(2);
    expect(sheets.some((href) => /\/mount-[^/]+\.css$/.test(href))).toBe(true);
    expect(sheets.some((href) => /\/later-[^/]+\.css$/.test(href))).toBe(false);
    // in the head, after the entry's script
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head.indexOf(chunk('mount'))).toBeGreaterThan(head.indexOf('<script type="module"'));
  });

  it('refuses to build when a module it was asked for is not in the build', async () => {
    await expect(buildApp(['mount.js', 'missing.js'])).rejects.toThrow(/missing\.js/);
  });
});
