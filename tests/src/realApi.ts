// The real API for the shell's tests: the server app over a fresh in-memory PGlite
// (tests/server/harness.ts) behind a local HTTP server that answers jsdom's CORS preflights and
// hands every request to the app as it came, token included (tests/runtime/ui/apiProxy.ts). The
// app's own HTTP client (src/api/http.ts) is pointed at it and connected as main.tsx connects
// it, so a sign-in, the profile, the route list and a page's calls run the server's routes,
// permission checks and SQL.
import type { FastifyInstance } from 'fastify';
import { http } from '../../src/api/http.ts';
import { connectHttp } from '../../src/app/connectHttp.ts';
import { type Received, startServer as startStub } from '../runtime/client/testServer.ts';
import { forwardTo } from '../runtime/ui/apiProxy.ts';
import {
  ADMIN_PASSWORD,
  backends,
  call,
  createUser,
  login,
  type ServerOptions,
  startServer,
  type TestServer,
} from '../server/harness.ts';

export interface RealApi {
  server: TestServer;
  /** every request that reached the local server, in order */
  received: Received[];
  /** how many requests for `method path` (no query) have reached the server */
  count(method: string, path: string): number;
  /** calls the app as the administrator (JSON body), the envelope's `data` back; throws on a failure */
  asAdmin(method: string, url: string, body?: unknown): Promise<any>;
  /** a user with these roles, named after the test; its id and password */
  user(
    userName: string,
    roleKeys: string[],
    firstlogin?: boolean,
    password?: string,
  ): Promise<{ id: number; password: string }>;
  /**
   * Holds the next requests for `method path` until the returned release is called: the way a
   * test sees what the app does while an answer is on its way, without a timer.
   */
  hold(method: string, path: string): () => void;
  /**
   * The next request for `method path` fails as a lost connection does: the one failure the
   * real server cannot be made to produce.
   */
  dropNext(method: string, path: string): void;
  /**
   * Resolves once every call the app's HTTP client has sent is answered and handled by the client
   * (its toasts and its token prompt shown): a test that registers feedback keeps it until then.
   */
  idle(): Promise<void>;
  /** every request for `method path` fails so until the returned function is called */
  dropAll(method: string, path: string): () => void;
  /** hands the requests to another app over the same database from now on (reopen()) */
  serve(app: FastifyInstance): void;
  close(): Promise<void>;
}

/** `options`: as tests/server/harness.ts's startServer takes them (another manifest, say). */
export async function startRealApi(options: ServerOptions = {}): Promise<RealApi> {
  const server = await startServer(backends[0], {}, options);
  let forward = forwardTo(server.app);
  const held = new Map<string, Promise<void>>();
  /** requests still to drop, by `method path` */
  const dropped = new Map<string, number>();
  const stub = await startStub(async (req) => {
    const key = `${req.method} ${req.path}`;
    const drops = dropped.get(key) ?? 0;
    if (drops > 0) {
      dropped.set(key, drops - 1);
      return { drop: true };
    }
    await held.get(key);
    return forward(req);
  });
  http.defaults.baseURL = stub.url;
  // no request time-out: the spec's 10 s is for a user's network (tests/runtime/client/http.test.ts
  // checks it); the server on a loaded test machine may take longer, and the test's own timeout
  // is the ceiling
  const timeout = http.defaults.timeout;
  http.defaults.timeout = 0;
  // the client's calls under way: counted as they go out, and as the client has handled their
  // answer (the app's own interceptors, added before these, run first on the way back)
  let pending = 0;
  let waiting: Array<() => void> = [];
  const settled = () => {
    pending--;
    if (pending > 0) return;
    const woken = waiting;
    waiting = [];
    for (const wake of woken) wake();
  };
  const counting = http.interceptors.request.use((config) => {
    pending++;
    return config;
  });
  const answered = http.interceptors.response.use(
    (response) => {
      settled();
      return response;
    },
    (error) => {
      settled();
      return Promise.reject(error);
    },
  );
  let admin: string | undefined;
  const disconnect = connectHttp();
  return {
    server,
    received: stub.received,
    count: (method, path) => stub.received.filter((r) => r.method === method && r.path === path).length,
    async asAdmin(method, url, body) {
      admin ??= await login(server.app, 'admin', ADMIN_PASSWORD);
      const answer = await call(server.app, method, url, { token: admin, body });
      if (answer.status !== 200)
        throw new Error(`${method} ${url}: ${answer.status} ${JSON.stringify(answer.body)}`);
      return answer.body.data;
    },
    user: (userName, roleKeys, firstlogin = false, password = 'Passw0rd!long') =>
      createUser(server, userName, roleKeys, password, firstlogin),
    hold(method, path) {
      let release = () => {};
      held.set(
        `${method} ${path}`,
        new Promise<void>((resolve) => {
          release = resolve;
        }),
      );
      return () => {
        held.delete(`${method} ${path}`);
        release();
      };
    },
    serve(app) {
      forward = forwardTo(app);
    },
    idle() {
      return pending === 0 ? Promise.resolve() : new Promise((resolve) => waiting.push(resolve));
    },
    dropNext(method, path) {
      dropped.set(`${method} ${path}`, 1);
    },
    dropAll(method, path) {
      dropped.set(`${method} ${path}`, Number.POSITIVE_INFINITY);
      return () => dropped.delete(`${method} ${path}`);
    },
    async close() {
      http.interceptors.request.eject(counting);
      http.interceptors.response.eject(answered);
      http.defaults.timeout = timeout;
      disconnect();
      await stub.close();
      await server.close();
    },
  };
}
