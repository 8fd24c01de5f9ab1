// A reload's code compiled ahead of its import (src/app/compileAhead.ts): the files index.html
// names for a piece of code, each linked once as Vite's preload helper links it, and a promise
// that waits for every one of them to load or fail. jsdom loads no links: the test fires each
// link's load or error event as a browser would once the file is compiled or refused.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { codeFiles, compileAhead } from '../../../src/app/compileAhead.ts';
import { heldFrames, nextTask } from '../testFrames.ts';

afterEach(() => {
  vi.restoreAllMocks();
  for (const element of document.head.querySelectorAll('meta[name="code-files"], link')) element.remove();
});

function nameCode(code: string, files: string) {
  const meta = document.createElement('meta');
  meta.name = 'code-files';
  meta.dataset.code = code;
  meta.content = files;
  document.head.append(meta);
}

/** A module preload of `href` as index.html writes the start's. */
function preloadedAtStart(href: string): HTMLLinkElement {
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.href = href;
  document.head.append(link);
  return link;
}

const linkTo = (href: string) =>
  Array.from(document.head.querySelectorAll('link')).filter((link) => link.href === href);

describe('codeFiles', () => {
  it('gives the files named for the code, as addresses from the page, and none for code not named', () => {
    nameCode('shell', './assets/shell-a.js ./assets/shell-b.css');
    nameCode('list', './assets/list-a.js');
    expect(codeFiles('shell')).toEqual([
      new URL('./assets/shell-a.js', document.baseURI).href,
      new URL('./assets/shell-b.css', document.baseURI).href,
    ]);
    expect(codeFiles('list')).toEqual([new URL('./assets/list-a.js', document.baseURI).href]);
    expect(codeFiles('form')).toEqual([]);
  });
});

describe('compileAhead', () => {
  it('links each file not linked yet as Vite does, and resolves once each has loaded or failed', async () => {
    const frames = heldFrames();
    nameCode('list', './assets/list-a.js ./assets/shared-b.js ./assets/list-c.css');
    const [script, shared, sheet] = codeFiles('list');
    // the start's preload of the shared chunk: not linked again
    const earlier = preloadedAtStart(shared);

    let done = false;
    const compiled = compileAhead(codeFiles('list')).then(() => {
      done = true;
    });
    frames.drawFrame();
    await nextTask();
    expect(linkTo(shared)).toEqual([earlier]);
    const [scriptLink] = linkTo(script);
    const [sheetLink] = linkTo(sheet);
    expect([scriptLink.rel, scriptLink.as, scriptLink.crossOrigin]).toEqual(['modulepreload', 'script', '']);
    expect([sheetLink.rel, sheetLink.crossOrigin]).toEqual(['stylesheet', '']);

    scriptLink.dispatchEvent(new Event('load'));
    await nextTask();
    expect(done).toBe(false);
    // a file refused is left to the import, which reports it
    sheetLink.dispatchEvent(new Event('error'));
    await compiled;
    expect(done).toBe(true);
  });

  it('links the style sheets at once, then the scripts a frame after them and a frame apart, each compiled in a task of its own', async () => {
    const frames = heldFrames();
    nameCode('list', './assets/list-a.js ./assets/list-b.js ./assets/list-c.css');
    const [first, second, sheet] = codeFiles('list');
    let done = false;
    const compiled = compileAhead(codeFiles('list')).then(() => {
      done = true;
    });
    expect(linkTo(sheet)).toHaveLength(1);
    expect(linkTo(first)).toHaveLength(0);
    frames.drawFrame();
    await nextTask();
    expect(linkTo(first)).toHaveLength(1);
    expect(linkTo(second)).toHaveLength(0);

    // loaded, the first file does not bring the second: a frame does
    linkTo(first)[0].dispatchEvent(new Event('load'));
    await nextTask();
    expect(linkTo(second)).toHaveLength(0);
    frames.drawFrame();
    await nextTask();
    const [secondLink] = linkTo(second);
    expect([secondLink.rel, secondLink.as]).toEqual(['modulepreload', 'script']);

    linkTo(sheet)[0].dispatchEvent(new Event('load'));
    await nextTask();
    expect(done).toBe(false);
    secondLink.dispatchEvent(new Event('load'));
    await compiled;
    expect(done).toBe(true);
  });

  it('waits no frame for a file linked already, and links none twice when another compile links it meanwhile', async () => {
    const frames = heldFrames();
    nameCode('list', './assets/shared-a.js ./assets/list-b.js ./assets/list-c.js');
    const [shared, second, third] = codeFiles('list');
    preloadedAtStart(shared);

    const compiled = compileAhead(codeFiles('list'));
    // the shared file cost no frame: the next is linked at once
    expect(linkTo(second)).toHaveLength(1);
    expect(linkTo(third)).toHaveLength(0);
    // another piece of code's compile, while this one waits its frame, links the third file
    const other = compileAhead([third]);
    expect(linkTo(third)).toHaveLength(1);
    frames.drawFrame();
    await nextTask();
    expect(linkTo(third)).toHaveLength(1);

    for (const href of [second, third]) linkTo(href)[0].dispatchEvent(new Event('load'));
    await Promise.all([compiled, other]);
  });

  it('resolves at once for no files, as in development, where the page names none', async () => {
    await compileAhead(codeFiles('shell'));
    expect(document.head.querySelectorAll('link')).toHaveLength(0);
  });
});
