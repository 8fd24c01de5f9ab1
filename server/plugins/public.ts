// The public content service under /api/cms/web (spec §7): what each resource's `public:` block
// exposes, read without a session, plus the specification's named calls (public/named.ts).
// GET only, except a resource's `submit` POST. Encapsulated so that its ETag hook stays here.
import etag from '@fastify/etag';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PUBLIC_API_BASE } from '../../runtime/contract.ts';
import { ok } from '../http/envelope.ts';
import { routePath } from '../http/routePath.ts';
import { extraViews, refinementOf } from '../public/named.ts';
import { submitPublic } from '../public/submit.ts';
import { PublicViews } from '../public/views.ts';
import './types.ts';

async function publicService(app: FastifyInstance): Promise<void> {
  // a public site polls the same answers; an unchanged one costs a 304 and no body
  await app.register(etag);
  const views = new PublicViews({ stores: app.stores, manifest: app.manifest });
  const config = { access: { public: true } as const, publicMaxAge: app.security.publicMaxAge };

  for (const resource of app.manifest.resources) {
    const exposure = resource.public;
    if (!exposure) continue;
    for (const view of [...exposure.views, ...extraViews(resource)]) {
      const handler = views.handler(resource, view, refinementOf(resource, view, app.manifest));
      app.get(`${PUBLIC_API_BASE}/${routePath(view.path)}`, { config }, async (request) =>
        ok(await handler(request)),
      );
    }
    if (exposure.submit) {
      app.post(
        `${PUBLIC_API_BASE}/${routePath(exposure.path)}`,
        {
          config: {
            access: { public: true },
            // in memory, per process: a first brake; the per-address count in the database holds
            rateLimit: { max: app.security.publicSubmitRequestsPerMinute, timeWindow: 60_000 },
          },
        },
        async (request) => ok(await submitPublic(app, resource, request)),
      );
    }
  }
}

export default fp(publicService, {
  name: 'public',
  fastify: '5.x',
  encapsulate: true,
  dependencies: ['context', 'auth', 'resources'],
});
