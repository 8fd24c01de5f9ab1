// @vitest-environment node
// Drafts and preview (docs/schema.md, "Drafts"; docs/api.md, "Drafts", "Preview"): a row of a
// resource with `drafts: true` is edited as a draft while the public service keeps serving the
// row as it is; publishing the draft is an update with every check of one, in one transaction
// with the draft's removal; a preview shows a row as the public service would, published or not.
import { sql } from 'kysely';
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

const CONTENTS = '/api/cms/contents';
const WEB = '/api/cms/web/contents';

describe.each(backends)('drafts on $name', (backend) => {
  let server: TestServer;
  let admin: string;
  let categoryId: number;

  const api = (method: string, url: string, body?: unknown, token = admin, query?: Record<string, string>) =>
    call(server.app, method, url, { token, body, query });
  /** A content the public sees (published, its time passed), or one still unpublished. */
  const newContent = async (title: string, publish = true, publishTime = '2026-01-01T02:00:00Z') => {
    const made = await api('POST', CONTENTS, { title, categoryId, body: '<p>正文</p>', publishTime });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const id = made.body.data.id as number;
    if (publish) expect((await api('PUT', `${CONTENTS}/publish/${id}`, {})).status).toBe(200);
    return (await api('GET', `${CONTENTS}/${id}`)).body.data as {
      id: number;
      version: number;
      title: string;
    };
  };
  const publicTitle = async (id: number) => {
    const answer = await call(server.app, 'GET', `${WEB}/${id}`);
    expect(answer.status).toBe(200);
    return answer.body.data.title as string;
  };
  const draftCount = async (id: number) =>
    (
      await sql<{
        n: number;
      }>`select count(*)::int as n from sys_drafts where resource = 'contents' and row_id = ${id}`.execute(
        server.db,
      )
    ).rows[0].n;

  beforeAll(async () => {
    server = await startServer(backend);
    admin = await login(server.app, 'admin', ADMIN_PASSWORD);
    const category = await api('POST', '/api/cms/contentCategorys', { categoryName: '草稿栏目', kind: 0 });
    categoryId = category.body.data.id;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('saves, reads and discards a draft while the public keeps the published state', async () => {
    const row = await newContent('已发布的标题');
    const url = `${CONTENTS}/${row.id}/draft`;
    expect((await api('GET', url)).body.data).toBeNull();

    const saved = await api('PUT', url, { title: '草稿标题', summary: '草稿摘要', version: row.version });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // only what differs from the row is kept
    expect(saved.body.data.data).toEqual({ title: '草稿标题', summary: '草稿摘要' });
    expect(saved.body.data.baseVersion).toBe(row.version);
    expect(saved.body.data.updatedBy).toBe('admin');

    // a second save replaces the data and keeps the version the draft started from
    const again = await api('PUT', url, { title: '草稿标题二', version: row.version + 5 });
    expect(again.body.data).toMatchObject({ data: { title: '草稿标题二' }, baseVersion: row.version });
    expect((await api('GET', url)).body.data.data).toEqual({ title: '草稿标题二' });

    // the row and the public service are as they were
    expect((await api('GET', `${CONTENTS}/${row.id}`)).body.data).toMatchObject({
      title: '已发布的标题',
      version: row.version,
    });
    expect(await publicTitle(row.id)).toBe('已发布的标题');

    // the list marks the row, and only it
    const other = await newContent('没有草稿');
    const list = await api('GET', CONTENTS, undefined, admin, { id: `${row.id},${other.id}`, limit: '10' });
    const marks = Object.fromEntries(
      (list.body.data.rows as Array<{ id: number; hasDraft?: boolean }>).map((r) => [r.id, r.hasDraft]),
    );
    expect(marks).toEqual({ [row.id]: true, [other.id]: undefined });

    expect((await api('DELETE', url)).status).toBe(200);
    expect((await api('GET', url)).body.data).toBeNull();
    expect(await draftCount(row.id)).toBe(0);
  });

  it('drops the draft when the values are the row’s again', async () => {
    const row = await newContent('原样');
    const url = `${CONTENTS}/${row.id}/draft`;
    await api('PUT', url, { title: '改过' });
    const back = await api('PUT', url, { title: '原样', categoryId });
    expect(back.status).toBe(200);
    expect(back.body.data).toBeNull();
    expect(await draftCount(row.id)).toBe(0);
  });

  it('keeps a binned row’s draft for its restore, and drops it when the row is purged', async () => {
    const row = await newContent('带草稿删除');
    const url = `${CONTENTS}/${row.id}/draft`;
    expect((await api('PUT', url, { title: '删除前的草稿' })).status).toBe(200);
    expect((await api('DELETE', `${CONTENTS}/${row.id}`)).status).toBe(200);
    expect(await draftCount(row.id)).toBe(1);
    expect((await api('POST', `${CONTENTS}/bin/restore`, { ids: [row.id] })).status).toBe(200);
    expect((await api('GET', url)).body.data.data).toEqual({ title: '删除前的草稿' });

    expect((await api('DELETE', `${CONTENTS}/${row.id}`)).status).toBe(200);
    expect((await api('DELETE', `${CONTENTS}/bin`, { ids: [row.id] })).body.data).toEqual({ count: 1 });
    expect(await draftCount(row.id)).toBe(0);
  });

  it('publishes a draft: the row and the public service take it, a revision and an audit entry are written', async () => {
    const row = await newContent('旧标题');
    const url = `${CONTENTS}/${row.id}/draft`;
    await api('PUT', url, { title: '新标题', version: row.version });
    const published = await api('POST', `${url}/publish`, {});
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(published.body.data).toMatchObject({ title: '新标题', version: row.version + 1, status: 1 });
    expect(await publicTitle(row.id)).toBe('新标题');
    expect(await draftCount(row.id)).toBe(0);

    const history = await api('GET', `${CONTENTS}/${row.id}/revisions`);
    expect(history.body.data.rows[0]).toMatchObject({ action: 'publishDraft', changed: ['title'] });
    const audit = await server.db
      .selectFrom('sys_audit_log')
      .select(['action', 'target'])
      .where('resource', '=', 'contents')
      .where('action', '=', 'publishDraft')
      .execute();
    expect(audit.map((a) => String(a.target))).toContain(String(row.id));

    // nothing left to publish
    expect((await api('POST', `${url}/publish`, {})).status).toBe(404);
  });

  it('refuses to publish over a row saved since the draft began: 409 with the row, nothing written', async () => {
    const row = await newContent('起点');
    const url = `${CONTENTS}/${row.id}/draft`;
    await api('PUT', url, { title: '草稿改动', version: row.version });
    const saved = await api('PUT', `${CONTENTS}/${row.id}`, {
      title: '别人保存',
      categoryId,
      body: '<p>正文</p>',
      publishTime: '2026-01-01T02:00:00Z',
      version: row.version,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    const refused = await api('POST', `${url}/publish`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.data.current).toMatchObject({ title: '别人保存', version: row.version + 1 });
    expect((await api('GET', `${CONTENTS}/${row.id}`)).body.data.title).toBe('别人保存');
    expect(await publicTitle(row.id)).toBe('别人保存');
    // the draft is kept, for the editor to look at again
    expect((await api('GET', url)).body.data.data).toEqual({ title: '草稿改动' });
  });

  it('refuses hostile and invalid drafts with a 400 naming the field, and keeps nothing', async () => {
    const row = await newContent('校验');
    const url = `${CONTENTS}/${row.id}/draft`;
    const cases: Array<[unknown, string]> = [
      [{ viewCount: 100000 }, 'viewCount'],
      [{ status: 1 }, 'status'],
      [{ id: 99 }, 'id'],
      [{ isAdmin: true }, 'isAdmin'],
      [{ title: 'x'.repeat(201) }, 'title'],
      [{ categoryId: 'abc' }, 'categoryId'],
      [{ publishTime: 'not a time' }, 'publishTime'],
      [{ linkUrl: 'javascript:alert(1)' }, 'linkUrl'],
      [{ title: 'ok', version: 'x' }, 'version'],
    ];
    for (const [body, field] of cases) {
      const answer = await api('PUT', url, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(answer.body.data.errors), JSON.stringify(body)).toContain(field);
    }
    expect((await api('PUT', url, [1, 2])).status).toBe(400);
    expect(await draftCount(row.id)).toBe(0);

    // a required field emptied may be saved as a draft, but not published
    expect((await api('PUT', url, { title: '' })).status).toBe(200);
    const refused = await api('POST', `${url}/publish`, {});
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.data.errors)).toEqual(['title']);
    expect((await api('GET', `${CONTENTS}/${row.id}`)).body.data.title).toBe('校验');

    const extra = await api('POST', `${url}/publish`, { title: 'sneaked' });
    expect(extra.status).toBe(400);
    expect(Object.keys(extra.body.data.errors)).toEqual(['title']);

    // a draft's rich text is cleaned as a saved row's is
    const script = await api('PUT', url, {
      body: '<p>ok</p><script>alert(1)</script><img src=x onerror=alert(1)>',
    });
    expect(script.status).toBe(200);
    expect(JSON.stringify(script.body.data.data.body)).not.toMatch(/script|onerror/);

    expect((await api('GET', `${CONTENTS}/999999/draft`)).status).toBe(404);
    expect((await api('PUT', `${CONTENTS}/999999/draft`, { title: 'x' })).status).toBe(404);
  });

  it('needs the update permission to save, discard or publish a draft and the list permission to read one', async () => {
    const row = await newContent('权限');
    const url = `${CONTENTS}/${row.id}/draft`;
    await api('PUT', url, { title: '管理员草稿' });
    await createRole(server, 'draft_reader', ['cms:contents:list']);
    const reader = await createUser(server, 'draft_reader', ['draft_reader']);
    const readerToken = await login(server.app, 'draft_reader', reader.password);
    const nobody = await createUser(server, 'draft_nobody', []);
    const nobodyToken = await login(server.app, 'draft_nobody', nobody.password);

    expect((await api('GET', url, undefined, nobodyToken)).status).toBe(403);
    expect((await api('GET', url, undefined, readerToken)).status).toBe(200);
    for (const [method, path] of [
      ['PUT', url],
      ['DELETE', url],
      ['POST', `${url}/publish`],
    ]) {
      const refused = await api(method, path, { title: '读者改动' }, readerToken);
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(refused.body.meta.message).toContain('cms:contents:update');
    }
    expect((await call(server.app, 'PUT', url, { body: { title: 'anon' } })).status).toBe(401);
    expect((await api('GET', url)).body.data.data).toEqual({ title: '管理员草稿' });
  });

  it('previews an unpublished or scheduled content, with its draft, for staff only', async () => {
    const hidden = await newContent('未发布', false);
    const scheduled = await newContent('已排期', true, '2099-01-01T00:00:00Z');
    for (const row of [hidden, scheduled]) {
      // the public service does not serve it
      expect((await call(server.app, 'GET', `${WEB}/${row.id}`)).status).toBe(404);
      const preview = await api('GET', `${CONTENTS}/${row.id}/preview`);
      expect(preview.status, JSON.stringify(preview.body)).toBe(200);
      expect(preview.body.data).toMatchObject({
        row: { id: row.id, title: row.title },
        draft: null,
        public: false,
      });
      // the public one-row call's fields, nothing else
      expect(preview.body.data.row).not.toHaveProperty('status');
      expect(preview.body.data.row).not.toHaveProperty('version');
      expect((await call(server.app, 'GET', `${CONTENTS}/${row.id}/preview`)).status).toBe(401);
    }

    const live = await newContent('公开');
    await api('PUT', `${CONTENTS}/${live.id}/draft`, { title: '公开的草稿', body: '<p>新正文</p>' });
    const plain = await api('GET', `${CONTENTS}/${live.id}/preview`);
    expect(plain.body.data).toMatchObject({ row: { title: '公开' }, draft: null, public: true });
    const withDraft = await api('GET', `${CONTENTS}/${live.id}/preview`, undefined, admin, { draft: 'true' });
    expect(withDraft.body.data).toMatchObject({
      row: { title: '公开的草稿', body: '<p>新正文</p>' },
      draft: { updatedBy: 'admin' },
      public: true,
    });
    expect(await publicTitle(live.id)).toBe('公开');

    const nobody = await createUser(server, 'preview_nobody', []);
    const nobodyToken = await login(server.app, 'preview_nobody', nobody.password);
    expect((await api('GET', `${CONTENTS}/${live.id}/preview`, undefined, nobodyToken)).status).toBe(403);
    const bad = await api('GET', `${CONTENTS}/${live.id}/preview`, undefined, admin, { draft: 'maybe' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.data.errors)).toEqual(['draft']);
    const unknown = await api('GET', `${CONTENTS}/${live.id}/preview`, undefined, admin, {
      fields: 'status',
    });
    expect(Object.keys(unknown.body.data.errors)).toEqual(['fields']);
    expect((await api('GET', `${CONTENTS}/999999/preview`)).status).toBe(404);
  });
});
