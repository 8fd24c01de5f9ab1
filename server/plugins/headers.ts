// Response headers that cost nothing and close common holes: no MIME sniffing, no framing by
// other sites (clickjacking), no referrer leaking paths, and API answers (tokens, personal
// data) never stored by a browser or proxy cache. The public content service is the exception:
// its successful GETs hold only published data, and a public site may keep them a short while
// (the route says how long in `config.publicMaxAge`; it also sends an ETag). A signed-in answer
// that changes only with a restart (`config.revalidate`, the manifest) may be kept privately and
// revalidated through its ETag.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import './types.ts';

async function headers(app: FastifyInstance): Promise<void> {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'same-origin');
    const { publicMaxAge: maxAge, revalidate } = request.routeOptions.config ?? {};
    const read = request.method === 'GET' || request.method === 'HEAD';
    if (maxAge !== undefined && read && reply.statusCode === 200) {
      reply.header('cache-control', `public, max-age=${maxAge}`);
    } else if (revalidate && read && (reply.statusCode === 200 || reply.statusCode === 304)) {
      reply.header('cache-control', 'private, no-cache');
    } else if (request.url.startsWith('/api/') || request.url.startsWith('/common/')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}

export default fp(headers, { name: 'headers', fastify: '5.x' });
