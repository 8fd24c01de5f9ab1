import type { AppRoute } from '../../src/router/types.ts';

/** A page route for the menu and tab tests: named and titled alike, its view after its path. */
export function page(path: string, title: string, extra: Partial<AppRoute> = {}): AppRoute {
  return { path, name: title, component: `views${path}`, meta: { title }, ...extra };
}
