// @vitest-environment node
// index.html names, beside the entry, the chunk the entry imports on demand as it starts
// (build/preloadOnStart.ts), with that chunk's imports and styles, and nothing else the entry may
// import later. A small app is built with Vite and the plugin, and its page read.
import { describe, expect, it } from 'vitest';
import { preloadOnStart } from '../../build/preloadOnStart.ts';
import { buildApp as buildSmallApp } from './smallApp.ts';

const buildApp = (modules: string[]) => buildSmallApp((root) => [preloadOnStart(root, modules)]);

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
