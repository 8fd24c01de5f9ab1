// Leaving a page that holds unsaved work: a move to another route of the app is held while
// `unsaved()` says so, and `onBlocked` decides (go on or stay); closing or reloading the tab
// gets the browser's own question. Route moves can be held only under a data router (the app's
// createHashRouter); under a plain router (a component test) only the tab is guarded.
import { useContext, useEffect, useRef } from 'react';
import { UNSAFE_DataRouterContext, useBlocker } from 'react-router-dom';

export interface LeaveGuardProps {
  unsaved: () => boolean;
  onBlocked: (proceed: () => void, stay: () => void) => void;
}

function RouteGuard({ unsaved, onBlocked }: LeaveGuardProps) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsaved() &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  const heard = useRef(onBlocked);
  heard.current = onBlocked;
  const { state, proceed, reset } = blocker;
  // once per held move: the effect runs again only when the blocker's state changes
  useEffect(() => {
    if (state === 'blocked' && proceed && reset) heard.current(proceed, reset);
  }, [state, proceed, reset]);
  return null;
}

export function LeaveGuard(props: LeaveGuardProps) {
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  const { unsaved } = props;
  useEffect(() => {
    const ask = (event: BeforeUnloadEvent) => {
      if (!unsaved()) return;
      event.preventDefault();
      // older browsers ask only when a return value is set
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [unsaved]);
  return dataRouter ? <RouteGuard {...props} /> : null;
}
