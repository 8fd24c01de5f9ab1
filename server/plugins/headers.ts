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

/** helmet's options for the app's answers. */
export const HELMET_OPTIONS = {
  contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
  frameguard: { action: 'deny' as const },
  referrerPolicy: { policy: 'same-origin' as const },
  // a school's other sites on sub-domains may still be plain http: the policy is for this host only
  strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: false },
};

/**
 * The headers helmet sends for HELMET_OPTIONS besides the policy: the same on every answer, so
 * set from this list rather than by a helmet @fastify/helmet builds anew for every request (its
 * global mode does; that was a tenth of a list request's own CPU time). The headers tests hold
 * this list to what helmet itself sends.
 */
export const HELMET_HEADERS: Readonly<Record<string, string>> = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'same-origin',
  'strict-transport-security': 'max-age=31536000',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};
const HELMET_HEADER_LIST = Object.entries(HELMET_HEADERS);

/**
 * The app's policy as helmet writes it, split where the answer's nonce goes: helmet writes it
 * once, for a stand-in answer, and each answer then only puts its own nonce between the parts.
 */
function policyAroundNonce(): [string, string] {
  let written = '';
  const standIn = {
    setHeader: (_name: string, value: string) => {
      written = value;
    },
  } as unknown as ServerResponse;
  const write = helmet.contentSecurityPolicy(HELMET_OPTIONS.contentSecurityPolicy);
  write({} as IncomingMessage, standIn, (error?: Error) => {
    if (error) throw error;
  });
  const parts = written.split(cspNonce(standIn));
  if (parts.length !== 2) throw new Error('the Content-Security-Policy must name the nonce once');
  return [parts[0], parts[1]];
}

async function headers(app: FastifyInstance): Promise<void> {
  // a route with helmet options of its own (an uploaded file's stricter policy) is served by
  // @fastify/helmet, with the app's options under the route's; every other answer by the hook below
  await app.register(helmet, { ...HELMET_OPTIONS, global: false });
  const [beforeNonce, afterNonce] = policyAroundNonce();
  app.addHook('onRequest', (request, reply, done) => {
    // @fastify/helmet's onRoute hook moves a route's `helmet` option into its config
    if ((request.routeOptions.config as { helmet?: unknown }).helmet !== undefined) return done();
    // on the raw answer, as helmet sets them, so a route's own header still wins
    for (const [name, value] of HELMET_HEADER_LIST) reply.raw.setHeader(name, value);
    reply.raw.setHeader('Content-Security-Policy', beforeNonce + cspNonce(reply.raw) + afterNonce);
    done();
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
