// What a page needs around it in a test: the real schemas through the loader, an HTTP client
// against a real local server, react-query, the resources provider, a router and antd's App.
import { join } from 'node:path';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { type ReactNode, useState } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { expect } from 'vitest';
import { createHttp } from '../../../runtime/client/http.ts';
import { loadSchemaDir } from '../../../runtime/schema/load.ts';
import type { Resource } from '../../../runtime/schema/types.ts';
import { ResourcesProvider } from '../../../runtime/ui/ResourcesContext.tsx';
import type { TestServer } from '../client/testServer.ts';
import type { RealServer } from './realServer.ts';

export async function loadResources(): Promise<Resource[]> {
  const { resources, problems } = await loadSchemaDir(join(process.cwd(), 'schemas'));
  if (problems.length > 0) throw new Error(`schemas do not load: ${JSON.stringify(problems)}`);
  return resources;
}

export function resourceNamed(resources: Resource[], name: string): Resource {
  const found = resources.find((r) => r.name === name);
  if (!found) throw new Error(`no resource ${name}`);
  return found;
}

export function testHttp(server: TestServer, toasts: string[] = []) {
  const http = createHttp({
    baseURL: server.url,
    getToken: () => 'test-token',
    notify: { error: (message) => toasts.push(message) },
    onTokenFailed: () => {},
  });
  // no request time-out: the spec's 10 s is for a user's network (tests/runtime/client/http.test.ts
  // checks it); a server on a loaded test machine may take longer, and the test's own timeout is
  // the ceiling
  http.defaults.timeout = 0;
  return http;
}

/** The app's HTTP client to the real server app (realServer.ts), as its administrator; a toast fails the test. */
export function realHttp(real: RealServer) {
  return createHttp({
    baseURL: real.http.url,
    getToken: () => real.token,
    notify: { error: (message) => expect.fail(`toast: ${message}`) },
    onTokenFailed: () => {},
  });
}

/**
 * The real server's client whose session the test can refuse: while `refuse` holds, each request
 * carries a token the server does not know and is answered 401, as one whose session ended. What
 * the client reported (a toast's text, or 'session' for a lost session) is in `failures`.
 */
export function refusingHttp(real: RealServer) {
  const state = { refuse: false, failures: [] as string[] };
  const http = createHttp({
    baseURL: real.http.url,
    getToken: () => (state.refuse ? 'not-a-session' : real.token),
    notify: { error: (message) => state.failures.push(message) },
    onTokenFailed: () => {
      state.failures.push('session');
    },
  });
  return { http, state };
}

/** The current location, written into the page so tests can read the URL state. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.search}</output>;
}

export function Providers({
  http,
  resources,
  children,
  initialEntry = '/',
}: {
  http: ReturnType<typeof createHttp>;
  resources: Resource[];
  children: ReactNode;
  initialEntry?: string;
}) {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[initialEntry]}>
        <ResourcesProvider http={http} resources={resources}>
          <App>
            {children}
            <LocationProbe />
          </App>
        </ResourcesProvider>
      </MemoryRouter>
    </QueryClientProvider>
  );
}

/** renderHook's wrapper: the providers a page has, around the hook under test. */
export function providersFor(http: ReturnType<typeof createHttp>, resources: Resource[]) {
  return ({ children }: { children: ReactNode }) => (
    <Providers http={http} resources={resources}>
      {children}
    </Providers>
  );
}
