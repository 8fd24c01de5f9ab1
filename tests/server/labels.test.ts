// @vitest-environment node
// References shown by their labels whatever the size of the referenced table: the id filter a
// page's labels are read with, and exports that write labels, 是/否 and local times.
import { sql } from 'kysely';
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, backends, call, login, startServer, type TestServer } from './harness.ts';

describe.each(backends)('reference labels on $name', (backend) => {
  let server: TestServer;
  let admin: string;
  let offices: number[];

  beforeAll(async () => {
    server = await startServer(backend);
    admin = await login(server.app, 'admin', ADMIN_PASSWORD);
    // more rows than one list page may hold (500), as a school with years of data has
    const made = await sql<{ id: number }>`
      insert into cms_sourceoffices (office_name, order_num)
      select 'office ' || n, n from generate_series(1, 600) n
      returning id`.execute(server.db);
    offices = made.rows.map((r) => Number(r.id)).sort((a, b) => a - b);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('lists exactly the rows asked for by id, in one request, past the first 500', async () => {
    const wanted = [offices[599], offices[0], offices[550]];
    const answer = await call(server.app, 'GET', `/api/cms/sourceoffices?id=${wanted.join(',')}&limit=3`, {
      token: admin,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data.total).toBe(3);
    expect(answer.body.data.rows.map((r: { officeName: string }) => r.officeName).sort()).toEqual([
      'office 1',
      'office 551',
      'office 600',
    ]);
  });

  it('names a bad id list in the 400', async () => {
    for (const bad of ['1,x', '0', '2147483648', '-3', '1.5']) {
      const answer = await call(server.app, 'GET', `/api/cms/sourceoffices?id=${bad}`, { token: admin });
      expect(answer.status, bad).toBe(400);
      expect(answer.body.data.errors).toHaveProperty('id');
    }
    const many = Array.from({ length: 501 }, (_, i) => i + 1).join(',');
    const tooMany = await call(server.app, 'GET', `/api/cms/sourceoffices?id=${many}`, { token: admin });
    expect(tooMany.status).toBe(400);
  });

  it('exports references by label, booleans as 是/否 and times as the list shows them', async () => {
    const category = await call(server.app, 'POST', '/api/cms/contentCategorys', {
      token: admin,
      body: { categoryName: '导出栏目', kind: 0 },
    });
    const created = await call(server.app, 'POST', '/api/cms/contents', {
      token: admin,
      body: {
        title: '导出标签',
        categoryId: category.body.data.id,
        sourceOfficeId: offices[599],
        body: '<p>x</p>',
        publishTime: '2026-11-01T02:00:00Z',
        pinned: true,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const exported = await call(server.app, 'POST', '/api/cms/contents/export', {
      token: admin,
      body: { ids: [created.body.data.id] },
    });
    expect(exported.status).toBe(200);
    const [header, row] = await readSheet(exported.raw);
    const cell = (title: string) => row[header.indexOf(title)];
    expect(cell('所属栏目')).toBe('导出栏目');
    expect(cell('来源科室')).toBe('office 600');
    expect(cell('置顶')).toBe('是');
    const local = new Date('2026-11-01T02:00:00Z');
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(cell('发布时间')).toBe(
      `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())} ${pad(local.getHours())}:00:00`,
    );
  });
});
