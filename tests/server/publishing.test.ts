// @vitest-environment node
// The publish window (docs/schema.md, `publish`): a published content is public only from its
// publish time and before its unpublish time, by the database's clock, the moment the time
// passes, with no job to run first; the dashboard counts the same rows.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, backends, call, login, startServer, type TestServer } from './harness.ts';

const WEB = '/api/cms/web';

describe.each(backends)('the publish window on $name', (backend) => {
  let server: TestServer;
  let admin: string;
  let categoryId: number;

  const publicIds = async (): Promise<number[]> => {
    const answer = await call(server.app, 'GET', `${WEB}/contents`, { query: { limit: '100' } });
    expect(answer.status).toBe(200);
    return answer.body.data.rows.map((r: { id: number }) => r.id);
  };
  const publicCount = async (): Promise<number> =>
    (await call(server.app, 'GET', `${WEB}/contents/count`)).body.data.total;
  const dashboardMonths = async (): Promise<number> => {
    const data = (await call(server.app, 'GET', '/api/sys/dashboard', { token: admin })).body.data;
    return data.contentsPerMonth.reduce((sum: number, m: { count: number }) => sum + m.count, 0);
  };

  /** A published content with the given window; its id. */
  const published = async (title: string, window: { publishTime: string; unpublishTime?: string }) => {
    const created = await call(server.app, 'POST', '/api/cms/contents', {
      token: admin,
      body: { title, categoryId, body: '<p>text</p>', ...window },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.data.id as number;
    const done = await call(server.app, 'PUT', `/api/cms/contents/publish/${id}`, { token: admin });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    return id;
  };

  beforeAll(async () => {
    server = await startServer(backend);
    admin = await login(server.app, 'admin', ADMIN_PASSWORD);
    const category = await call(server.app, 'POST', '/api/cms/contentCategorys', {
      token: admin,
      body: { categoryName: 'News', kind: 0 },
    });
    expect(category.status, JSON.stringify(category.body)).toBe(200);
    categoryId = category.body.data.id;
  });
  afterAll(async () => {
    await server?.close();
  });

  /**
   * Lets time pass for one content: its publish time moves to just behind the database's clock,
   * as if the hour it was scheduled for had gone by (the test never waits on the clock itself).
   */
  const reachPublishTime = async (id: number) => {
    const contents = server.manifest.resources.find((r) => r.name === 'contents')!;
    const column = contents.fields.find((f) => f.name === 'publishTime')!.column;
    await sql`update ${sql.table(contents.table)} set ${sql.ref(column)} = now() - interval '1 second' where id = ${id}`.execute(
      server.db,
    );
  };

  it('serves a scheduled content only once its publish time has passed', async () => {
    const now = await published('Now', { publishTime: new Date(Date.now() - 60_000).toISOString() });
    const countBefore = await publicCount();
    const monthsBefore = await dashboardMonths();
    const scheduled = await published('Scheduled', {
      publishTime: new Date(Date.now() + 3_600_000).toISOString(),
    });

    // before its time: neither the lists, the one-row call, the count nor the dashboard show it
    expect(await publicIds()).toContain(now);
    expect(await publicIds()).not.toContain(scheduled);
    expect((await call(server.app, 'GET', `${WEB}/contents/${scheduled}`)).status).toBe(404);
    expect(await publicCount()).toBe(countBefore);
    expect(await dashboardMonths()).toBe(monthsBefore);
    // the admin list's `scheduled` filter finds it, and only it
    const filtered = await call(server.app, 'GET', '/api/cms/contents', {
      token: admin,
      query: { scheduled: 'true' },
    });
    expect(filtered.status, JSON.stringify(filtered.body)).toBe(200);
    expect(filtered.body.data.rows.map((r: { id: number }) => r.id)).toEqual([scheduled]);

    // once the database's clock is past the time it is public, with no job run in between
    await reachPublishTime(scheduled);
    expect(await publicIds()).toContain(scheduled);
    expect(await publicCount()).toBe(countBefore + 1);
    expect((await call(server.app, 'GET', `${WEB}/contents/${scheduled}`)).status).toBe(200);
    const after = await call(server.app, 'GET', '/api/cms/contents', {
      token: admin,
      query: { scheduled: 'true' },
    });
    expect(after.body.data.rows).toEqual([]);
    const unscheduled = await call(server.app, 'GET', '/api/cms/contents', {
      token: admin,
      query: { scheduled: 'false', limit: '100' },
    });
    expect(unscheduled.body.data.rows.map((r: { id: number }) => r.id)).toEqual(
      expect.arrayContaining([now, scheduled]),
    );
    const wrong = await call(server.app, 'GET', '/api/cms/contents', {
      token: admin,
      query: { scheduled: 'x' },
    });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.body)).toContain('scheduled');
  });

  it('hides a content whose unpublish time has passed, and keeps one whose time is ahead', async () => {
    const hour = 3_600_000;
    const gone = await published('Gone', {
      publishTime: new Date(Date.now() - 2 * hour).toISOString(),
      unpublishTime: new Date(Date.now() - hour).toISOString(),
    });
    const staying = await published('Staying', {
      publishTime: new Date(Date.now() - 2 * hour).toISOString(),
      unpublishTime: new Date(Date.now() + hour).toISOString(),
    });
    const ids = await publicIds();
    expect(ids).not.toContain(gone);
    expect(ids).toContain(staying);
    expect((await call(server.app, 'GET', `${WEB}/contents/${gone}`)).status).toBe(404);
    expect((await call(server.app, 'GET', `${WEB}/contents/${staying}`)).status).toBe(200);
    const recent = (await call(server.app, 'GET', '/api/sys/dashboard', { token: admin })).body.data
      .recentContents as Array<{ id: number }>;
    expect(recent.map((r) => r.id)).not.toContain(gone);
  });
});
