// The last route. Before sign-in an unknown path may well be a page the user is about to be
// allowed (a bookmark), so it goes to sign in; after a reload the table is not built yet, so it
// waits for it; only a signed-in user with a full table lands on /404 (spec §2).

import { Navigate, useLocation } from 'react-router-dom';
import { useSessionStore } from '../stores/session.ts';
import { loginPath } from './loginPath.ts';
import { SessionRestore } from './SessionRestore.tsx';
import { useShownTable } from './shownTable.ts';

export interface CatchAllProps {
  to: string;
}

export function CatchAll({ to }: CatchAllProps) {
  const token = useSessionStore((s) => s.token);
  // the table drawn, not the store's (shownTable.ts)
  const { generated } = useShownTable();
  const location = useLocation();

  if (!token) return <Navigate to={loginPath(location)} replace />;
  if (!generated) return <SessionRestore />;
  return <Navigate to={to} replace />;
}
