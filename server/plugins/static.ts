// Serves the built app. Routing in the app is by hash, so the server only needs `/` to give
// index.html. The build's files under assets/ have hashed names, so a browser may keep them for
// good; the rest (index.html, the logo, the avatars) it revalidates every time. The build puts
// brotli and gzip copies beside them, which are sent to a browser that accepts them.
// index.html is the one page: it is written per answer, with this answer's style nonce where the
// build left the placeholder (docs/security.md, "Content-Security-Policy").
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CSP_NONCE_PLACEHOLDER } from '../../runtime/contract.ts';
import { cspNonce } from '../http/cspNonce.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A file of the build's assets/ folder, whose name changes with its content. */
function isHashedAsset(root: string, path: string): boolean {
  return relative(root, path).split(sep)[0] === 'assets';
}

export interface StaticOptions {
  /** absolute path of the built app (dist/) */
  root: string;
}

async function staticFiles(app: FastifyInstance, options: StaticOptions): Promise<void> {
  if (!existsSync(options.root)) {
    app.log.warn(`no built app in ${options.root}: run npm run build (the API is served all the same)`);
    return;
  }
  const page = await readFile(join(options.root, 'index.html'), 'utf8');
  const sendPage = (_request: FastifyRequest, reply: FastifyReply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(page.replaceAll(CSP_NONCE_PLACEHOLDER, cspNonce(reply.raw)));
  app.get('/', sendPage);
  app.get('/index.html', sendPage);

  await app.register(fastifyStatic, {
    root: options.root,
    prefix: '/',
    // the page itself is sent above
    index: false,
    wildcard: true,
    preCompressed: true,
    // the header is set below, by file
    cacheControl: false,
    setHeaders: (res, path) => {
      res.setHeader('cache-control', isHashedAsset(options.root, path) ? IMMUTABLE : 'no-cache');
      // a shared cache must not give the brotli copy to a browser that asked for none
      res.setHeader('vary', 'accept-encoding');
    },
  });
}

export default fp(staticFiles, { name: 'static', fastify: '5.x' });
