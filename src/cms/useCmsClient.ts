import type { ResourceClient } from '../../runtime/client/resourceClient.ts';
import { permissionCode } from '../../runtime/schema/manifest.ts';
import { useResources } from '../../runtime/ui/ResourcesContext.tsx';
import { useCan } from '../stores/useCan.ts';

export interface CmsClient {
  /** absent when this build has no such resource or the user may not list it */
  client: ResourceClient | undefined;
  canUpdate: boolean;
  canCreate: boolean;
  canDelete: boolean;
}

/** A resource's client for a hand-written page, with what the user may do with it. */
export function useCmsClient(name: string): CmsClient {
  const can = useCan();
  const client = useResources().clientFor(name);
  const allowed = (action: string) => Boolean(client && can(permissionCode(client.resource, action)));
  return {
    client: allowed('list') ? client : undefined,
    canUpdate: allowed('update'),
    canCreate: allowed('create'),
    canDelete: allowed('delete'),
  };
}
