// The API behind the dev server, rebuilt whenever the schemas change: the same database stays
// open (PGlite allows one opener), tables are extended and menus seeded for the new manifest,
// and a new app takes the old one's port.
import type { FastifyInstance } from 'fastify';
import type { Manifest } from '../../runtime/schema/types.ts';
import type { ServerConfig } from '../config.ts';
import type { DatabaseHandle } from '../db/connect.ts';
import { prepareApp, type StartOptions } from '../start.ts';

export class LiveApi {
  private current: FastifyInstance | undefined;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly config: ServerConfig,
    private readonly options: Omit<StartOptions, 'schemaDir'>,
  ) {}

  /** Serves `manifest`; on failure (a destructive change) the previous app keeps serving. */
  async load(manifest: Manifest): Promise<Awaited<ReturnType<typeof prepareApp>>> {
    const next = await prepareApp(this.database, manifest, this.config, this.options);
    await this.current?.close();
    await next.app.listen({ port: this.config.port, host: this.config.host });
    this.current = next.app;
    return next;
  }

  async close(): Promise<void> {
    await this.current?.close();
    this.current = undefined;
  }
}
