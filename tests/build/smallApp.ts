// A small app built with Vite and the plugins under test, for the build's plugins' tests: an
// entry, the start's second part it imports a frame later, and a page it may open later, with
// styles and a module the two share.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type Plugin } from 'vite';
import { afterAll } from 'vitest';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** Builds the app below with the plugins `plugins(root)`; gives index.html and the chunks' names. */
export async function buildApp(
  plugins: (root: string) => Plugin[],
): Promise<{ html: string; chunk: (module: string) => string }> {
  const root = await mkdtemp(join(tmpdir(), 'schema-admin-small-app-'));
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
    plugins: plugins(root),
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
