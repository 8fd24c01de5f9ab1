import { API_PATHS } from '../../runtime/contract.ts';
import type { RouteEntry } from '../../runtime/schema/types.ts';
import { getData } from './http.ts';

/** The signed-in user's route list, built by the server from the menus their roles grant. */
export function routesRequest(): Promise<RouteEntry[]> {
  return getData<RouteEntry[]>(API_PATHS.routes);
}
