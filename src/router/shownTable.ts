// The route table the app draws, a step behind the permission store's: a change of the store's
// table (a reload's or a sign-in's, a role switch, a sign-out) is drawn in a transition, which
// React renders in slices between frames. Read from the store, a new table drew the whole shell
// and its page in one task, 180–230 ms on the machines of docs/benchmarks.md ("Tree tables"),
// since a store read through useSyncExternalStore always renders at once.
//
// The route guard and the catch-all read this table's `generated`, not the store's: read from
// the store, the catch-all still drawn under the old table would see the new one's `generated`
// and send a just-restored user to /404.

import { createContext, startTransition, useContext, useEffect, useState } from 'react';
import { type PermissionState, usePermissionStore } from '../stores/permission.ts';

export type ShownTable = Pick<PermissionState, 'routes' | 'generated'>;

const pick = ({ routes, generated }: PermissionState): ShownTable => ({ routes, generated });

export const ShownTableContext = createContext<ShownTable>(pick(usePermissionStore.getState()));

/** The table the route guard and the catch-all are drawn under (AppRoutes provides it). */
export function useShownTable(): ShownTable {
  return useContext(ShownTableContext);
}

/** The permission store's table, each change of it taken in a transition. */
export function useTableShownInTransition(): ShownTable {
  const [shown, setShown] = useState(() => pick(usePermissionStore.getState()));
  useEffect(() => {
    const take = (state: PermissionState) =>
      startTransition(() =>
        setShown((current) =>
          current.routes === state.routes && current.generated === state.generated ? current : pick(state),
        ),
      );
    const unsubscribe = usePermissionStore.subscribe(take);
    // a change between the first render and this effect
    take(usePermissionStore.getState());
    return unsubscribe;
  }, []);
  return shown;
}
