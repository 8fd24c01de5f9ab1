// Sessions on every request and the access rule of every route, plus the two calls that
// start and end a session. Registered with fastify-plugin so its hook covers every route
// registered after it.
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { API_PATHS, TOKEN_HEADER } from '../../runtime/contract.ts';
import { writeAudit } from '../audit.ts';
import { checkAccess, isPublic } from '../auth/access.ts';
import { login } from '../auth/login.ts';
import { findSessionGrants, revokeSession } from '../auth/sessions.ts';
import { ok } from '../http/envelope.ts';
import './types.ts';

const TOKEN_HEADER_NAME = TOKEN_HEADER.toLowerCase();

/** Routes under these prefixes must declare access; the rest (the built app's files) are open. */
const GUARDED_PREFIXES = ['/api/', '/common/'];

async function authenticate(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  const header = request.headers[TOKEN_HEADER_NAME];
  const token = Array.isArray(header) ? header[0] : header;
  if (!token || token.length > 200) return;
  // one round trip: the session, its touch and its grants (sessions.ts)
  const session = await findSessionGrants(app.db, token, app.security);
  if (session) request.auth = { ...session, token };
}

async function auth(app: FastifyInstance): Promise<void> {
  app.decorateRequest('auth', null);

  // Fail at start, not at the first call: an API route must say who may call it.
  app.addHook('onRoute', (route) => {
    if (GUARDED_PREFIXES.some((p) => route.url.startsWith(p)) && route.config?.access === undefined) {
      throw new Error(`route ${String(route.method)} ${route.url} declares no access rule (config.access)`);
    }
  });

  app.addHook('onRequest', async (request) => {
    if (request.is404) return;
    const access = request.routeOptions.config.access;
    const url = request.routeOptions.url ?? '';
    if (access === undefined && !GUARDED_PREFIXES.some((p) => url.startsWith(p))) return;
    await authenticate(app, request);
    if (isPublic(access)) return;
    const refused = checkAccess(access, request.auth);
    if (refused) throw refused;
  });

  // In memory and per process: a first brake on a flood. The lockout in the database is the
  // limit that holds across processes.
  await app.register(rateLimit, { global: false });

  app.post(
    API_PATHS.login,
    {
      config: {
        access: { public: true },
        rateLimit: { max: app.security.loginRequestsPerMinute, timeWindow: 60_000 },
      },
    },
    async (request) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      return ok(
        await login(app.db, app.security, {
          userName: body.userName,
          password: body.password,
          address: request.ip,
          userAgent: request.headers['user-agent'],
        }),
      );
    },
  );

  app.get(
    API_PATHS.logout,
    { config: { access: { signedIn: true, beforePasswordChange: true } } },
    async (request) => {
      const session = request.auth!;
      await revokeSession(app.db, session.sessionId);
      await writeAudit(app.db, {
        userId: session.userId,
        userName: session.userName,
        action: 'logout',
        resource: 'sessions',
        address: request.ip,
      });
      return ok(null);
    },
  );
}

export default fp(auth, { name: 'auth', fastify: '5.x', dependencies: ['context', 'envelope'] });
