// Shown while a reloaded page fetches the profile and the route table its token entitles it
// to, and beside them what the page needs to draw at once (router/preload.ts). A failure ends the
// session: the guard then sends the user to sign in.

import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { PageLoading } from '../components/PageLoading.tsx';
import { resumeSignedInPage } from './preload.ts';

export function SessionRestore() {
  const { pathname, search } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the page the reload asked for
  useEffect(() => {
    resumeSignedInPage(`${pathname}${search}`);
  }, []);
  return <PageLoading fullscreen />;
}
