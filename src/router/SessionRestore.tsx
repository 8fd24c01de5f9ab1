// Shown while a reloaded page fetches the profile and the route table its token entitles it
// to, while the shell's code and the page's (when the app knows it already) are fetched beside
// them. A failure ends the session: the guard then sends the user to sign in.

import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { PageLoading } from '../components/PageLoading.tsx';
import { restoreSession } from '../session/restoreSession.ts';
import { usePermissionStore } from '../stores/permission.ts';
import { useSessionStore } from '../stores/session.ts';
import { preloadSignedInPage } from './preload.ts';

export function SessionRestore() {
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the page the reload asked for
  useEffect(() => {
    // the calls first: a browser opens six connections to a host, and the code fetches would fill them
    restoreSession().catch(() => useSessionStore.getState().resetToken());
    preloadSignedInPage(usePermissionStore.getState().routes, pathname);
  }, []);
  return <PageLoading fullscreen />;
}
