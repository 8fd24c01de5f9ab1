// The real API (server/app.ts over PGlite, tests/server/harness.ts) behind the page tests' local
// HTTP server: that server answers jsdom's CORS preflights, and hands every other request to the
// app as it arrived, so a component talks to the real routes, checks and data. The session is
// the one `token` names, or without it the one the request carries (the app's own sign-in).
import type { FastifyInstance } from 'fastify';
import type { Handler } from '../client/testServer.ts';

export function forwardTo(app: FastifyInstance, token?: () => string): Handler {
  return async (req) => {
    const headers: Record<string, string> = {};
    if (token) headers['x-token'] = token();
    for (const name of token
      ? ['content-type', 'accept-language']
      : ['x-token', 'content-type', 'accept-language'])
      if (typeof req.headers[name] === 'string') headers[name] = req.headers[name] as string;
    const query = req.query.toString();
    const response = await app.inject({
      method: req.method as 'GET',
      url: `${req.path}${query ? `?${query}` : ''}`,
      headers,
      payload: req.body === '' ? undefined : req.body,
    });
    return {
      status: response.statusCode,
      body: response.rawPayload,
      headers: { 'content-type': String(response.headers['content-type'] ?? 'application/octet-stream') },
    };
  };
}

/** The same for a server in a process of its own (tests/e2e/serverProcess.ts), reached over HTTP. */
export function forwardToUrl(baseUrl: string): Handler {
  return async (req) => {
    const query = req.query.toString();
    const answer = await fetch(`${baseUrl}${req.path}${query ? `?${query}` : ''}`, {
      method: req.method,
      headers: Object.fromEntries(
        ['x-token', 'content-type']
          .filter((name) => typeof req.headers[name] === 'string')
          .map((name) => [name, req.headers[name] as string]),
      ),
      body: req.method === 'GET' || req.method === 'HEAD' ? undefined : req.body,
    });
    return {
      status: answer.status,
      body: new Uint8Array(await answer.arrayBuffer()),
      headers: { 'content-type': answer.headers.get('content-type') ?? 'application/json' },
    };
  };
}
