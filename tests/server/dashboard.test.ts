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
    expect(Object.keys(contents).sort()).toEqual(['contentsPerMonth', 'recentContents', 'resources']);
    expect(contents.contentsPerMonth).toHaveLength(12);
    const reports = await figuresFor('reportlister', ['cms:reportedmessages:list']);
    expect(Object.keys(reports).sort()).toEqual(['resources', 'unreadReports']);
    expect(reports.resources.map((r: { name: string }) => r.name)).toEqual(['reportedmessages']);
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
