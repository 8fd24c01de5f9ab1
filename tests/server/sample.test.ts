// @vitest-environment node
// The first start's sample school, and what the dashboard and the licence page read from it:
// contents per month, recent contents, unread messages, and the licence in the school's name.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENTS, DEPARTMENTS, MESSAGES } from '../../server/seed/sampleData.ts';
import { seedDatabase } from '../../server/seed/seed.ts';
import { lastMonths } from '../../server/sys/dashboard.ts';
import {
  ADMIN_PASSWORD,
  backends,
  call,
  login,
  startServer,
  TEST_SECURITY,
  type TestServer,
} from './harness.ts';

const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

describe.each(backends)('the sample school on $name', (backend) => {
  let server: TestServer;
  let admin: string;
  const total = async (table: string) =>
    (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(server.db)).rows[0]
      .n;

  beforeAll(async () => {
    server = await startServer(backend, {}, { sampleData: true });
    admin = await login(server.app, 'admin', ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('fills every CMS table and the departments, with themes 1 and 5 and the administrator in an office', async () => {
    expect(server.seed.sampleData.sort()).toEqual(
      [
        'areablocks',
        'companys',
        'contentCategorys',
        'contents',
        'departments',
        'mailboxrepliers',
        'mailboxtypes',
        'pictures',
        'reportedmessages',
        'sourceoffices',
        'weblinkcategorys',
        'weblinks',
        'webpictures',
        'websites',
      ].sort(),
    );
    expect(await total('sys_departments')).toBe(DEPARTMENTS.length);
    const themes = await call(server.app, 'GET', '/api/cms/websites', { token: admin });
    expect(themes.body.data.rows.map((r: { id: number; active: boolean }) => [r.id, r.active])).toEqual([
      [1, true],
      [5, false],
    ]);
    // a theme made afterwards gets the next id, not a clash with 1 or 5
    const next = await call(server.app, 'POST', '/api/cms/websites', {
      token: admin,
      body: { themeName: '节日主题', siteName: '明德', themeColor: '#d4380d' },
    });
    expect(next.body.data.id).toBe(6);
    const info = await call(server.app, 'GET', '/api/sys/users/1/info', { token: admin });
    expect(info.body.data.departmentName).toBe('校长办公室');
    const drafts = await call(server.app, 'GET', '/api/cms/contents', {
      token: admin,
      query: { status: '0' },
    });
    expect(drafts.body.data.total).toBe(CONTENTS.filter((c) => c.draft).length);
  });

  it('writes the sample once: a later start leaves an emptied table empty', async () => {
    const ids = (
      await call(server.app, 'GET', '/api/cms/sourceoffices', { token: admin, query: { limit: '100' } })
    ).body.data.rows.map((r: { id: number }) => r.id);
    await server.db
      .updateTable('cms_contents' as never)
      .set({ source_office_id: null } as never)
      .execute();
    expect(
      (await call(server.app, 'DELETE', '/api/cms/sourceoffices', { token: admin, body: { ids } })).status,
    ).toBe(200);
    const again = await seedDatabase(server.db, server.manifest, { scrypt: TEST_SECURITY.scrypt! });
    expect(again.sampleData).toEqual([]);
    expect(await total('cms_sourceoffices')).toBe(0);
  });

  it('gives the dashboard contents per month, the newest contents and the unread messages', async () => {
    const answer = await call(server.app, 'GET', '/api/sys/dashboard', { token: admin });
    expect(answer.status).toBe(200);
    const { contentsPerMonth, recentContents, unreadReports } = answer.body.data;
    const months = lastMonths(new Date(), 12, zone);
    expect(contentsPerMonth.map((m: { month: string }) => m.month)).toEqual(months);
    const published = await call(server.app, 'GET', '/api/cms/contents', {
      token: admin,
      query: { status: '1', publishTimeFrom: new Date(`${months[0]}-01T00:00:00`).toISOString(), limit: '1' },
    });
    expect(contentsPerMonth.reduce((sum: number, m: { count: number }) => sum + m.count, 0)).toBe(
      published.body.data.total,
    );
    expect(contentsPerMonth.filter((m: { count: number }) => m.count > 0).length).toBeGreaterThan(8);

    // docs/shell.md: the eight newest contents
    expect(recentContents).toHaveLength(8);
    const newest = await call(server.app, 'GET', '/api/cms/contents', {
      token: admin,
      query: { status: '1', limit: '8', sort: '-publishTime' },
    });
    expect(recentContents.map((c: { id: number }) => c.id)).toEqual(
      newest.body.data.rows.map((r: { id: number }) => r.id),
    );
    expect(Object.keys(recentContents[0]).sort()).toEqual(['categoryId', 'id', 'publishTime', 'title']);

    expect(unreadReports).toBe(MESSAGES.filter((m) => m.status === 0).length);
    const mailbox = (await call(server.app, 'GET', '/api/cms/web/mailboxtypes')).body.data.rows[0].id;
    await call(server.app, 'POST', '/api/cms/web/reportedmessages', {
      body: {
        mailboxTypeId: mailbox,
        title: '新留言',
        content: '一条新的留言内容',
        reporterName: '甲',
        reporterPhone: '13800000009',
      },
    });
    const after = await call(server.app, 'GET', '/api/sys/dashboard', { token: admin });
    expect(after.body.data.unreadReports).toBe(unreadReports + 1);
  });

  it('tells the licence without a session: the school as licensee, edition and end; an ended one by the license rule', async () => {
    const answer = await call(server.app, 'GET', '/api/sys/license');
    expect(answer.status).toBe(200);
    expect(answer.body.meta.success).toBe(true);
    expect(answer.body.data).toEqual({
      valid: true,
      holder: '明德实验学校',
      edition: 'standard',
      expiresAt: expect.any(String),
    });
    const days = (new Date(answer.body.data.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(365);

    await server.db
      .updateTable('sys_settings')
      .set({ value: JSON.stringify({ edition: 'standard', expiresAt: '2026-01-31T16:00:00.000Z' }) })
      .where('key', '=', 'license')
      .execute();
    const ended = await call(server.app, 'GET', '/api/sys/license');
    expect(ended.status).toBe(200);
    expect(ended.body.meta).toEqual({
      success: false,
      message: 'license授权已于 2026-01-31 到期，请联系供应商续期。',
    });
    expect(ended.body.data).toMatchObject({ valid: false, holder: '明德实验学校' });
    const english = await call(server.app, 'GET', '/api/sys/license', {
      headers: { 'accept-language': 'en' },
    });
    expect(english.body.meta.message).toBe(
      'licenseThe licence ended on 2026-01-31; ask the supplier to renew it.',
    );

    await server.db
      .updateTable('sys_settings')
      .set({ value: JSON.stringify({ edition: 'campus', expiresAt: null }) })
      .where('key', '=', 'license')
      .execute();
    const perpetual = await call(server.app, 'GET', '/api/sys/license');
    expect(perpetual.body.data).toMatchObject({ valid: true, edition: 'campus', expiresAt: null });

    await server.db.deleteFrom('sys_settings').where('key', '=', 'license').execute();
    const none = await call(server.app, 'GET', '/api/sys/license');
    expect(none.body.meta.message.startsWith('license')).toBe(true);
    expect(none.body.data.valid).toBe(false);
  });
});

describe.each(backends)('the sample school beside existing rows on $name', (backend) => {
  it('skips a table that has rows and resolves references by name against what is there', async () => {
    const server = await startServer(backend);
    try {
      const admin = await login(server.app, 'admin', ADMIN_PASSWORD);
      const own = await call(server.app, 'POST', '/api/cms/contentCategorys', {
        token: admin,
        body: { categoryName: '学校新闻', kind: 0 },
      });
      const seeded = await seedDatabase(server.db, server.manifest, { scrypt: TEST_SECURITY.scrypt! });
      expect(seeded.sampleData).not.toContain('contentCategorys');
      expect(seeded.sampleData).toContain('contents');
      const contents = await call(server.app, 'GET', '/api/cms/contents', {
        token: admin,
        query: { limit: '100' },
      });
      expect(contents.body.data.total).toBe(CONTENTS.filter((c) => c.category === '学校新闻').length);
      expect(
        contents.body.data.rows.every((r: { categoryId: number }) => r.categoryId === own.body.data.id),
      ).toBe(true);
    } finally {
      await server.close();
    }
  });
});
