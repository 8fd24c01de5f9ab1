// Puts the database, the manifest and the security settings on the instance, for every
// plugin registered after it.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Manifest } from '../../runtime/schema/types.ts';
import type { Db } from '../db/tables.ts';
import { CountCache } from '../resources/countCache.ts';
import type { SecurityConfig } from '../security.ts';
import './types.ts';

export interface ContextOptions {
  db: Db;
  manifest: Manifest;
  security: SecurityConfig;
  dataDir: string;
  /** the database keeps change stamps (db/changeStamps.ts): list totals may be kept by them */
  countCache?: boolean;
}

async function context(app: FastifyInstance, options: ContextOptions): Promise<void> {
  app.decorate('db', options.db);
  app.decorate('manifest', options.manifest);
  app.decorate('security', options.security);
  app.decorate('dataDir', options.dataDir);
  app.decorate('counts', options.countCache ? new CountCache(options.db) : undefined);
}

export default fp(context, { name: 'context', fastify: '5.x' });
