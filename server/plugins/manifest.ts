// GET /api/sys/manifest: the resources this server was started with, for the app's generated
// pages and forms. The app reads them from here rather than from a copy built into its bundle,
// so the pages always match the API they talk to (a schema added or changed is one server
// restart, or one save under `npm run dev`, away from the browser). Encapsulated so that its
// ETag hook stays here: the answer changes only when the server restarts, so a reload costs a 304.
import etag from '@fastify/etag';
import type { FastifyInstance } from 'fastify';
import { API_PATHS } from '../../runtime/contract.ts';
import { ok } from '../http/envelope.ts';
import './types.ts';

async function manifestRoute(app: FastifyInstance): Promise<void> {
  await app.register(etag);
  // the first page after sign-in may be the forced password change, whose form needs the users resource
  const access = { signedIn: true, beforePasswordChange: true } as const;
  const body = ok({ resources: app.manifest.resources });
  // private: it follows a sign-in; no-cache: the browser asks again, and the ETag answers 304
  app.get(API_PATHS.manifest, { config: { access, revalidate: true } }, async () => body);
}

export default manifestRoute;
