// Spec §2 resets the scroll to the top on every navigation; a view kept alive in its tab (spec §4
// cached list) is the exception: going back to it finds it scrolled where it was left. The shell
// records the window's scroll per path while a view is cached; the router reads it on navigation.

const positions = new Map<string, number>();

export function rememberScroll(path: string, top: number): void {
  positions.set(path, top);
}

export function forgetScroll(path: string): void {
  positions.delete(path);
}

/** Where the window goes after navigating to `path`: where its kept-alive view was left, else the top. */
export function scrollTopFor(path: string): number {
  return positions.get(path) ?? 0;
}
