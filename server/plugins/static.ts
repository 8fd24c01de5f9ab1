// Serves the built app. Routing in the app is by hash, so the server only needs `/` to give
// index.html. The build's files under assets/ have hashed names, so a browser may keep them for
// good; the rest (index.html, the logo, the avatars) it revalidates every time. The build puts
// brotli and gzip copies beside them, which are sent to a browser that accepts them.
import { existsSync } from 'node:fs';
import { relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

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
  await app.register(fastifyStatic, {
    root: options.root,
    prefix: '/',
    index: ['index.html'],
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
