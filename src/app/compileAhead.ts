// On a reload the browser finds the app's chunks in its memory cache and compiles one in the task
// that imports it, then evaluates it in a task soon after, which the browser often runs before it
// draws again: one frame of both, 60-90 ms for the shell's code on a slow machine
// (docs/benchmarks.md, "Tree tables"). A module preload compiles a chunk without evaluating it, and
// an import of it afterwards only evaluates it: asked for a frame apart, the two are drawn in
// frames of their own. The files of each piece of code are named in index.html by the build
// (build/codeFilesByName.ts); the development server names none, and there nothing is done ahead.

import { afterNextFrame } from './afterNextFrame.ts';
import { styleNonce } from './cspNonce.ts';

/** The addresses of the files the build names for the code called `name`; none where it names none. */
export function codeFiles(name: string): string[] {
  const meta = document.querySelector<HTMLMetaElement>(`meta[name="code-files"][data-code="${name}"]`);
  if (!meta) return [];
  return meta.content
    .split(/\s+/)
    .filter(Boolean)
    .map((file) => new URL(file, document.baseURI).href);
}

/**
 * Has the browser compile (and, for style sheets, apply) `files`; resolves once each has loaded or
 * failed. The style sheets are linked first, the scripts a frame after them and a frame apart: from
 * the memory cache each compiles in the task that links it, and the list page's code is five files
 * of 10-25 ms each on a slow machine (vite.config.ts), which in one task would make a frame of
 * them all. Not cached, each is fetched and compiled off the main thread as it arrives, and the frames
 * between links cost next to nothing.
 */
export async function compileAhead(files: readonly string[]): Promise<void> {
  const sheets = files.filter(isStyleSheet);
  const scripts = files.filter((href) => !isStyleSheet(href));
  const loads = sheets.filter((href) => !isLinked(href)).map(link);
  // a style sheet from the memory cache is parsed as it is linked and restyles the page in the
  // frame after: the shell's (antd's prebuilt rules, 980 kB) takes 7-12 ms and then the page's
  // style, so its frame is its own, not the shell's script's
  let linkedOne = loads.length > 0;
  for (const href of scripts) {
    if (isLinked(href)) continue;
    if (linkedOne) {
      await afterNextFrame();
      // looked for again: another piece of code's compile may have linked it in the frame waited
      if (isLinked(href)) continue;
    }
    loads.push(link(href));
    linkedOne = true;
  }
  await Promise.all(loads);
}

/**
 * Whether the document links `href` already: compiled or on its way (the start's preloads, an
 * earlier import, another compile ahead). Vite's preload helper, which the import runs, likewise
 * adds no link for what is linked.
 */
function isLinked(href: string): boolean {
  return Array.from(document.getElementsByTagName('link')).some((element) => element.href === href);
}

function isStyleSheet(href: string): boolean {
  return new URL(href).pathname.endsWith('.css');
}

/** Links `href` as Vite's preload helper would; resolves once it has loaded or failed. */
function link(href: string): Promise<void> {
  const element = document.createElement('link');
  const sheet = isStyleSheet(href);
  // as Vite's preload helper writes them, so that the import finds the same request done
  element.rel = sheet ? 'stylesheet' : 'modulepreload';
  if (!sheet) element.as = 'script';
  element.crossOrigin = '';
  element.href = href;
  if (styleNonce) element.nonce = styleNonce;
  // a file that fails is left to the import, which reports it as the page's own error
  const settled = new Promise<void>((resolve) => {
    element.addEventListener('load', () => resolve(), { once: true });
    element.addEventListener('error', () => resolve(), { once: true });
  });
  document.head.append(element);
  return settled;
}
