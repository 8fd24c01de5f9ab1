// A real HTTP server on 127.0.0.1 for client and page tests: each test states what the server
// answers and reads back exactly what arrived on the wire. It answers CORS preflights because
// jsdom's XMLHttpRequest enforces them (the test page's origin is not the server's).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  /** raw body text */
  body: string;
  /** the body read as a form */
  form: URLSearchParams;
}

export interface Reply {
  status?: number;
  json?: unknown;
  body?: string | Uint8Array;
  headers?: Record<string, string>;
  /** never answer (time-out tests) */
  hang?: boolean;
  /** close the connection without an answer, as a lost network does */
  drop?: boolean;
}

export type Handler = (req: Received) => Reply | Promise<Reply>;

export interface TestServer {
  url: string;
  received: Received[];
  handle(handler: Handler): void;
  close(): Promise<void>;
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'X-Token, Content-Type',
  'access-control-allow-methods': 'GET, POST, PUT, DELETE',
  'access-control-expose-headers': 'Content-Disposition',
};

export function ok(data: unknown, message = ''): Reply {
  return { json: { meta: { success: true, message }, data } };
}

export function failure(status: number, message: string, data: unknown = null): Reply {
  return { status, json: { meta: { success: false, message }, data } };
}

export async function startServer(initial?: Handler): Promise<TestServer> {
  let handler: Handler = initial ?? (() => ok(null));
  const received: Received[] = [];
  const hanging: ServerResponse[] = [];
  const server = createServer((req, res) => {
    // one request per connection: a kept-alive socket the server closes when idle (after 5 s)
    // could be picked for the next request just as it closes, and that request would fail
    res.setHeader('connection', 'close');
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      if (req.method === 'OPTIONS') {
        res.writeHead(204, CORS).end();
        return;
      }
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const body = Buffer.concat(chunks).toString('utf8');
      const entry: Received = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body,
        form: new URLSearchParams(body),
      };
      received.push(entry);
      const reply = await handler(entry);
      if (reply.drop) {
        res.destroy();
        return;
      }
      if (reply.hang) {
        hanging.push(res);
        return;
      }
      const headers: Record<string, string> = { ...CORS, ...reply.headers };
      let payload: string | Uint8Array = reply.body ?? '';
      if (reply.json !== undefined) {
        headers['content-type'] = 'application/json; charset=utf-8';
        payload = JSON.stringify(reply.json);
      }
      res.writeHead(reply.status ?? 200, headers).end(payload);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    handle(next) {
      handler = next;
      received.length = 0;
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
