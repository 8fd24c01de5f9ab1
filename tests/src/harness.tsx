// What a hand-written page needs around it in a test: the built manifest's resources with their
// clients over a fake HTTP adapter (answers by method and path), react-query, a router and antd's App.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import type { AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import built from '../../generated/manifest.json';
import { createHttp } from '../../runtime/client/http.ts';
import type { Manifest } from '../../runtime/schema/types.ts';
import { ResourcesProvider } from '../../runtime/ui/ResourcesContext.tsx';

// the committed build of schemas/, which is what the server answers GET /api/sys/manifest with
const manifest = built as unknown as Manifest;

export interface Call {
  method: string;
  url: string;
  params: Record<string, unknown>;
  body: string;
}

/** 'GET /api/cms/contents' → the envelope's data, or a function of the call (its promise awaited). */
export type Answers = Record<string, unknown | ((call: Call) => unknown)>;

export function fakeHttp(answers: Answers, calls: Call[] = []) {
  const http = createHttp({ getToken: () => 'tok', notify: { error() {} }, onTokenFailed() {} });
  http.defaults.adapter = fakeAdapter(answers, calls);
  return http;
}

/** The transport fakeHttp gives its client, for an HTTP client the app already has (src/api/http.ts). */
export function fakeAdapter(answers: Answers, calls: Call[] = []) {
  return async (config: InternalAxiosRequestConfig) => {
    const call: Call = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      params: (config.params ?? {}) as Record<string, unknown>,
      body: typeof config.data === 'string' ? config.data : '',
    };
    calls.push(call);
    const key = `${call.method} ${call.url}`;
    if (!(key in answers)) throw new Error(`no answer for ${key}`);
    const answer = answers[key];
    // an answer may be held back (a promise) to show what the page draws while it waits
    const data = await (typeof answer === 'function' ? (answer as (c: Call) => unknown)(call) : answer);
    return {
      data: { meta: { success: true, message: '' }, data },
      status: 200,
      statusText: 'OK',
      headers: {},
      config,
    } as AxiosResponse;
  };
}

export function renderPage(element: ReactNode, http: ReturnType<typeof createHttp>, url = '/') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [url] });
  return {
    router,
    element: (
      <App>
        <QueryClientProvider client={queryClient}>
          <ResourcesProvider http={http} resources={manifest.resources}>
            <RouterProvider router={router} />
          </ResourcesProvider>
        </QueryClientProvider>
      </App>
    ),
  };
}
