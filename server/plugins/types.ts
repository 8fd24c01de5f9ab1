// What the plugins add to Fastify's types: the shared context on the instance, the session on
// the request and the access rule on a route's config.
import type { Manifest } from '../../runtime/schema/types.ts';
import type { Access, RequestAuth } from '../auth/access.ts';
import type { Db } from '../db/tables.ts';
import type { CountCache } from '../resources/countCache.ts';
import type { SecurityConfig } from '../security.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    manifest: Manifest;
    security: SecurityConfig;
    dataDir: string;
    /** exact list totals kept by the tables' change stamps (the embedded database); unset elsewhere */
    counts: CountCache | undefined;
    /** writes add the jobs of their moments (server/plugins/jobs.ts): the server's database has the queue */
    jobQueue: boolean;
  }
  interface FastifyRequest {
    /** the caller's session; null on public routes called without a token */
    auth: RequestAuth | null;
  }
  interface FastifyContextConfig {
    access?: Access;
    /** seconds a browser or proxy may keep a successful GET (the public content service) */
    publicMaxAge?: number;
    /** a signed-in GET a browser may keep and revalidate (private, no-cache) instead of no-store */
    revalidate?: boolean;
  }
}
