import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Root } from './app/Root.tsx';
import { LOGIN_PATH } from './config.ts';
import { resumeSignedInPage } from './router/preload.ts';
import { router } from './router/router.tsx';
import { useSessionStore } from './stores/session.ts';
import './styles/layout.css';

// A reload with a session asks for the profile and the route table before React's first render
// rather than in the route guard's effect after it: the page they open is drawn that much sooner.
const { pathname } = router.state.location;
if (useSessionStore.getState().token && pathname !== LOGIN_PATH) resumeSignedInPage(pathname);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Root />
  </StrictMode>,
);
