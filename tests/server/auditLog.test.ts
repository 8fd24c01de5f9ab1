// @vitest-environment node
// The audit log's page (schemas/sys/auditLog.yaml): its list shows who changed which rows of
// what, filters by user, resource, action and time, exports, needs its own permission, and no
// call can write, change or delete an entry.
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

const LOG = '/api/sys/auditLog';

interface Entry {
  id: number;
  userName: string | null;
  action: string;
  resource: string | null;
  target: string | null;
  detail: { fields?: string[]; changes?: Record<string, { from: unknown; to: unknown }> } | null;
  address: string | null;
  createdAt: string;
}

describe.each(backends)('the audit log page on $name', (backend) => {
  let server: TestServer;
  let admin: string;
  let officeId: number;

  const list = async (query: Record<string, string>, token = admin) =>
    call<{ rows: Entry[]; total: number }>(server.app, 'GET', LOG, { token, query });

  beforeAll(async () => {
    server = await startServer(backend);
    admin = await login(server.app, 'admin', ADMIN_PASSWORD);
    const created = await call(server.app, 'POST', '/api/cms/sourceoffices', {
      token: admin,
      body: { officeName: 'Audit office' },
      remoteAddress: '10.1.2.3',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    officeId = created.body.data.id;
    const updated = await call(server.app, 'PUT', `/api/cms/sourceoffices/${officeId}`, {
      token: admin,
      body: { officeName: 'Audit office 2' },
      remoteAddress: '10.1.2.3',
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('lists who changed which row of what, when and from where, newest first', async () => {
    const answer = await list({ resource: 'sourceoffices', limit: '100' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const rows = answer.body.data.rows;
    expect(rows.map((r) => r.action)).toEqual(['update', 'create']);
    for (const row of rows) {
      expect(row).toMatchObject({ userName: 'admin', resource: 'sourceoffices', target: String(officeId) });
      expect(row.address).toBe('10.1.2.3');
      expect(Number.isNaN(Date.parse(row.createdAt))).toBe(false);
    }
    expect(rows[0].detail?.fields).toContain('officeName');
    // an update records each changed field before → after; an unchanged one is left out
    expect(rows[0].detail?.changes).toEqual({ officeName: { from: 'Audit office', to: 'Audit office 2' } });
  });

  it('filters by user, action and time', async () => {
    const updates = await list({ resource: 'sourceoffices', action: 'update' });
    expect(updates.body.data.rows.map((r) => r.action)).toEqual(['update']);
    const byUser = await list({ userName: 'adm', resource: 'sourceoffices' });
    expect(byUser.body.data.total).toBe(2);
    const nobody = await list({ userName: 'no-such-user' });
    expect(nobody.body.data.total).toBe(0);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await list({ createdAtFrom: future })).body.data.total).toBe(0);
    const past = new Date(Date.now() - 3_600_000).toISOString();
    const recent = await list({ createdAtFrom: past, resource: 'sourceoffices' });
    expect(recent.status, JSON.stringify(recent.body)).toBe(200);
    expect(recent.body.data.total).toBe(2);
    const logins = await list({ action: 'login' });
    expect(logins.body.data.total).toBeGreaterThan(0);
  });

  it('exports the filtered entries', async () => {
    const file = await call(server.app, 'POST', `${LOG}/export`, {
      token: admin,
      body: { resource: 'sourceoffices' },
    });
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect(file.raw.subarray(0, 2).toString()).toBe('PK');
  });

  it('needs its own permission', async () => {
    await createRole(server, 'auditless', ['sys:users:list', 'cms:sourceoffices:list']);
    const user = await createUser(server, 'auditless', ['auditless']);
    const token = await login(server.app, 'auditless', user.password);
    expect((await list({}, token)).status).toBe(403);
    await createRole(server, 'auditor', ['sys:auditLog:list']);
    const auditor = await createUser(server, 'auditor', ['auditor']);
    const auditorToken = await login(server.app, 'auditor', auditor.password);
    expect((await list({}, auditorToken)).status).toBe(200);
    // listing is not exporting
    const file = await call(server.app, 'POST', `${LOG}/export`, { token: auditorToken, body: {} });
    expect(file.status).toBe(403);
  });

  it('has no call that writes, changes or deletes an entry', async () => {
    const [entry] = (await list({ resource: 'sourceoffices', limit: '1' })).body.data.rows;
    const attempts: Array<[string, string, unknown]> = [
      ['POST', LOG, { action: 'forged', resource: 'x' }],
      ['PUT', `${LOG}/${entry.id}`, { action: 'forged' }],
      ['PUT', LOG, { ids: [entry.id], action: 'forged' }],
      ['DELETE', `${LOG}/${entry.id}`, undefined],
      ['DELETE', LOG, { ids: [entry.id] }],
      ['POST', `${LOG}/import`, undefined],
    ];
    for (const [method, url, body] of attempts) {
      const answer = await call(server.app, method, url, { token: admin, body });
      expect([404, 405], `${method} ${url}: ${answer.status}`).toContain(answer.status);
    }
    const again = (await list({ resource: 'sourceoffices', limit: '100' })).body.data.rows;
    expect(again.find((r) => r.id === entry.id)).toMatchObject({
      action: entry.action,
      target: entry.target,
    });
    expect(again.some((r) => r.action === 'forged')).toBe(false);
  });
});
