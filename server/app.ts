// The HTTP application: one plugin per concern, registered in dependency order. Everything it
// needs comes in through options, so tests build it over an in-memory database and main.ts
// over the real one.
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import type { Manifest } from '../runtime/schema/types.ts';
import type { Db } from './db/tables.ts';
import type { FileStorage } from './files/storage/types.ts';
import apiDocs from './plugins/apiDocs.ts';
import auth from './plugins/auth.ts';
import context from './plugins/context.ts';
import envelope from './plugins/envelope.ts';
import files from './plugins/files.ts';
import headers from './plugins/headers.ts';
import housekeeping from './plugins/housekeeping.ts';
import jobs, { type JobsOptions } from './plugins/jobs.ts';
import manifestRoute from './plugins/manifest.ts';
import media from './plugins/media.ts';
import publicService from './plugins/public.ts';
import publicFiles from './plugins/publicFiles.ts';
import requestInput from './plugins/requestInput.ts';
import resources from './plugins/resources.ts';
import staticFiles from './plugins/static.ts';
import sys from './plugins/sys.ts';
import tableMaintenance from './plugins/tableMaintenance.ts';
import { DEFAULT_SECURITY, type SecurityConfig } from './security.ts';
import { systemHooks } from './sys/hooks.ts';

export interface AppOptions {
  db: Db;
  manifest: Manifest;
  /** uploads and exports live here (with the disk storage) */
  dataDir: string;
  /** where stored files' bytes live (files/storage/types.ts); default: the disk under dataDir */
  storage?: FileStorage;
  logger?: FastifyServerOptions['logger'];
  /** the built app to serve at / (dist/); unset: API only */
  staticDir?: string;
  /** overrides of the security defaults (tests use a cheaper scrypt cost) */
  security?: Partial<SecurityConfig>;
  /** told of every route as it is registered (tests compare them with the OpenAPI document) */
  onRoute?: (route: RouteOptions) => void;
  /** the job queue (server/jobs/worker.ts): its worker runs with the app; unset: no queue */
  jobs?: JobsOptions;
  /** the database keeps change stamps (db/changeStamps.ts prepareChangeStamps): list totals are kept by them */
  countCache?: boolean;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const security = { ...DEFAULT_SECURITY, ...options.security };
  const app = Fastify({ logger: options.logger ?? false, bodyLimit: security.bodyLimit });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  await app.register(envelope);
  await app.register(headers);
  await app.register(context, {
    db: options.db,
    manifest: options.manifest,
    security,
    dataDir: options.dataDir,
    countCache: options.countCache,
  });
  await app.register(requestInput);
  await app.register(formbody, { bodyLimit: security.bodyLimit });
  await app.register(auth);
  await app.register(housekeeping);
  await app.register(tableMaintenance);
  await app.register(jobs, options.jobs ?? {});
  await app.register(files, { storage: options.storage });
  await app.register(media);
  await app.register(resources, { hooks: systemHooks });
  await app.register(sys);
  await app.register(manifestRoute);
  await app.register(publicService);
  await app.register(publicFiles);
  await app.register(apiDocs);
  if (options.staticDir) await app.register(staticFiles, { root: options.staticDir });
  return app;
}
