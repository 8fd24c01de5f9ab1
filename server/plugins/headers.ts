// Response headers that cost nothing and close common holes: no MIME sniffing, no framing by
// other sites (clickjacking), no referrer leaking paths, and API answers (tokens, personal
// data) never stored by a browser or proxy cache. The public content service is the exception:
// its successful GETs hold only published data, and a public site may keep them a short while
// (the route says how long in `config.publicMaxAge`; it also sends an ETag). A signed-in answer
// that changes only with a restart (`config.revalidate`, the manifest) may be kept privately and
// revalidated through its ETag.
//
// The rest comes from helmet, above all the Content-Security-Policy of the app (docs/security.md,
// "Content-Security-Policy"): scripts only from this origin, never inline or from eval; style
// elements only from this origin or carrying this answer's nonce; nothing may frame the app.
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { cspNonce } from '../http/cspNonce.ts';
import './types.ts';

const styleNonce = (_request: IncomingMessage, response: ServerResponse) => `'nonce-${cspNonce(response)}'`;

/** The app's policy; an answer that is not the app (an uploaded image) sets a stricter one of its own. */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // antd, its icons and the editor put <style> elements in the page at run time: each carries
  // the nonce (src/app/cspNonce.ts). Style attributes cannot hold selectors; the chart, the editor
  // and the rich text of a content are drawn with them (docs/security.md says why they are allowed)
  styleSrc: ["'self'", styleNonce],
  styleSrcAttr: ["'unsafe-inline'"],
  // pictures may be uploaded ones, menu icons given as data: addresses, previews of a picked file
  // (blob:), or pictures an editor linked from another site
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

async function headers(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    // a school's other sites on sub-domains may still be plain http: the policy is for this host only
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: false },
  });
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
