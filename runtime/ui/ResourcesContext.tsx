// Ref fields name another resource (`ref: roles`); their pickers and list labels need that
// resource's client. The app provides every resource once, here, instead of threading clients
// through each page and form.
import type { AxiosInstance } from 'axios';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { createMediaClient, type MediaClient } from '../client/mediaClient.ts';
import { createResourceClient, type ResourceClient } from '../client/resourceClient.ts';
import type { Resource } from '../schema/types.ts';

export interface ResourcesValue {
  resources: readonly Resource[];
  clientFor(name: string): ResourceClient | undefined;
  /** the media library: the uploads every file field and rich text may reuse */
  media: MediaClient;
}

export interface ResourcesProviderProps {
  http: AxiosInstance;
  resources: readonly Resource[];
  children: ReactNode;
}

const ResourcesContext = createContext<ResourcesValue | null>(null);

export function ResourcesProvider({ http, resources, children }: ResourcesProviderProps) {
  const value = useMemo<ResourcesValue>(() => {
    const clients = new Map(resources.map((r) => [r.name, createResourceClient(http, r)]));
    return { resources, clientFor: (name) => clients.get(name), media: createMediaClient(http) };
  }, [http, resources]);
  return <ResourcesContext.Provider value={value}>{children}</ResourcesContext.Provider>;
}

/** Every resource's client; a ref field without a provider is a wiring mistake, not a state to draw. */
export function useResources(): ResourcesValue {
  const value = useContext(ResourcesContext);
  if (!value) throw new Error('ref fields need a ResourcesProvider above the page or form');
  return value;
}

/** The client of a referenced resource. */
export function useRefClient(name: string): ResourceClient {
  const client = useResources().clientFor(name);
  if (!client) throw new Error(`a field refers to ${name}, which the ResourcesProvider does not know`);
  return client;
}
