// @vitest-environment node
// Writes that are never lost (docs/api.md, "Concurrent edits", "Batch updates", "Values"): every
// row carries a version that each write moves on, an update that read an older version is a 409
// with the current row, a batch update checks only what it sends, and writes and filters read a
// value by the same rules, in the request's language. Each test makes its own rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, backends, call, login, startServer, type TestServer } from './harness.ts';

const NOTES = '/api/qa/notes';
const CONTENTS = '/api/cms/contents';
const EN = { 'accept-language': 'en' };

describe.each(backends)('writes on $name', (backend) => {
  let server: TestServer;
  let admin: string;
  let categoryId: number;
  let made = 0;

  /** A note of its own for each test: titles are unique. */
  const note = async (extra: Record<string, unknown> = {}) => {
    made += 1;
    const answer = await call(server.app, 'POST', NOTES, {
      token: admin,
      body: { title: `w${made}`, ...extra },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data as { id: number; version: number; title: string } & Record<string, unknown>;
  };
  const content = async (extra: Record<string, unknown> = {}) => {
    const answer = await call(server.app, 'POST', CONTENTS, {
      token: admin,
      body: { title: '并发', categoryId, publishTime: '2026-03-01T08:00:00Z', body: '<p>正文</p>', ...extra },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data as { id: number; version: number } & Record<string, unknown>;
  };
  const read = async (endpoint: string, id: number) =>
    (await call(server.app, 'GET', `${endpoint}/${id}`, { token: admin })).body.data;

  beforeAll(async () => {
    server = await startServer(backend);
    admin = await login(server.app, 'admin', ADMIN_PASSWORD);
    const category = await call(server.app, 'POST', '/api/cms/contentCategorys', {
      token: admin,
      body: { categoryName: '写入测试', kind: 0 },
    });
    categoryId = category.body.data.id;
  });
  afterAll(async () => {
    await server?.close();
  });

  describe('versions', () => {
    it('starts every row at version 1 and carries it in the row, the list and the system resources', async () => {
      const created = await note();
      expect(created.version).toBe(1);
      expect((await read(NOTES, created.id)).version).toBe(1);
      const list = await call(server.app, 'GET', NOTES, { token: admin, query: { title: created.title } });
      expect(list.body.data.rows[0].version).toBe(1);
      const users = await call(server.app, 'GET', '/api/sys/users', { token: admin });
      expect(users.body.data.rows[0].version).toEqual(expect.any(Number));
    });

    it('takes an update that sends the version it read and moves the version on', async () => {
      const created = await note({ rating: 1 });
      const answer = await call(server.app, 'PUT', `${NOTES}/${created.id}`, {
        token: admin,
        body: { title: created.title, rating: 2, version: 1 },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.data).toMatchObject({ rating: 2, version: 2 });
      // form-encoded, as the app sends it
      const again = await call(server.app, 'PUT', `${NOTES}/${created.id}`, {
        token: admin,
        form: true,
        body: { title: created.title, rating: '3', version: '2' },
      });
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      expect(again.body.data).toMatchObject({ rating: 3, version: 3 });
    });

    it('answers a stale update with 409, the current row and a message in the request language, and writes nothing', async () => {
      const created = await note({ rating: 1 });
      const first = await call(server.app, 'PUT', `${NOTES}/${created.id}`, {
        token: admin,
        body: { title: created.title, rating: 5, version: 1 },
      });
      expect(first.status).toBe(200);
      const stale = await call(server.app, 'PUT', `${NOTES}/${created.id}`, {
        token: admin,
        body: { title: created.title, rating: 9, body: 'mine', version: 1 },
      });
      expect(stale.status).toBe(409);
      expect(stale.body.meta.message).toBe('该数据在你打开后已被他人修改');
      expect(stale.body.data.current).toEqual(await read(NOTES, created.id));
      expect(stale.body.data.current).toMatchObject({ rating: 5, body: null, version: 2 });
      const english = await call(server.app, 'PUT', `${NOTES}/${created.id}`, {
        token: admin,
        headers: EN,
        body: { title: created.title, rating: 9, version: 1 },
      });
      expect(english.status).toBe(409);
      expect(english.body.meta.message).toBe('this row was changed by someone else since you opened it');
      expect(await read(NOTES, created.id)).toMatchObject({ rating: 5, version: 2 });
      // overwriting is sending the values again with the version now stored
      const overwrite = await call(server.app, 'PUT', `${NOTES}/${created.id}`, {
        token: admin,
        body: { title: created.title, rating: 9, version: stale.body.data.current.version },
      });
      expect(overwrite.body.data).toMatchObject({ rating: 9, version: 3 });
    });

    it('lets an update without a version win (API clients), still moving the version on', async () => {
      const created = await note({ rating: 1 });
      await call(server.app, 'PUT', `${NOTES}/${created.id}`, {
        token: admin,
        body: { title: created.title, rating: 2, version: 1 },
      });
      const blind = await call(server.app, 'PUT', `${NOTES}/${created.id}`, {
        token: admin,
        form: true,
        body: { title: created.title, rating: '7', version: '' },
      });
      expect(blind.status, JSON.stringify(blind.body)).toBe(200);
      expect(blind.body.data).toMatchObject({ rating: 7, version: 3 });
    });

    it('never writes the version it is sent, and refuses one that is not a version, naming it', async () => {
      const created = await note();
      const ahead = await call(server.app, 'PUT', `${NOTES}/${created.id}`, {
        token: admin,
        body: { title: created.title, version: 50 },
      });
      expect(ahead.status).toBe(409);
      expect((await read(NOTES, created.id)).version).toBe(1);
      for (const version of ['abc', '0', '-1', '1.5', 'null']) {
        const bad = await call(server.app, 'PUT', `${NOTES}/${created.id}`, {
          token: admin,
          form: true,
          body: { title: created.title, version },
        });
        expect(bad.status, version).toBe(400);
        expect(Object.keys(bad.body.data.errors)).toEqual(['version']);
      }
      // the version is the update's alone: a create or a batch update that sends one is refused
      const create = await call(server.app, 'POST', NOTES, {
        token: admin,
        body: { title: 'wv', version: 3 },
      });
      expect(create.status).toBe(400);
      expect(Object.keys(create.body.data.errors)).toEqual(['version']);
      const batch = await call(server.app, 'PUT', NOTES, {
        token: admin,
        body: { ids: [created.id], rating: 1, version: 9 },
      });
      expect(batch.status).toBe(400);
      expect((await read(NOTES, created.id)).version).toBe(1);
    });

    it('moves the version on in batch updates, custom actions and exclusive clears', async () => {
      const [a, b] = [await note(), await note()];
      const batch = await call(server.app, 'PUT', NOTES, {
        token: admin,
        body: { ids: [a.id, b.id], rating: 4 },
      });
      expect(batch.status, JSON.stringify(batch.body)).toBe(200);
      expect((await read(NOTES, a.id)).version).toBe(2);
      expect((await read(NOTES, b.id)).version).toBe(2);
      const archived = await call(server.app, 'PUT', `${NOTES}/archive/${a.id}`, { token: admin });
      expect(archived.status, JSON.stringify(archived.body)).toBe(200);
      expect(archived.body.data.version).toBe(3);

      const website = async (themeName: string) =>
        (
          await call(server.app, 'POST', '/api/cms/websites', {
            token: admin,
            body: { themeName, siteName: '版本', themeColor: '#1890ff' },
          })
        ).body.data as { id: number; version: number };
      const [first, second] = [await website('版本一'), await website('版本二')];
      await call(server.app, 'PUT', `/api/cms/websites/changeTheme/${first.id}`, { token: admin });
      expect((await read('/api/cms/websites', first.id)).version).toBe(2);
      // switching to the second clears the first: both rows changed
      await call(server.app, 'PUT', `/api/cms/websites/changeTheme/${second.id}`, { token: admin });
      expect((await read('/api/cms/websites', first.id)).version).toBe(3);
      expect((await read('/api/cms/websites', second.id)).version).toBe(2);
    });

    it('moves the version on when a user is frozen and restored', async () => {
      const created = await call(server.app, 'POST', '/api/sys/users', {
        token: admin,
        body: { userName: 'version_user', realName: '版本', password: 'Passw0rd!long' },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const id = created.body.data.id;
      const frozen = await call(server.app, 'PUT', `/api/sys/users/freeze/${id}`, { token: admin });
      expect(frozen.status, JSON.stringify(frozen.body)).toBe(200);
      expect(frozen.body.data.version).toBe(2);
    });

    it('leaves the version alone when a visitor reads a content: a view count never conflicts an edit', async () => {
      const created = await content();
      const published = await call(server.app, 'PUT', `${CONTENTS}/publish/${created.id}`, { token: admin });
      expect(published.body.data.version).toBe(2);
      const first = await call(server.app, 'GET', `/api/cms/web/contents/${created.id}`);
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.body.data.version).toBeUndefined();
      const row = await read(CONTENTS, created.id);
      expect(row).toMatchObject({ viewCount: 1, version: 2 });
      const edit = await call(server.app, 'PUT', `${CONTENTS}/${created.id}`, {
        token: admin,
        body: { title: '编辑', categoryId, publishTime: row.publishTime, body: '<p>x</p>', version: 2 },
      });
      expect(edit.status, JSON.stringify(edit.body)).toBe(200);
      expect(edit.body.data).toMatchObject({ viewCount: 1, version: 3 });
    });
  });

  describe('batch updates', () => {
    it('sets only the fields sent: contents pinned alone, without the required category', async () => {
      const [a, b] = [await content(), await content()];
      const answer = await call(server.app, 'PUT', CONTENTS, {
        token: admin,
        form: true,
        body: { ids: [String(a.id), String(b.id)], pinned: '1' },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      for (const id of [a.id, b.id]) {
        expect(await read(CONTENTS, id)).toMatchObject({
          pinned: true,
          categoryId,
          title: '并发',
          version: 2,
        });
      }
    });

    it('checks each sent field alone and names only the bad one; nothing changes', async () => {
      const [a, b] = [await content(), await content()];
      const answer = await call(server.app, 'PUT', CONTENTS, {
        token: admin,
        body: { ids: [a.id, b.id], pinned: true, categoryId: 'first' },
      });
      expect(answer.status).toBe(400);
      expect(Object.keys(answer.body.data.errors)).toEqual(['categoryId']);
      // a required field may be left out of a batch, not emptied by it
      const emptied = await call(server.app, 'PUT', CONTENTS, {
        token: admin,
        form: true,
        body: { ids: [String(a.id)], categoryId: '' },
      });
      expect(emptied.status).toBe(400);
      expect(emptied.body.data.errors).toEqual({ categoryId: '所属栏目不能为空' });
      expect(await read(CONTENTS, a.id)).toMatchObject({ pinned: false, version: 1 });
    });
  });

  describe('values', () => {
    it('reads pinned=1 as true in a filter and in a write, and refuses pinned=yes in both alike', async () => {
      const created = await note();
      const written = await call(server.app, 'PUT', `${NOTES}/${created.id}`, {
        token: admin,
        form: true,
        body: { title: created.title, pinned: '1' },
      });
      expect(written.status, JSON.stringify(written.body)).toBe(200);
      expect(written.body.data.pinned).toBe(true);
      const filtered = await call(server.app, 'GET', NOTES, {
        token: admin,
        query: { pinned: '1', title: created.title },
      });
      expect(filtered.body.data.rows.map((r: { id: number }) => r.id)).toEqual([created.id]);

      const badWrite = await call(server.app, 'PUT', `${NOTES}/${created.id}`, {
        token: admin,
        form: true,
        body: { title: created.title, pinned: 'yes' },
      });
      const badFilter = await call(server.app, 'GET', NOTES, { token: admin, query: { pinned: 'yes' } });
      expect(badWrite.status).toBe(400);
      expect(badFilter.status).toBe(400);
      expect(badWrite.body.data.errors).toEqual({ pinned: '置顶必须是 true/false 或 1/0' });
      expect(badFilter.body.data.errors).toEqual(badWrite.body.data.errors);
    });

    it('words filter errors in the request language, as write errors are', async () => {
      const zh = await call(server.app, 'GET', NOTES, {
        token: admin,
        query: { ratingFrom: 'lots', colour: 'red', sort: 'body', limit: '501' },
      });
      expect(zh.status).toBe(400);
      expect(zh.body.data.errors).toEqual({
        ratingFrom: '评分必须是整数',
        colour: '未知的参数',
        sort: '不能按 body 排序；可排序：id, title, rating, createTime',
        limit: '每页条数必须是 1 到 500 之间的整数',
      });
      const en = await call(server.app, 'GET', NOTES, {
        token: admin,
        headers: EN,
        query: { ratingFrom: 'lots', dueDateTo: '2026-02-30' },
      });
      expect(en.body.data.errors).toEqual({
        ratingFrom: 'Rating must be a whole number',
        dueDateTo: 'Due must be a date such as 2026-11-01',
      });
      const write = await call(server.app, 'PUT', `${NOTES}/${(await note()).id}`, {
        token: admin,
        headers: EN,
        form: true,
        body: { title: 'x', rating: 'lots' },
      });
      expect(write.body.data.errors).toEqual({ rating: 'Rating must be a whole number' });
    });

    it('takes the date and time format the product shows (server time zone) as well as ISO 8601', async () => {
      const local = await content({ publishTime: '2026-11-01 10:00:00' });
      // the server runs in this process: its time zone is this one's
      expect(local.publishTime).toBe(new Date(2026, 10, 1, 10, 0, 0).toISOString());
      const minutes = await content({ publishTime: '2026-11-01 10:00' });
      expect(minutes.publishTime).toBe(local.publishTime);
      const iso = await content({ publishTime: '2026-11-01T10:00:00+08:00' });
      expect(iso.publishTime).toBe('2026-11-01T02:00:00.000Z');
      const form = await call(server.app, 'PUT', `${CONTENTS}/${iso.id}`, {
        token: admin,
        form: true,
        body: {
          title: '表单',
          categoryId: String(categoryId),
          publishTime: '2026-12-31 23:59:59',
          body: '<p>x</p>',
          version: '1',
        },
      });
      expect(form.status, JSON.stringify(form.body)).toBe(200);
      expect(form.body.data.publishTime).toBe(new Date(2026, 11, 31, 23, 59, 59).toISOString());
      // the same format filters a list
      const listed = await call(server.app, 'GET', CONTENTS, {
        token: admin,
        query: {
          publishTimeFrom: '2026-11-01 10:00:00',
          publishTimeTo: '2026-11-01 10:00:00',
          categoryId: String(categoryId),
        },
      });
      expect(listed.status, JSON.stringify(listed.body)).toBe(200);
      expect(listed.body.data.rows.map((r: { id: number }) => r.id).sort()).toEqual(
        [local.id, minutes.id].sort(),
      );

      for (const publishTime of [
        '2026-02-30 10:00:00',
        '2026-11-01 24:00:00',
        '2026/11/01 10:00',
        '1',
        '2026-11-01',
      ]) {
        const bad = await call(server.app, 'POST', CONTENTS, {
          token: admin,
          headers: EN,
          body: { title: '坏时间', categoryId, publishTime, body: '<p>x</p>' },
        });
        expect(bad.status, publishTime).toBe(400);
        expect(bad.body.data.errors).toEqual({
          publishTime: 'Publish time must be a date and time such as 2026-11-01 10:00:00 or ISO 8601',
        });
      }
    });

    it('takes YYYY-MM-DD for a date field and refuses a day that does not exist', async () => {
      const created = await note({ dueDate: '2026-11-01' });
      expect(created.dueDate).toBe('2026-11-01');
      for (const dueDate of ['2026-02-30', '2026/11/01', '2026-11-01 10:00:00']) {
        const bad = await call(server.app, 'POST', NOTES, {
          token: admin,
          body: { title: `d${dueDate}`, dueDate },
        });
        expect(bad.status, dueDate).toBe(400);
        expect(bad.body.data.errors).toEqual({ dueDate: '截止日期必须是日期，如 2026-11-01' });
      }
    });
  });
});
