// @vitest-environment node
// index.html names, under the names it is given, the files each piece of on-demand code is built
// into (build/codeFilesByName.ts): its chunk, the chunks that chunk imports and their styles, and
// nothing of the code it does not need. A small app is built with Vite and the plugin.
import { describe, expect, it } from 'vitest';
import { codeFilesByName } from '../../build/codeFilesByName.ts';
import { buildApp } from './smallApp.ts';

const named = (html: string, code: string) =>
  html.match(new RegExp(`<meta name="code-files" data-code="${code}" content="([^"]*)">`))?.[1].split(' ');

describe('codeFilesByName', () => {
  it("names each piece of code's chunk, its imports and its styles, and no other code's", async () => {
    const { html, chunk } = await buildApp((root) => [
      codeFilesByName(root, { start: 'mount.js', later: 'later.js' }),
    ]);
    const start = named(html, 'start');
    const later = named(html, 'later');
    expect(start?.filter((file) => file.endsWith('.js'))).toEqual(
      expect.arrayContaining([chunk('mount'), chunk('both')]),
    );
    expect(start?.some((file) => /\/mount-[^/]+\.css$/.test(file))).toBe(true);
    expect(start?.some((file) => file === chunk('later') || /\/later-[^/]+\.css$/.test(file))).toBe(false);
    expect(later).toEqual(expect.arrayContaining([chunk('later'), chunk('both')]));
    expect(later?.some((file) => /\/later-[^/]+\.css$/.test(file))).toBe(true);
    expect(later?.includes(chunk('mount'))).toBe(false);
  });

  it('refuses to build when a module it was asked for is not in the build', async () => {
    await expect(buildApp((root) => [codeFilesByName(root, { gone: 'missing.js' })])).rejects.toThrow(
      /gone: .*missing\.js/,
    );
  });
});
