// Puts the database, the manifest and the security settings on the instance, for every
// plugin registered after it.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Manifest } from '../../runtime/schema/types.ts';
import type { Db } from '../db/tables.ts';
import type { SecurityConfig } from '../security.ts';
import './types.ts';

export interface ContextOptions {
  db: Db;
  manifest: Manifest;
  security: SecurityConfig;
  dataDir: string;
}

async function context(app: FastifyInstance, options: ContextOptions): Promise<void> {
  app.decorate('db', options.db);
  app.decorate('manifest', options.manifest);
  app.decorate('security', options.security);
  app.decorate('dataDir', options.dataDir);
}

export default fp(context, { name: 'context', fastify: '5.x' });
