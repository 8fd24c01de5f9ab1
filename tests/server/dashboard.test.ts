// @vitest-environment node
// The home page's figures go only to those who may list what they count (docs/security.md): the
// administrator's sign-in times and addresses are not for every signed-in user.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  backends,
  call,
  createUser,
  login,
  startServer,
  type TestServer,
} from './harness.ts';
import { createRole } from './roleFixtures.ts';

const ACCOUNT_FIGURES = ['users', 'activeSessions', 'recentLogins'];

describe.each(backends)('dashboard figures by permission, on $name', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(backend);
  });
  afterAll(async () => {
    await server?.close();
  });

  const figuresFor = async (name: string, codes: string[]) => {
    await createRole(server, `${name}_role`, codes);
    const user = await createUser(server, name, [`${name}_role`]);
    const answer = await call(server.app, 'GET', '/api/sys/dashboard', {
      token: await login(server.app, name, user.password),
    });
    expect(answer.status).toBe(200);
    return answer.body.data;
  };

  it('gives the administrator every figure', async () => {
    // a sign-in of its own, so the newest is the administrator's whatever tests signed in before
    const token = await login(server.app, 'admin', ADMIN_PASSWORD);
    const data = (await call(server.app, 'GET', '/api/sys/dashboard', { token })).body.data;
    for (const key of [...ACCOUNT_FIGURES, 'roles', 'contentsPerMonth', 'recentContents', 'unreadReports'])
      expect(data, key).toHaveProperty(key);
    expect(data.recentLogins[0]).toMatchObject({ userName: 'admin', address: expect.any(String) });
    expect(data.resources.map((r: { name: string }) => r.name)).toEqual(
      expect.arrayContaining(['contents', 'notes', 'reportedmessages']),
    );
  });

  it('shows a user with one page only the count of that page, and no sign-ins', async () => {
    const data = await figuresFor('onepage', ['qa:notes:list']);
    expect(Object.keys(data).sort()).toEqual(['resources']);
    expect(data.resources).toEqual([
      { name: 'notes', module: 'qa', title: expect.any(Object), count: expect.any(Number) },
    ]);
    expect(JSON.stringify(data)).not.toContain('127.0.0.1');
  });

  it('shows accounts, sessions and sign-ins to those who may list users, roles to those who may list roles', async () => {
    const users = await figuresFor('userlister', ['sys:users:list']);
    expect(Object.keys(users).sort()).toEqual([...ACCOUNT_FIGURES, 'resources'].sort());
    expect(users.resources).toEqual([]);
    const roles = await figuresFor('rolelister', ['sys:roles:list']);
    expect(Object.keys(roles).sort()).toEqual(['resources', 'roles']);
  });

  it('gives the contents figures with the contents list and the unread messages with the messages list', async () => {
    const contents = await figuresFor('contentlister', ['cms:contents:list']);
    expect(Object.keys(contents).sort()).toEqual([
      'calendar',
      'contentsPerMonth',
      'recentContents',
      'resources',
    ]);
    expect(contents.contentsPerMonth).toHaveLength(12);
    const reports = await figuresFor('reportlister', ['cms:reportedmessages:list']);
    expect(Object.keys(reports).sort()).toEqual(['resources', 'unreadReports']);
    expect(reports.resources.map((r: { name: string }) => r.name)).toEqual(['reportedmessages']);
  });

  it('counts a month’s published contents by day, scheduled ones included, drafts and binned ones not', async () => {
    const token = await login(server.app, 'admin', ADMIN_PASSWORD);
    const api = (method: string, url: string, body?: unknown, query?: Record<string, string>) =>
      call(server.app, method, url, { token, body, query });
    const category = (await api('POST', '/api/cms/contentCategorys', { categoryName: '日历栏目', kind: 0 }))
      .body.data.id;
    const content = async (publishTime: string, publish: boolean) => {
      const made = await api('POST', '/api/cms/contents', {
        title: '日历',
        categoryId: category,
        body: '<p>x</p>',
        publishTime,
      });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      if (publish) await api('PUT', `/api/cms/contents/publish/${made.body.data.id}`, {});
      return made.body.data.id as number;
    };
    // a month far ahead, which no other test writes into; times at noon, a day whatever the zone
    await content('2031-03-04T04:00:00Z', true);
    await content('2031-03-04T05:00:00Z', true);
    await content('2031-03-20T04:00:00Z', true);
    await content('2031-03-21T04:00:00Z', false);
    const binned = await content('2031-03-22T04:00:00Z', true);
    expect((await api('DELETE', `/api/cms/contents/${binned}`)).status).toBe(200);
    await content('2031-04-01T04:00:00Z', true);

    const march = await api('GET', '/api/sys/dashboard/calendar', undefined, { month: '2031-03' });
    expect(march.status, JSON.stringify(march.body)).toBe(200);
    expect(march.body.data).toEqual({
      month: '2031-03',
      days: [
        { day: '2031-03-04', count: 2 },
        { day: '2031-03-20', count: 1 },
      ],
    });
    // this month comes with the figures
    const figures = (await call(server.app, 'GET', '/api/sys/dashboard', { token })).body.data;
    expect(figures.calendar.month).toBe(figures.contentsPerMonth.at(-1).month);

    for (const month of ['2031-3', '2031-13', 'march', '']) {
      const refused = await api('GET', '/api/sys/dashboard/calendar', undefined, { month });
      expect(refused.status, month).toBe(400);
      expect(Object.keys(refused.body.data.errors)).toEqual(['month']);
    }
    expect((await api('GET', '/api/sys/dashboard/calendar')).status).toBe(400);
    // the contents list permission, as for the other content figures
    await createRole(server, 'calendar_users_role', ['sys:users:list']);
    const other = await createUser(server, 'calendar_user', ['calendar_users_role']);
    const refused = await call(server.app, 'GET', '/api/sys/dashboard/calendar', {
      token: await login(server.app, 'calendar_user', other.password),
      query: { month: '2031-03' },
    });
    expect(refused.status).toBe(403);
  });

  it('shows the seeded editor the content figures but not the accounts', async () => {
    const user = await createUser(server, 'editor1', ['editor']);
    const data = (
      await call(server.app, 'GET', '/api/sys/dashboard', {
        token: await login(server.app, 'editor1', user.password),
      })
    ).body.data;
    for (const key of [...ACCOUNT_FIGURES, 'roles']) expect(data, key).not.toHaveProperty(key);
    expect(data).toHaveProperty('contentsPerMonth');
    expect(data).toHaveProperty('unreadReports');
  });
});
