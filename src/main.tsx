// first: every style element the page makes from here on carries the page's nonce (cspNonce.ts)
import './app/cspNonce.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { connectHttp } from './app/connectHttp.ts';
import { Root } from './app/Root.tsx';
import { LOGIN_PATH } from './config.ts';
import { resumeSignedInPage } from './router/preload.ts';
import { router } from './router/router.tsx';
import { useSessionStore } from './stores/session.ts';
import './styles/layout.css';

// before the first call: the HTTP client asks the app for the token and shows failures through it
connectHttp();

// A reload with a session asks for the profile and the route table before React's first render
// rather than in the route guard's effect after it: the page they open is drawn that much sooner.
const { pathname } = router.state.location;
if (useSessionStore.getState().token && pathname !== LOGIN_PATH) resumeSignedInPage(pathname);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Root />
  </StrictMode>,
);
