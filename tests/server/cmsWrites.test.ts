// @vitest-environment node
// Writes the CMS resources need beyond plain CRUD: rich text cleaned on every write, and the
// exclusive live theme that changeTheme switches in one transaction.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, backends, call, login, startServer, type TestServer } from './harness.ts';

describe.each(backends)('CMS writes on $name', (backend) => {
  let server: TestServer;
  let admin: string;
  let categoryId: number;

  beforeAll(async () => {
    server = await startServer(backend);
    admin = await login(server.app, 'admin', ADMIN_PASSWORD);
    const category = await call(server.app, 'POST', '/api/cms/contentCategorys', {
      token: admin,
      body: { categoryName: '测试栏目', kind: 0 },
    });
    categoryId = category.body.data.id;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('strips scripts, event handlers and javascript: links from rich text on create and update', async () => {
    const created = await call(server.app, 'POST', '/api/cms/contents', {
      token: admin,
      form: true,
      body: {
        title: '富文本',
        categoryId: String(categoryId),
        publishTime: '2026-03-01T08:00:00Z',
        body:
          '<p style="text-align:center;position:fixed">正文</p><img src=x onerror=alert(1)>' +
          '<script>alert(document.cookie)</script><a href="javascript:alert(1)" onclick="x()">链接</a>' +
          '<iframe src="https://evil.example"></iframe><a href="https://www.moe.gov.cn" target="_blank">教育部</a>',
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const body = created.body.data.body as string;
    expect(body).toBe(
      '<p style="text-align:center">正文</p><img src="x" /><a>链接</a>' +
        '<a href="https://www.moe.gov.cn" target="_blank" rel="noopener noreferrer">教育部</a>',
    );
    for (const bad of ['onerror', '<script', 'alert', 'javascript:', 'onclick', 'iframe', 'position'])
      expect(body).not.toContain(bad);

    const updated = await call(server.app, 'PUT', `/api/cms/contents/${created.body.data.id}`, {
      token: admin,
      body: {
        title: '富文本',
        categoryId,
        publishTime: '2026-03-01T08:00:00Z',
        body: '<h2>标题</h2><svg onload="alert(1)"><circle/></svg><p onmouseover="x">段落</p>',
      },
    });
    expect(updated.body.data.body).toBe('<h2>标题</h2><p>段落</p>');
  });

  it('changes the theme: exactly one website is live afterwards, and only through the action', async () => {
    const theme = async (themeName: string) =>
      (
        await call(server.app, 'POST', '/api/cms/websites', {
          token: admin,
          body: { themeName, siteName: '实验学校', themeColor: '#1890ff' },
        })
      ).body.data.id as number;
    const ids = [await theme('日常'), await theme('灰色'), await theme('节日')];
    const live = async () =>
      (await call(server.app, 'GET', '/api/cms/websites', { token: admin, query: { active: 'true' } })).body
        .data.rows;

    expect(await live()).toEqual([]);
    for (const id of [ids[0], ids[1], ids[2], ids[0]]) {
      const answer = await call(server.app, 'PUT', `/api/cms/websites/changeTheme/${id}`, { token: admin });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.data.active).toBe(true);
      expect((await live()).map((r: { id: number }) => r.id)).toEqual([id]);
    }
    // the live theme is not offered the action again (its `when` is "!active")
    expect(
      (await call(server.app, 'PUT', `/api/cms/websites/changeTheme/${ids[0]}`, { token: admin })).status,
    ).toBe(409);

    // two switches at once still leave one live theme
    await Promise.all(
      [ids[1], ids[2]].map((id) =>
        call(server.app, 'PUT', `/api/cms/websites/changeTheme/${id}`, { token: admin }),
      ),
    );
    expect(await live()).toHaveLength(1);
  });
});
