// @vitest-environment node
// The public content service (spec §7) over the sample school: every named call answers without
// a session, shows only what the schemas expose, serves only published rows, takes only the
// declared parameters, and can be cached by the public site.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENTS, PAGES } from '../../server/seed/sampleData.ts';
import { ADMIN_PASSWORD, backends, call, login, startServer, type TestServer } from './harness.ts';

const WEB = '/api/cms/web';

/** Every GET of spec §7's public content service, ids as the sample data has them. */
const SPEC_CALLS = [
  'areablocks',
  'websites/changeTheme/5',
  'websites/changeTheme/1',
  'contents/contentcentre/all',
  'contents/contentcentre/picture',
  'contents',
  'contents/pictures',
  'contents/count',
  'contents/titles/10',
  'contents/1',
  'contents/picturesbycategoryid?categoryId=6',
  'contents/listbycategoryid?categoryId=6',
  'contentCategorysTree',
  'contentCategorys',
  'contentCategorys/6',
  'contentCategorys/parentid/6',
  'contentCategorys/contentlaw',
  'weblinkcategorys',
  'weblinks',
  'websites',
  'companys',
  'webpictures',
  'sourceoffices',
  'reportedmessages',
  'mailboxtypes',
  'mailboxrepliers',
];

const PUBLISHED = CONTENTS.filter((c) => !c.draft).length + PAGES.length;

describe.each(backends)('public content service on $name', (backend) => {
  let server: TestServer;
  let admin: string;
  const get = (path: string, query?: Record<string, string>) =>
    call(server.app, 'GET', `${WEB}/${path}`, { query });
  const categoryId = async (name: string): Promise<number> => {
    const answer = await call(server.app, 'GET', '/api/cms/contentCategorys', {
      token: admin,
      query: { categoryName: name, limit: '500' },
    });
    return answer.body.data.rows.find((r: { categoryName: string }) => r.categoryName === name).id;
  };

  beforeAll(async () => {
    server = await startServer(backend, {}, { sampleData: true });
    admin = await login(server.app, 'admin', ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers every call of spec §7 without a session, in the envelope, cacheable for a minute with an ETag', async () => {
    for (const path of SPEC_CALLS) {
      const answer = await call(server.app, 'GET', `${WEB}/${path}`);
      expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
      expect(answer.body.meta).toEqual({ success: true, message: 'ok' });
      expect(answer.headers['cache-control']).toBe('public, max-age=60');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      const tag = answer.headers.etag as string;
      expect(tag).toMatch(/^".+"$/);
      if (path === 'contents/1') continue; // each read counts a view, so its answer changes
      const again = await call(server.app, 'GET', `${WEB}/${path}`, { headers: { 'if-none-match': tag } });
      expect(again.status, path).toBe(304);
      expect(again.raw.length).toBe(0);
    }
  });

  it('serves only published contents, and lists leave the body out', async () => {
    expect((await get('contents/count')).body.data).toEqual({ total: PUBLISHED });
    const list = await get('contents', { limit: '500' });
    expect(list.body.data.total).toBe(PUBLISHED);
    const titles = list.body.data.rows.map((r: { title: string }) => r.title);
    for (const draft of CONTENTS.filter((c) => c.draft)) expect(titles).not.toContain(draft.title);
    expect(Object.keys(list.body.data.rows[0]).sort()).toEqual(
      [
        'id',
        'title',
        'categoryId',
        'summary',
        'isLink',
        'linkUrl',
        'coverImage',
        'sourceOfficeId',
        'author',
        'publishTime',
        'pinned',
        'viewCount',
      ].sort(),
    );
    // pinned first, then newest first
    const rows = list.body.data.rows as Array<{ pinned: boolean; publishTime: string }>;
    const firstUnpinned = rows.findIndex((r) => !r.pinned);
    expect(rows.slice(firstUnpinned).every((r) => !r.pinned)).toBe(true);
    const times = rows.slice(firstUnpinned).map((r) => r.publishTime);
    expect(times).toEqual([...times].sort().reverse());

    const draft = await call(server.app, 'GET', '/api/cms/contents', {
      token: admin,
      query: { status: '0', limit: '1' },
    });
    const draftId = draft.body.data.rows[0].id;
    expect((await get(`contents/${draftId}`)).status).toBe(404);
    expect((await get('contents/99999')).status).toBe(404);
    expect((await get('contents/abc')).status).toBe(404);
  });

  it('reads one content with its body and counts the view', async () => {
    const first = await get('contents/1');
    expect(first.body.data.body).toContain('<p>');
    expect(first.body.data).not.toHaveProperty('status');
    const second = await get('contents/1');
    expect(second.body.data.viewCount).toBe(first.body.data.viewCount + 1);
    const staff = await call(server.app, 'GET', '/api/cms/contents/1', { token: admin });
    expect(staff.body.data.viewCount).toBe(second.body.data.viewCount);
  });

  it('takes only the declared filters and paging: anything else is a 400 naming it', async () => {
    const paged = await get('contents', { page: '2', limit: '5' });
    expect(paged.body.data.rows).toHaveLength(5);
    expect(paged.body.data.total).toBe(PUBLISHED);
    const like = await get('contents', { title: '运动' });
    expect(like.body.data.rows.every((r: { title: string }) => r.title.includes('运动'))).toBe(true);
    expect(like.body.data.total).toBeGreaterThan(0);

    for (const [query, name] of [
      [{ status: '0' }, 'status'],
      [{ sort: 'title' }, 'sort'],
      [{ limit: '501' }, 'limit'],
      [{ page: '0' }, 'page'],
      [{ categoryId: 'news' }, 'categoryId'],
      [{ body: 'x' }, 'body'],
    ] as const) {
      const answer = await get('contents', query);
      expect(answer.status, name).toBe(400);
      expect(Object.keys(answer.body.data.errors)).toEqual([name]);
      expect(answer.headers['cache-control']).toBe('no-store');
    }
    expect((await get('contents/count', { page: '1' })).status).toBe(400);
    expect((await get('contents/1', { x: '1' })).status).toBe(400);
  });

  it('lists a category with everything below it; the category is required', async () => {
    const news = await categoryId('新闻动态');
    const below = ['学校新闻', '校园活动', '媒体报道'];
    const expected = CONTENTS.filter((c) => !c.draft && below.includes(c.category));
    const list = await get('contents/listbycategoryid', { categoryId: String(news), limit: '100' });
    expect(list.body.data.total).toBe(expected.length);
    expect(list.body.data.rows.map((r: { title: string }) => r.title).sort()).toEqual(
      expected.map((c) => c.title).sort(),
    );
    const pictures = await get('contents/picturesbycategoryid', { categoryId: String(news), limit: '100' });
    expect(pictures.body.data.total).toBe(expected.filter((c) => c.cover).length);
    expect(
      pictures.body.data.rows.every((r: { coverImage: string }) => r.coverImage.startsWith('/uploads/')),
    ).toBe(true);
    const missing = await get('contents/listbycategoryid');
    expect(missing.status).toBe(400);
    expect(missing.body.data.errors).toEqual({ categoryId: '所属栏目不能为空' });

    // a leaf column lists only its own
    const leaf = await get('contents/listbycategoryid', { categoryId: String(await categoryId('媒体报道')) });
    expect(leaf.body.data.total).toBe(expected.filter((c) => c.category === '媒体报道').length);
  });

  it('gives the titles of a block’s column, sub-columns included, with the title fields only', async () => {
    const notices = await categoryId('通知公告');
    const answer = await get(`contents/titles/${notices}`, { limit: '50' });
    const expected = CONTENTS.filter((c) => !c.draft && ['学校通知', '公示公告'].includes(c.category));
    expect(answer.body.data.total).toBe(expected.length);
    expect(Object.keys(answer.body.data.rows[0]).sort()).toEqual(
      ['id', 'title', 'isLink', 'linkUrl', 'publishTime', 'pinned'].sort(),
    );
  });

  it('gives the content centre: the newest of each top-level column, in the columns’ order', async () => {
    const all = await get('contents/contentcentre/all', { limit: '3' });
    const groups = all.body.data as Array<{
      categoryId: number;
      categoryName: string;
      total: number;
      rows: unknown[];
    }>;
    expect(groups.map((g) => g.categoryName)).toEqual([
      '学校概况',
      '新闻动态',
      '通知公告',
      '教学科研',
      '招生就业',
    ]);
    for (const group of groups) {
      expect(group.rows.length).toBe(Math.min(3, group.total));
      expect(Object.keys(group).sort()).toEqual(['categoryId', 'categoryName', 'rows', 'total']);
    }
    expect(groups.reduce((sum, g) => sum + g.total, 0)).toBe(PUBLISHED);

    const pictures = await get('contents/contentcentre/picture');
    for (const group of pictures.body.data as Array<{ rows: Array<{ coverImage: string | null }> }>)
      expect(group.rows.every((r) => r.coverImage)).toBe(true);
    expect((await get('contents/contentcentre/all', { limit: '51' })).status).toBe(400);
    expect((await get('contents/contentcentre/all', { categoryId: '1' })).status).toBe(400);
  });

  it('serves the category tree, children of one, regulation columns, and hides hidden columns with what is below', async () => {
    const hidden = await call(server.app, 'POST', '/api/cms/contentCategorys', {
      token: admin,
      body: { categoryName: '内部栏目', kind: 0, status: 1 },
    });
    await call(server.app, 'POST', '/api/cms/contentCategorys', {
      token: admin,
      body: { categoryName: '内部子栏目', kind: 0, parentId: hidden.body.data.id },
    });
    const tree = (await get('contentCategorysTree')).body.data as Array<{
      categoryName: string;
      children: Array<{ categoryName: string }>;
    }>;
    expect(tree.map((n) => n.categoryName)).toEqual([
      '学校概况',
      '新闻动态',
      '通知公告',
      '教学科研',
      '招生就业',
    ]);
    expect(tree[1].children.map((n) => n.categoryName)).toEqual(['学校新闻', '校园活动', '媒体报道']);
    expect(JSON.stringify(tree)).not.toContain('内部');
    expect(Object.keys(tree[0]).sort()).toEqual(
      [
        'id',
        'parentId',
        'categoryName',
        'kind',
        'linkUrl',
        'coverImage',
        'regulation',
        'showInNav',
        'orderNum',
        'children',
      ].sort(),
    );

    const children = await get(`contentCategorys/parentid/${await categoryId('新闻动态')}`);
    expect(children.body.data.rows.map((r: { categoryName: string }) => r.categoryName)).toEqual([
      '学校新闻',
      '校园活动',
      '媒体报道',
    ]);
    const law = await get('contentCategorys/contentlaw');
    expect(law.body.data.rows.map((r: { categoryName: string }) => r.categoryName)).toEqual([
      '政策法规',
      '招生政策',
    ]);
    expect((await get(`contentCategorys/${hidden.body.data.id}`)).status).toBe(404);
  });

  it('gives the live site theme, reads themes 1 and 5 by id without changing which is live', async () => {
    const live = await get('websites');
    expect(live.body.data.rows.map((r: { id: number }) => r.id)).toEqual([1]);
    expect(live.body.data.rows[0]).not.toHaveProperty('active');
    const grey = await get('websites/changeTheme/5');
    expect(grey.body.data).toMatchObject({ id: 5, grayscale: true, themeName: '哀悼主题' });
    expect((await get('websites/changeTheme/1')).body.data).toMatchObject({ id: 1, grayscale: false });
    expect((await get('websites')).body.data.rows.map((r: { id: number }) => r.id)).toEqual([1]);
    expect((await get('websites/changeTheme/99')).status).toBe(404);
    // switching is a staff action
    expect((await call(server.app, 'PUT', `${WEB}/websites/changeTheme/5`)).status).toBe(404);
  });

  it('shows the school, links, pictures, offices, blocks and mailboxes without their internal fields', async () => {
    const company = (await get('companys')).body.data.rows[0];
    expect(company.companyName).toBe('明德实验学校');
    const links = (await get('weblinks', { limit: '100' })).body.data;
    expect(links.total).toBe(8);
    expect(Object.keys(links.rows[0]).sort()).toEqual(
      ['id', 'linkName', 'linkUrl', 'categoryId', 'logo', 'newWindow', 'orderNum'].sort(),
    );
    const govId = (await get('weblinkcategorys')).body.data.rows.find(
      (r: { categoryName: string }) => r.categoryName === '政府网站',
    ).id;
    expect((await get('weblinks', { categoryId: String(govId) })).body.data.total).toBe(3);
    expect((await get('webpictures', { position: 'banner' })).body.data.total).toBe(3);
    expect((await get('sourceoffices', { limit: '100' })).body.data.rows[0]).toEqual({
      id: expect.any(Number),
      officeName: '校长办公室',
      orderNum: 0,
    });
    const repliers = (await get('mailboxrepliers')).body.data.rows;
    expect(Object.keys(repliers[0]).sort()).toEqual(['id', 'mailboxTypeId', 'orderNum', 'replierName']);
    expect((await get('areablocks')).body.data.rows.map((r: { blockKey: string }) => r.blockKey)).toEqual([
      'news',
      'notice',
      'teaching',
      'admission',
      'campus',
    ]);
  });

  it('lists only publicly answered messages, never the writer’s details', async () => {
    const answer = await get('reportedmessages');
    expect(answer.body.data.total).toBe(2);
    for (const row of answer.body.data.rows) {
      expect(Object.keys(row).sort()).toEqual(
        ['id', 'mailboxTypeId', 'title', 'content', 'replierId', 'reply', 'replyTime', 'createTime'].sort(),
      );
      expect(row.reply).toBeTruthy();
    }
  });

  it('takes a message from the public: validated, stored unread, shown only once answered publicly', async () => {
    const mailboxes = (await get('mailboxtypes')).body.data.rows;
    const mailboxTypeId = mailboxes[0].id;
    const message = {
      mailboxTypeId: String(mailboxTypeId),
      title: '操场照明',
      content: '晚自习后操场照明不足，建议增加路灯。',
      reporterName: '家长',
      reporterPhone: '13812345678',
      allowPublic: 'true',
    };
    const sent = await call(server.app, 'POST', `${WEB}/reportedmessages`, { form: true, body: message });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data).toEqual({ id: expect.any(Number) });
    expect(sent.headers['cache-control']).toBe('no-store');
    const stored = await call(server.app, 'GET', `/api/cms/reportedmessages/${sent.body.data.id}`, {
      token: admin,
    });
    expect(stored.body.data).toMatchObject({ status: 0, publicReply: false, reporterPhone: '13812345678' });
    expect((await get('reportedmessages')).body.data.total).toBe(2);

    const replier = (await get('mailboxrepliers')).body.data.rows[0].id;
    const replied = await call(
      server.app,
      'PUT',
      `/api/cms/reportedmessages/replyPublicly/${sent.body.data.id}`,
      {
        token: admin,
        body: { replierId: replier, reply: '已安排总务处增设路灯。' },
      },
    );
    expect(replied.status, JSON.stringify(replied.body)).toBe(200);
    const shown = (await get('reportedmessages')).body.data;
    expect(shown.total).toBe(3);
    expect(shown.rows[0]).toMatchObject({ title: '操场照明', reply: '已安排总务处增设路灯。' });
    expect(shown.rows[0]).not.toHaveProperty('reporterPhone');

    // audit: a public write has an address and no user
    const audit = await server.db
      .selectFrom('sys_audit_log')
      .selectAll()
      .where('action', '=', 'submit')
      .where('target', '=', String(sent.body.data.id))
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ user_id: null, resource: 'reportedmessages', address: '127.0.0.1' });
  });

  it('refuses a bad message per field, a field the public may not set, and a closed mailbox', async () => {
    const bad = await call(server.app, 'POST', `${WEB}/reportedmessages`, {
      body: { title: '', content: 'hi', reporterPhone: 'call me', status: 2 },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.data.errors).sort()).toEqual(
      ['content', 'mailboxTypeId', 'reporterName', 'reporterPhone', 'status', 'title'].sort(),
    );
    const closed = await call(server.app, 'POST', '/api/cms/mailboxtypes', {
      token: admin,
      body: { typeName: '已停用信箱', status: 1 },
    });
    const toClosed = await call(server.app, 'POST', `${WEB}/reportedmessages`, {
      body: {
        mailboxTypeId: closed.body.data.id,
        title: '测试',
        content: '写给已停用的信箱',
        reporterName: '某人',
        reporterPhone: '13800000000',
      },
    });
    expect(toClosed.status).toBe(400);
    expect(Object.keys(toClosed.body.data.errors)).toEqual(['mailboxTypeId']);
    expect((await call(server.app, 'POST', `${WEB}/reportedmessages`, { body: 'not json{' })).status).toBe(
      400,
    );
  });

  it('limits submissions per address, counted in the database, with Retry-After', async () => {
    const limited = await server.reopen({ publicSubmitLimit: 2 });
    const mailboxTypeId = (await get('mailboxtypes')).body.data.rows[0].id;
    const send = (address: string) =>
      call(limited, 'POST', `${WEB}/reportedmessages`, {
        remoteAddress: address,
        body: {
          mailboxTypeId,
          title: '限流',
          content: '同一地址的留言',
          reporterName: '某人',
          reporterPhone: '13800000001',
        },
      });
    expect((await send('203.0.113.7')).status).toBe(200);
    expect((await send('203.0.113.7')).status).toBe(200);
    const refused = await send('203.0.113.7');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // another address is not held back, and another process counts the same rows
    expect((await send('203.0.113.8')).status).toBe(200);
    const other = await server.reopen({ publicSubmitLimit: 2 });
    expect(
      (
        await call(other, 'POST', `${WEB}/reportedmessages`, {
          remoteAddress: '203.0.113.7',
          body: {
            mailboxTypeId,
            title: '限流',
            content: '另一个进程',
            reporterName: '某人',
            reporterPhone: '13800000001',
          },
        })
      ).status,
    ).toBe(429);
  });

  it('answers nothing but GET, and POST only where the schema takes submissions', async () => {
    expect((await call(server.app, 'POST', `${WEB}/contents`, { body: { title: 'x' } })).status).toBe(404);
    expect((await call(server.app, 'DELETE', `${WEB}/contents/1`)).status).toBe(404);
    expect((await call(server.app, 'PUT', `${WEB}/companys/1`, { body: {} })).status).toBe(404);
    expect((await get('users')).status).toBe(404);
  });
});
