// The route guard: no token → sign in and come back; a token but no route table yet (a
// reload) → fetch it first; a password someone else chose → replace it before anything else.

import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { PASSWORD_PATH } from '../config.ts';
import { useSessionStore } from '../stores/session.ts';
import { loginPath } from './loginPath.ts';
import { SessionRestore } from './SessionRestore.tsx';
import { useShownTable } from './shownTable.ts';

export interface RequireAuthProps {
  children: ReactNode;
}

export function RequireAuth({ children }: RequireAuthProps) {
  const token = useSessionStore((s) => s.token);
  const firstlogin = useSessionStore((s) => s.firstlogin);
  // the table drawn, not the store's (shownTable.ts)
  const { generated } = useShownTable();
  const location = useLocation();

  if (!token) return <Navigate to={loginPath(location)} replace />;
  if (!generated) return <SessionRestore />;
  if (firstlogin && location.pathname !== PASSWORD_PATH) {
    const back = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`${PASSWORD_PATH}?redirect=${back}`} replace />;
  }
  return children;
}
