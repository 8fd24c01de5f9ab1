// @vitest-environment node
// The resource client turns page intentions into the calls docs/api.md fixes; checked on the wire.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHttp } from '../../../runtime/client/http.ts';
import { createResourceClient, type ResourceClient } from '../../../runtime/client/resourceClient.ts';
import type { Action, Field, Resource } from '../../../runtime/schema/types.ts';
import { failure, ok, startServer, type TestServer } from './testServer.ts';

function field(name: string, type: Field['type'], extra: Partial<Field> = {}): Field {
  return {
    name,
    type,
    title: { zh: name, en: name },
    column: name,
    required: false,
    unique: false,
    trim: false,
    readOnly: false,
    writeOnly: false,
    ...extra,
  };
}

function action(name: string, method: Action['method'], path: string, extra: Partial<Action> = {}): Action {
  return {
    name,
    title: { zh: name, en: name },
    standard: false,
    method,
    path,
    scope: 'row',
    permission: `cms:notices:${name}`,
    ...extra,
  };
}

const notices: Resource = {
  name: 'notices',
  module: 'cms',
  title: { zh: '通知', en: 'Notices' },
  singular: { zh: '通知', en: 'Notice' },
  endpoint: '/api/cms/notices',
  table: 'notices',
  route: '/cms/notices',
  fields: [
    field('title', 'string'),
    field('kind', 'enum'),
    field('tags', 'ref'),
    field('publishTime', 'datetime'),
  ],
  list: {
    columns: [],
    filters: [
      { field: 'title', op: 'like' },
      { field: 'kind', op: 'eq' },
      { field: 'tags', op: 'in' },
      { field: 'publishTime', op: 'range' },
    ],
    sort: { field: 'publishTime', desc: true },
    pageSize: 20,
    tree: false,
  },
  form: { groups: [] },
  actions: [
    action('publish', 'PUT', '/api/cms/notices/publish/{id}'),
    action('preview', 'GET', '/api/cms/notices/{id}/preview/{kind}'),
    action('attachment', 'GET', '/api/cms/notices/{id}/attachment', { download: true }),
  ],
  system: false,
};

let server: TestServer;
let client: ResourceClient;
beforeAll(async () => {
  server = await startServer();
  const http = createHttp({
    baseURL: server.url,
    getToken: () => 'tok',
    notify: { error: () => {} },
    onTokenFailed: () => {},
  });
  client = createResourceClient(http, notices);
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => server.handle(() => ok({ rows: [{ id: 1, title: 'a' }], total: 41 })));

describe('list', () => {
  it('sends page, limit, sort and one parameter per filter in the shape of its op', async () => {
    const result = await client.list({
      page: 3,
      limit: 10,
      sort: '-publishTime',
      filters: {
        title: 'exam',
        kind: 2,
        tags: [4, 5],
        publishTime: { from: '2026-01-01 00:00:00', to: '2026-02-01 00:00:00' },
      },
    });
    expect(result).toEqual({ rows: [{ id: 1, title: 'a' }], total: 41 });
    const req = server.received[0];
    expect(req.method).toBe('GET');
    expect(req.path).toBe('/api/cms/notices');
    expect(Object.fromEntries(req.query)).toEqual({
      page: '3',
      limit: '10',
      sort: '-publishTime',
      title: 'exam',
      kind: '2',
      tags: '4,5',
      publishTimeFrom: '2026-01-01 00:00:00',
      publishTimeTo: '2026-02-01 00:00:00',
    });
  });

  it('reads many ids in reads of at most the largest page, side by side, and joins their rows', async () => {
    server.handle((req) => {
      const ids = String(req.query.get('id')).split(',');
      return ok({ rows: ids.map((id) => ({ id: Number(id) })), total: ids.length });
    });
    const ids = Array.from({ length: 1201 }, (_, i) => i + 1);
    const rows = await client.getMany(ids);
    expect(rows.map((row) => row.id)).toEqual(ids);
    expect(
      server.received.map((req) => [req.query.get('id')!.split(',').length, req.query.get('limit')]),
    ).toEqual([
      [500, '500'],
      [500, '500'],
      [201, '201'],
    ]);
    expect(await client.getMany([])).toEqual([]);
    expect(server.received).toHaveLength(3);
  });

  it('leaves out empty filters, a half-open range end and an empty sort', async () => {
    await client.list({
      page: 1,
      limit: 20,
      sort: '',
      filters: { title: '', tags: [], publishTime: { to: '2026' } },
    });
    expect(server.received[0].query.toString()).toBe('page=1&limit=20&publishTimeTo=2026');
  });

  it('refuses a filter the resource does not declare', async () => {
    await expect(client.list({ page: 1, limit: 20, filters: { secret: 'x' } })).rejects.toThrow(
      /no filter named secret/,
    );
  });
});

describe('writes', () => {
  it('maps get, create, update and remove onto the REST base', async () => {
    server.handle((req) => ok({ id: 7, seen: `${req.method} ${req.path}` }));
    expect(await client.get(7)).toEqual({ id: 7, seen: 'GET /api/cms/notices/7' });
    await client.create({ title: 'n' });
    await client.update(7, { title: 'm' });
    await client.remove(7);
    expect(server.received.map((r) => `${r.method} ${r.path} ${r.body}`)).toEqual([
      'GET /api/cms/notices/7 ',
      'POST /api/cms/notices title=n',
      'PUT /api/cms/notices/7 title=m',
      'DELETE /api/cms/notices/7 ',
    ]);
  });

  it('sends batch delete and batch update with ids as repeated keys', async () => {
    server.handle(() => ok({ count: 2 }));
    expect(await client.removeMany([1, 2])).toEqual({ count: 2 });
    expect(await client.updateMany([1, 2], { kind: 3 })).toEqual({ count: 2 });
    const [del, put] = server.received;
    expect([del.method, del.path, del.form.getAll('ids')]).toEqual([
      'DELETE',
      '/api/cms/notices',
      ['1', '2'],
    ]);
    expect([put.method, put.path, put.form.getAll('ids'), put.form.get('kind')]).toEqual([
      'PUT',
      '/api/cms/notices',
      ['1', '2'],
      '3',
    ]);
  });

  it('reorders through the reorder action, an order of ids as repeated keys or one move', async () => {
    const ordered = createResourceClient(
      createHttp({
        baseURL: server.url,
        getToken: () => 'tok',
        notify: { error: () => {} },
        onTokenFailed: () => {},
      }),
      {
        ...notices,
        order: { field: 'kind' },
        actions: [action('reorder', 'PUT', '/api/cms/notices/order', { standard: true, scope: 'toolbar' })],
      },
    );
    server.handle(() => ok({ count: 1, rows: [{ id: 3, kind: 20 }] }));
    expect(await ordered.reorder({ ids: [3, 1] })).toEqual({ count: 1, rows: [{ id: 3, kind: 20 }] });
    await ordered.reorder({ id: 3, offset: -1 });
    const [byIds, byOffset] = server.received;
    expect([byIds.method, byIds.path, byIds.form.getAll('ids')]).toEqual([
      'PUT',
      '/api/cms/notices/order',
      ['3', '1'],
    ]);
    expect([...byOffset.form.entries()]).toEqual([
      ['id', '3'],
      ['offset', '-1'],
    ]);
    await expect(client.reorder({ ids: [1] })).rejects.toThrow(/no action named reorder/);
  });

  it('rejects a failed write with the field errors', async () => {
    server.handle(() => failure(409, 'title already exists', { errors: { title: 'already exists' } }));
    await expect(client.create({ title: 'dup' })).rejects.toMatchObject({
      status: 409,
      fieldErrors: { title: 'already exists' },
    });
  });
});

describe('export and actions', () => {
  it('exports the filtered list as a file named by Content-Disposition', async () => {
    const bytes = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0xff]);
    server.handle(() => ({
      body: bytes,
      headers: {
        'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'content-disposition':
          'attachment; filename="notices.xlsx"; filename*=UTF-8\'\'%E9%80%9A%E7%9F%A5.xlsx',
      },
    }));
    const file = await client.exportFile({ sort: 'title', filters: { kind: 1 }, ids: [5, 6] });
    expect(file.fileName).toBe('通知.xlsx');
    expect(file.blob.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(new Uint8Array(await file.blob.arrayBuffer())).toEqual(bytes);
    const req = server.received[0];
    expect([req.method, req.path]).toEqual(['POST', '/api/cms/notices/export']);
    expect(req.form.get('kind')).toBe('1');
    expect(req.form.get('sort')).toBe('title');
    expect(req.form.getAll('ids')).toEqual(['5', '6']);
  });

  it('asks for the columns chosen and reports the bytes as they arrive', async () => {
    const bytes = new Uint8Array(64 * 1024).fill(7);
    server.handle(() => ({ body: bytes, headers: { 'content-type': 'application/octet-stream' } }));
    const seen: Array<{ loaded: number; total?: number }> = [];
    await client.exportFile({ columns: ['title', 'kind'], onProgress: (p) => seen.push(p) });
    expect(server.received[0].form.get('columns')).toBe('title,kind');
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.at(-1)?.loaded).toBe(bytes.length);

    server.handle(() => ({
      body: new Uint8Array([1]),
      headers: { 'content-type': 'application/octet-stream' },
    }));
    await client.exportFile({ columns: 'all' });
    expect(server.received[0].form.get('columns')).toBe('all');
  });

  it('falls back to the resource name when the export has no Content-Disposition', async () => {
    server.handle(() => ({
      body: new Uint8Array([1]),
      headers: { 'content-type': 'application/octet-stream' },
    }));
    expect((await client.exportFile({})).fileName).toBe('notices.xlsx');
  });

  it('reports the rows written, and the limit when more matched than an export holds', async () => {
    server.handle(() => ({
      body: new Uint8Array([1]),
      headers: {
        'content-type': 'application/octet-stream',
        'x-export-rows': '10000',
        'x-export-limit': '10000',
      },
    }));
    expect(await client.exportFile({})).toMatchObject({ rows: 10000, limit: 10000 });
    server.handle(() => ({
      body: new Uint8Array([1]),
      headers: { 'content-type': 'application/octet-stream', 'x-export-rows': '3' },
    }));
    const whole = await client.exportFile({});
    expect(whole.rows).toBe(3);
    expect(whole.limit).toBeUndefined();
  });

  it('calls a custom action by its method and path template filled from the row', async () => {
    server.handle(() => ok({ done: true }));
    expect(await client.action('publish', { id: 9, kind: 'news' }, { note: 'x' })).toEqual({
      kind: 'data',
      data: { done: true },
    });
    await client.action('preview', { id: 9, kind: 'a b' }, { lang: 'en' });
    const [put, get] = server.received;
    expect([put.method, put.path, put.body]).toEqual(['PUT', '/api/cms/notices/publish/9', 'note=x']);
    expect([get.method, get.path, get.query.get('lang')]).toEqual([
      'GET',
      '/api/cms/notices/9/preview/a%20b',
      'en',
    ]);
  });

  it('returns a download action as a file', async () => {
    server.handle(() => ({
      body: 'hello',
      headers: { 'content-type': 'text/plain', 'content-disposition': 'attachment; filename="a.txt"' },
    }));
    const result = await client.action('attachment', { id: 3 });
    expect(result.kind).toBe('file');
    if (result.kind === 'file') {
      expect(result.file.fileName).toBe('a.txt');
      expect(await result.file.blob.text()).toBe('hello');
    }
  });

  it('refuses an unknown action and a path the row cannot fill', async () => {
    await expect(client.action('nope', { id: 1 })).rejects.toThrow(/no action named nope/);
    await expect(client.action('publish')).rejects.toThrow(/needs id/);
  });

  it('uploads a file for a field as multipart, naming the resource and field, and reports progress', async () => {
    const result = {
      url: '/uploads/abc.png',
      fileName: 'abc.png',
      originalName: 'a.png',
      size: 3,
      type: 'image/png',
    };
    server.handle(() => ok(result));
    const heard: number[] = [];
    const file = new File([new Uint8Array([1, 2, 3])], 'a.png', { type: 'image/png' });
    expect(await client.upload(file, 'cover', (p) => heard.push(p))).toEqual(result);
    const sent = server.received.at(-1)!;
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe('/api/common/upload');
    expect(sent.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent.body).toMatch(/name="resource"\r\n\r\nnotices\r\n/);
    expect(sent.body).toMatch(/name="field"\r\n\r\ncover\r\n/);
    expect(sent.body).toMatch(/name="file"; filename="a.png"/);
    expect(heard.at(-1)).toBe(100);
  });
});
