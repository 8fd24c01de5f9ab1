// On a reload the browser finds the app's chunks in its memory cache and compiles one in the task
// that imports it, then evaluates it in a task soon after, which the browser often runs before it
// draws again: one frame of both, 60-90 ms for the shell's code on a slow machine
// (docs/benchmarks.md, "Tree tables"). A module preload compiles a chunk without evaluating it, and
// an import of it afterwards only evaluates it: asked for a frame apart, the two are drawn in
// frames of their own. The files of each piece of code are named in index.html by the build
// (build/codeFilesByName.ts); the development server names none, and there nothing is done ahead.

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

/** Has the browser compile (and, for style sheets, apply) `files`; resolves once each has loaded or failed. */
export function compileAhead(files: readonly string[]): Promise<void> {
  const linked = new Set(Array.from(document.getElementsByTagName('link'), (link) => link.href));
  const loads = files
    // what is linked already is compiled or on its way (the start's preloads, an earlier import);
    // Vite's preload helper, which the import runs, likewise adds no link for what is linked
    .filter((href) => !linked.has(href))
    .map((href) => {
      const link = document.createElement('link');
      const sheet = new URL(href).pathname.endsWith('.css');
      // as Vite's preload helper writes them, so that the import finds the same request done
      link.rel = sheet ? 'stylesheet' : 'modulepreload';
      if (!sheet) link.as = 'script';
      link.crossOrigin = '';
      link.href = href;
      if (styleNonce) link.nonce = styleNonce;
      // a file that fails is left to the import, which reports it as the page's own error
      const settled = new Promise<void>((resolve) => {
        link.addEventListener('load', () => resolve(), { once: true });
        link.addEventListener('error', () => resolve(), { once: true });
      });
      document.head.append(link);
      return settled;
    });
  return Promise.all(loads).then(() => undefined);
}
