// @vitest-environment node
// The moments of a publish window (server/jobs/moments.ts): a published content's publish time
// is a job of the database's queue, added by the save, moved by a change, removed by an
// unpublish or a delete, and run once, at its time, by whichever server process is up, into one
// `published` audit entry. Real servers (server/start.ts) with their workers: PGlite in its own
// process, and a fresh PostgreSQL database when one answers. No test waits on the wall clock:
// each waits for the row the worker writes, or for the database's clock to pass a time.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as pause } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../../server/config.ts';
import { MomentSchedule, recordMoment } from '../../../server/jobs/moments.ts';
import { type Started, startServer } from '../../../server/start.ts';
import { ADMIN_PASSWORD, backends, call, login, TEST_SECURITY } from '../harness.ts';

/** Polls the database until `check` holds: the loop waits on the row, bounded (a ceiling for a busy machine) so a miss fails. */
async function waitFor<T>(what: string, check: () => Promise<T | undefined | false>): Promise<T> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const found = await check();
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`waited 60 s for ${what}`);
    await pause(50);
  }
}

interface Place {
  name: string;
  /** a fresh database (a PostgreSQL database, or a data folder for PGlite) */
  open(): Promise<{ env: Record<string, string>; dispose(): Promise<void> }>;
  /** several processes may share it */
  shared: boolean;
}

const places: Place[] = backends.map((backend) =>
  backend.name === 'pglite'
    ? {
        name: 'PGlite in its own process',
        shared: false,
        async open() {
          return { env: {}, dispose: async () => undefined };
        },
      }
    : {
        name: 'PostgreSQL',
        shared: true,
        async open() {
          const { url, dispose } = await backend.open();
          return { env: { DATABASE_URL: url! }, dispose };
        },
      },
);

describe.each(places)('publish moments on $name', (place) => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** A fresh database; `start()` starts a server process on it, as often as a test likes. */
  const database = async () => {
    const { env, dispose } = await place.open();
    const dataDir = await mkdtemp(join(tmpdir(), 'schema-admin-moments-'));
    cleanups.push(async () => {
      await dispose();
      await rm(dataDir, { recursive: true, force: true });
    });
    const config = {
      ...readConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD, ...env }),
      port: 0,
    };
    const start = async (options: { ready?: boolean } = {}) => {
      const started = await startServer(config, { schemaDir: 'schemas', security: TEST_SECURITY });
      let open = true;
      const stop = async () => {
        if (!open) return;
        open = false;
        await started.app.close();
        await started.database.close();
      };
      cleanups.push(stop);
      // the worker starts with the app (onReady); a test may hold it back
      if (options.ready !== false) await started.app.ready();
      return { ...started, stop };
    };
    return { start };
  };

  const db = (server: Started) => server.database.db as unknown as Kysely<any>;

  /** A time `seconds` from the database's clock, as the API takes it. */
  const fromNow = async (server: Started, seconds: number): Promise<string> => {
    const { rows } = await sql<{ at: Date }>`select now() + make_interval(secs => ${seconds}) as at`.execute(
      db(server),
    );
    return rows[0].at.toISOString();
  };

  const session = async (app: FastifyInstance) => login(app, 'admin', ADMIN_PASSWORD);

  /** A published content of the sample school's first category, with the given publish time. */
  const scheduled = async (server: Started, token: string, publishTime: string): Promise<number> => {
    const { rows } = await sql<{ id: number }>`select min(id) as id from cms_content_categorys`.execute(
      db(server),
    );
    const created = await call(server.app, 'POST', '/api/cms/contents', {
      token,
      body: { title: 'Open day', categoryId: rows[0].id, body: '<p>text</p>', publishTime },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.data.id as number;
    const published = await call(server.app, 'PUT', `/api/cms/contents/publish/${id}`, { token });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    return id;
  };

  /**
   * Sets a content's publish (or unpublish) time by a save, as an editor would. Tests that read a
   * waiting job schedule an hour ahead first and bring the time near only after reading it: a job
   * due in a second or two may have run before a loaded machine reads it.
   */
  const retime = async (
    server: Started,
    id: number,
    times: { publishTime?: string; unpublishTime?: string },
  ) => {
    const row = (await call(server.app, 'GET', `/api/cms/contents/${id}`, { token })).body.data;
    const saved = await call(server.app, 'PUT', `/api/cms/contents/${id}`, {
      token,
      body: {
        title: row.title,
        categoryId: row.categoryId,
        body: row.body,
        publishTime: row.publishTime,
        unpublishTime: row.unpublishTime ?? undefined,
        ...times,
        version: row.version,
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  };

  const jobs = async (server: Started, id: number) =>
    (
      await sql<{ run_at: Date; payload: { at: string } }>`
        select run_at, payload from graphile_worker._private_jobs where key = ${`contents:${id}:at`}`.execute(
        db(server),
      )
    ).rows;

  const entries = async (server: Started, id: number) =>
    (
      await sql<{ user_name: string | null; detail: { at: string } }>`
        select user_name, detail from sys_audit_log
        where resource = 'contents' and target = ${String(id)} and action = 'published'`.execute(db(server))
    ).rows;

  const published = (server: Started, id: number) =>
    waitFor(`the published entry of content ${id}`, async () => {
      const found = await entries(server, id);
      return found.length > 0 && found;
    });

  // one database for the suite (a server start writes the sample school: seconds on PGlite);
  // the restart and the second server come last
  let place_: Awaited<ReturnType<typeof database>>;
  let server: Started & { stop(): Promise<void> };
  let token: string;
  beforeAll(async () => {
    place_ = await database();
    server = await place_.start();
    token = await session(server.app);
  });

  it('records a content scheduled a few seconds ahead once, when its time comes, and a job run again adds nothing', async () => {
    const ahead = await fromNow(server, 3600);
    const id = await scheduled(server, token, ahead);
    const [job] = await jobs(server, id);
    expect(job.run_at.toISOString()).toBe(ahead);
    const at = await fromNow(server, 2);
    await retime(server, id, { publishTime: at });

    const [entry] = await published(server, id);
    // the clock did it: no user; the moment it recorded is the content's publish time
    expect(entry.user_name).toBeNull();
    expect(new Date(entry.detail.at).toISOString()).toBe(at);
    // the job is done and gone; a second run of it (a worker that died before marking it done)
    // finds the entry there
    await waitFor('the finished job to leave the queue', async () => (await jobs(server, id)).length === 0);
    await recordMoment(db(server), server.manifest, { resource: 'contents', id, side: 'at', at });
    expect(await entries(server, id)).toHaveLength(1);
  });

  it('records the unpublish time as its own moment', async () => {
    const { rows } = await sql<{ id: number }>`select min(id) as id from cms_content_categorys`.execute(
      db(server),
    );
    const later = await fromNow(server, 3600);
    const created = await call(server.app, 'POST', '/api/cms/contents', {
      token,
      body: {
        title: 'Enrolment notice',
        categoryId: rows[0].id,
        body: '<p>text</p>',
        publishTime: await fromNow(server, -60),
        unpublishTime: later,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.data.id as number;
    await call(server.app, 'PUT', `/api/cms/contents/publish/${id}`, { token });
    // its publish time has passed: only the unpublish time waits
    expect(await jobs(server, id)).toHaveLength(0);
    const [waiting] = (
      await sql<{ run_at: Date }>`
        select run_at from graphile_worker._private_jobs where key = ${`contents:${id}:until`}`.execute(
        db(server),
      )
    ).rows;
    expect(waiting.run_at.toISOString()).toBe(later);
    const unpublishTime = await fromNow(server, 2);
    await retime(server, id, { unpublishTime });
    const [entry] = await waitFor(`the unpublished entry of content ${id}`, async () => {
      const found = (
        await sql<{ detail: { at: string } }>`
          select detail from sys_audit_log
          where resource = 'contents' and target = ${String(id)} and action = 'unpublished'`.execute(
          db(server),
        )
      ).rows;
      return found.length > 0 && found;
    });
    expect(new Date(entry.detail.at).toISOString()).toBe(unpublishTime);
    expect(await entries(server, id)).toHaveLength(0);
  });

  it('moves the waiting job when the time changes, and drops it when the content is withdrawn or deleted', async () => {
    const id = await scheduled(server, token, await fromNow(server, 3600));
    const later = await fromNow(server, 7200);
    await retime(server, id, { publishTime: later });
    const moved = await jobs(server, id);
    expect(moved).toHaveLength(1);
    expect(moved[0].run_at.toISOString()).toBe(later);
    expect(new Date(moved[0].payload.at).toISOString()).toBe(later);

    const withdrawn = await call(server.app, 'PUT', `/api/cms/contents/unpublish/${id}`, { token });
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
    expect(await jobs(server, id)).toHaveLength(0);

    // published again: the job is back; deleted: gone with the row
    await call(server.app, 'PUT', `/api/cms/contents/publish/${id}`, { token });
    expect(await jobs(server, id)).toHaveLength(1);
    const deleted = await call(server.app, 'DELETE', `/api/cms/contents/${id}`, { token });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(await jobs(server, id)).toHaveLength(0);
  });

  it('writes no entry for a content withdrawn before its moment', async () => {
    const withdrawn = await scheduled(server, token, await fromNow(server, 3600));
    await call(server.app, 'PUT', `/api/cms/contents/unpublish/${withdrawn}`, { token });
    expect(await jobs(server, withdrawn)).toHaveLength(0);
    // its time brought near while withdrawn: still no job
    await retime(server, withdrawn, { publishTime: await fromNow(server, 1) });
    expect(await jobs(server, withdrawn)).toHaveLength(0);
    // a content due after it is recorded: by then the withdrawn one's moment has passed too
    const kept = await scheduled(server, token, await fromNow(server, 2));
    await published(server, kept);
    expect(await entries(server, withdrawn)).toHaveLength(0);
  });

  it('runs a job that came due while the server was stopped once it starts again, and schedules rows written without the queue', async () => {
    const id = await scheduled(server, token, await fromNow(server, 3600));
    // a content saved while the server ran without the queue (or by SQL): no job
    const later = await fromNow(server, 3600);
    const unqueued = await scheduled(server, token, later);
    await sql`select graphile_worker.remove_job(${`contents:${unqueued}:at`})`.execute(db(server));
    expect(await jobs(server, unqueued)).toHaveLength(0);
    await server.stop();

    // started with its worker held back: the first content's time is brought a second ahead, its
    // job moved with it as a save moves it (no request: that would start the worker), and the
    // database's clock passes the moment while no worker runs
    server = await place_.start({ ready: false });
    const contents = server.manifest.resources.find((r) => r.name === 'contents')!;
    const at = await fromNow(server, 1);
    await sql`update cms_contents set publish_time = ${at}::timestamptz where id = ${id}`.execute(db(server));
    await new MomentSchedule(contents, true).afterWrite(db(server), [id]);
    await waitFor('the moment to pass', async () => {
      const { rows } = await sql<{ due: boolean }>`select now() > ${at}::timestamptz as due`.execute(
        db(server),
      );
      return rows[0].due;
    });
    expect(await jobs(server, id)).toHaveLength(1);
    await server.app.ready();
    expect(await published(server, id)).toHaveLength(1);
    const [caughtUp] = await jobs(server, unqueued);
    expect(caughtUp.run_at.toISOString()).toBe(later);
  });

  // only a PostgreSQL is shared: one process at a time opens a PGlite folder
  if (!place.shared) return;

  it('records a moment once with two servers on one database', async () => {
    const other = await place_.start();
    const ids = [
      await scheduled(server, token, await fromNow(server, 2)),
      await scheduled(other, token, await fromNow(other, 2)),
    ];
    for (const id of ids) {
      await published(other, id);
      await waitFor(`the job of content ${id} to finish`, async () => (await jobs(server, id)).length === 0);
      expect(await entries(server, id)).toHaveLength(1);
    }
  });
});
