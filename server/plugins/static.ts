// Serves the built app. Routing in the app is by hash, so the server only needs `/` to give
// index.html; everything else under dist/ is a file with a hashed name.
import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

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
  });
}

export default fp(staticFiles, { name: 'static', fastify: '5.x' });
