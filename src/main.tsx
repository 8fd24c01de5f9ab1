// first: every style element the page makes from here on carries the page's nonce (cspNonce.ts)
import './app/cspNonce.ts';
import { afterNextFrame } from './app/afterNextFrame.ts';
import { connectHttp } from './app/connectHttp.ts';
import { LOGIN_PATH } from './config.ts';
import { preloadSignedInPage, resumeSession } from './router/preload.ts';
import { router } from './router/router.tsx';
import { useSessionStore } from './stores/session.ts';
import './styles/layout.css';

// The app starts in parts, each in a task of its own with a frame drawn between them, as together
// they held the page for one frame of 50-160 ms on a slow machine (docs/benchmarks.md, "Tree
// tables"): this module with the stores, the router and the HTTP client, and the session's calls;
// then the code the page will need, asked for a part at a time (preloadSignedInPage); then
// react-dom; then the app's root and its first render (mountApp.tsx, which index.html preloads
// beside this file).
async function start(): Promise<void> {
  // before the first call: the HTTP client asks the app for the token and shows failures through it
  connectHttp();
  // A reload with a session asks for the profile and the route table before React's first render
  // rather than in the route guard's effect after it: the page they open is drawn that much sooner.
  const { pathname, search } = router.state.location;
  // the query too: a list page's first read is asked for as its URL says (router/preload.ts)
  const resuming =
    useSessionStore.getState().token && pathname !== LOGIN_PATH && resumeSession(`${pathname}${search}`);
  if (resuming) {
    await afterNextFrame();
    await preloadSignedInPage(pathname, 'frame by frame');
  }
  await afterNextFrame();
  // react-dom's client prepared (its code compiled as it first runs) in a task of its own, the
  // largest single part of the start; the root's chunk, which needs it, a frame later. (On a
  // reload whose shell's code was asked for above, antd's utilities, which that code imports,
  // have prepared it already, in the shell's task.)
  await import('react-dom/client');
  await afterNextFrame();
  const { mountApp } = await import('./app/mountApp.tsx');
  mountApp(document.getElementById('root')!);
}

void start();
