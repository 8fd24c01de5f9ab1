import { API_PATHS } from '../../runtime/contract.ts';
import type { Resource } from '../../runtime/schema/types.ts';
import { getData } from './http.ts';

/** What the app needs of the server's manifest: the resources its generated pages are made from. */
export interface ClientManifest {
  resources: Resource[];
}

/** The resources the server was started with (GET /api/sys/manifest). */
export function manifestRequest(): Promise<ClientManifest> {
  return getData<ClientManifest>(API_PATHS.manifest);
}
