// @vitest-environment node
// The media library (docs/api.md "Media library"): uploads listed once each, newest first,
// searched and filtered, for whoever may upload; the uploads no row uses (found in every
// resource's image, avatar, file, url and rich-text columns, from the manifest), removed all or
// none by an administrator, re-checked inside the removal's transaction.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MediaItem } from '../../../runtime/contract.ts';
import { dynamicDb } from '../../../server/db/tables.ts';
import { fileColumns } from '../../../server/files/fileReferences.ts';
import { gradientPng } from '../../../server/seed/sampleImages.ts';
import {
  ADMIN_PASSWORD,
  backends,
  call,
  createUser,
  login,
  postFile,
  startServer,
  type TestServer,
  UNTIL_EVENT,
} from '../harness.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const png = (seed: number) => gradientPng(40 + seed, 20, '#123456', '#abcdef');

describe.each(backends)('media library on $name', (backend) => {
  let server: TestServer;
  let admin: string;
  let editor: string;
  let reader: string;

  beforeAll(async () => {
    // a removal test needs files "older" than the grace period without waiting for one
    server = await startServer(backend, { unusedFileGraceMs: 0 });
    admin = await login(server.app, 'admin', ADMIN_PASSWORD);
    const user = await createUser(server, 'media1', ['editor']);
    editor = await login(server.app, 'media1', user.password);
    const nobody = await createUser(server, 'media2', []);
    reader = await login(server.app, 'media2', nobody.password);
  });
  afterAll(async () => {
    await server?.close();
  });

  const upload = async (name: string, bytes: Buffer, token = editor) => {
    const answer = await postFile(server.app, '/api/common/upload', token, name, bytes);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data as { url: string; fileName: string };
  };
  const list = (query: Record<string, string>, token = editor, path = '/api/common/media') =>
    call<{ rows: MediaItem[]; total: number; mayRemove?: boolean }>(server.app, 'GET', path, {
      token,
      query,
    });
  const table = (resource: string) => server.manifest.resources.find((r) => r.name === resource)!.table;

  it('lists each upload once, newest first, with its thumbnail, searched by name and filtered by kind', async () => {
    const first = await upload('lib-a 校园.png', png(1));
    const second = await upload('lib-b 50%_off.pdf', PDF);
    const third = await upload('lib-c 操场.png', png(2));
    const all = await list({ name: 'lib-' });
    expect(all.status).toBe(200);
    expect(all.body.data.total).toBe(3);
    expect(all.body.data.rows.map((r) => r.originalName)).toEqual([
      'lib-c 操场.png',
      'lib-b 50%_off.pdf',
      'lib-a 校园.png',
    ]);
    const [picture, pdf] = all.body.data.rows;
    expect(picture).toMatchObject({
      fileName: third.fileName,
      kind: 'image',
      url: third.url,
      thumbUrl: third.url.replace('.png', '_thumb.webp'),
      type: 'image/png',
      width: 42,
      height: 20,
      createTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(pdf).toMatchObject({ kind: 'file', url: second.url, thumbUrl: null, width: null });
    // the thumbnail it names is served
    expect((await server.app.inject({ url: picture.thumbUrl! })).statusCode).toBe(200);

    const images = await list({ name: 'LIB-', kind: 'image' });
    expect(images.body.data.rows.map((r) => r.fileName)).toEqual([third.fileName, first.fileName]);
    expect((await list({ name: 'lib-', kind: 'file' })).body.data.rows.map((r) => r.fileName)).toEqual([
      second.fileName,
    ]);
    // % and _ are letters in a search, not patterns
    expect((await list({ name: '50%_' })).body.data.total).toBe(1);
    expect((await list({ name: '%' })).body.data.rows.map((r) => r.fileName)).toEqual([second.fileName]);
    const page2 = await list({ name: 'lib-', page: '2', limit: '2' });
    expect(page2.body.data).toMatchObject({ total: 3, rows: [{ fileName: first.fileName }] });
  });

  it('answers hostile list parameters with a 400 naming each', async () => {
    const bad = await call(server.app, 'GET', '/api/common/media', {
      token: editor,
      query: { page: '0', limit: '501', kind: 'video', name: 'x'.repeat(101), sort: '-size' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.data.errors).sort()).toEqual(['kind', 'limit', 'name', 'page', 'sort']);
    const repeated = await server.app.inject({
      url: '/api/common/media?page=1&page=2&limit=1e3&name[x]=1',
      headers: { 'x-token': editor },
    });
    expect(repeated.statusCode).toBe(400);
    expect(Object.keys(repeated.json().data.errors).sort()).toEqual(['limit', 'name[x]', 'page']);
    for (const page of ['-1', '1.5', '99999999999', 'abc'])
      expect((await list({ page })).status, page).toBe(400);
  });

  it('is for whoever may upload: 401 without a session, 403 without an upload permission', async () => {
    expect((await list({}, '')).status).toBe(401);
    const refused = await list({}, reader);
    expect(refused.status).toBe(403);
    expect((await list({}, reader, '/api/common/media/unused')).status).toBe(403);
    expect((await list({}, admin)).status).toBe(200);
  });

  it('finds the uploads no row uses, in every file-holding column the manifest names', async () => {
    expect(fileColumns(server.manifest)).toEqual(
      expect.arrayContaining([
        { table: table('pictures'), column: 'image' },
        { table: table('contents'), column: 'body' },
        { table: table('users'), column: 'person_image' },
      ]),
    );
    const inPicture = await upload('ref-picture.png', png(3));
    const inBody = await upload('ref-body.png', png(4));
    const linked = await upload('ref-linked.pdf', PDF);
    const asAvatar = await upload('ref-avatar.png', png(5));
    const byThumb = await upload('ref-thumb.png', png(6));
    const spare = await upload('ref-spare.png', png(7));
    const db = dynamicDb(server.db);
    await db.insertInto(table('pictures')).values({ title: 'p', image: inPicture.url }).execute();
    await db
      .insertInto(table('companys'))
      .values({
        company_name: 'school',
        // as the editor writes them: a picture with the API prefix and a download link
        introduction: `<p><img src="https://cms.example/api-base${inBody.url}"><a href="${linked.url}">pdf</a><img src="${byThumb.url.replace('.png', '_display.webp')}"></p>`,
      })
      .execute();
    await db
      .updateTable('sys_users')
      .set({ person_image: asAvatar.url })
      .where('user_name', '=', 'media1')
      .execute();

    const unused = await list({ name: 'ref-' }, editor, '/api/common/media/unused');
    expect(unused.status).toBe(200);
    expect(unused.body.data).toMatchObject({
      total: 1,
      mayRemove: false,
      rows: [{ fileName: spare.fileName }],
    });
    expect((await list({ name: 'ref-' }, admin, '/api/common/media/unused')).body.data.mayRemove).toBe(true);
  });

  it('removes unused uploads with their derived sizes, all or none, for an administrator only', async () => {
    const used = await upload('rm-used.png', png(8));
    const spare = await upload('rm-spare.png', png(9));
    const other = await upload('rm-other.pdf', PDF);
    await dynamicDb(server.db)
      .insertInto(table('pictures'))
      .values({ title: 'u', image: used.url })
      .execute();
    const remove = (names: unknown, token = admin) =>
      call(server.app, 'DELETE', '/api/common/media/unused', { token, body: { names } });

    expect((await remove([spare.fileName], editor)).status).toBe(403);
    const mixed = await remove([spare.fileName, used.fileName]);
    expect(mixed.status).toBe(409);
    expect(mixed.body.data).toEqual({ inUse: [used.fileName] });
    expect(existsSync(join(server.dataDir, 'uploads', spare.fileName))).toBe(true);
    const missing = await remove([spare.fileName, 'nothing.png']);
    expect(missing.status).toBe(404);
    expect(missing.body.data).toEqual({ missing: ['nothing.png'] });
    for (const names of [[], ['../x.png'], [spare.fileName, spare.fileName], 'a'.repeat(300), [{}]]) {
      const bad = await remove(names);
      expect(bad.status, JSON.stringify(names)).toBe(400);
      expect(Object.keys(bad.body.data.errors)).toEqual(['names']);
    }
    // a derived size is not an upload of its own
    expect((await remove([spare.fileName.replace('.png', '_thumb.webp')])).status).toBe(404);

    const done = await remove([spare.fileName, other.fileName]);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const gone = [
      spare.fileName,
      spare.fileName.replace('.png', '_thumb.webp'),
      spare.fileName.replace('.png', '_display.webp'),
      other.fileName,
    ];
    expect([...done.body.data.removed].sort()).toEqual([...gone].sort());
    for (const name of gone) expect(existsSync(join(server.dataDir, 'uploads', name)), name).toBe(false);
    const left = await server.db.selectFrom('sys_files').select('name').where('name', 'in', gone).execute();
    expect(left).toEqual([]);
    expect((await server.app.inject({ url: spare.url })).statusCode).toBe(404);
    const audit = await server.db
      .selectFrom('sys_audit_log')
      .select(['action', 'target'])
      .where('action', '=', 'deleteFile')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.target).toBe(`${spare.fileName},${other.fileName}`);
  });

  it('re-checks inside the removal: a file a row took up after the list was shown stays', async () => {
    const file = await upload('late-use.png', png(10));
    const before = await list({ name: 'late-use' }, admin, '/api/common/media/unused');
    expect(before.body.data.rows.map((r) => r.fileName)).toEqual([file.fileName]);
    await dynamicDb(server.db)
      .insertInto(table('pictures'))
      .values({ title: 'late', image: file.url })
      .execute();
    const refused = await call(server.app, 'DELETE', '/api/common/media/unused', {
      token: admin,
      body: { names: [file.fileName] },
      form: true,
    });
    expect(refused.status).toBe(409);
    expect(existsSync(join(server.dataDir, 'uploads', file.fileName))).toBe(true);
  });

  it('counts a new upload as used during the grace period, in the list and in a removal', async () => {
    const file = await upload('grace.png', png(11));
    const patient = await server.reopen({ unusedFileGraceMs: 60 * 60 * 1000 });
    const listed = await call(patient, 'GET', '/api/common/media/unused', {
      token: admin,
      query: { name: 'grace' },
    });
    expect(listed.body.data.total).toBe(0);
    const refused = await call(patient, 'DELETE', '/api/common/media/unused', {
      token: admin,
      body: { names: [file.fileName] },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.data).toEqual({ inUse: [file.fileName] });
  });
});

// Several processes on one PostgreSQL: a removal must not miss a row another connection is
// writing at that moment. PGlite is one connection, so this runs where PostgreSQL answers.
describe.each(backends.filter((b) => b.name === 'postgresql'))(
  'a removal beside a write on $name',
  (backend) => {
    let server: TestServer;
    let admin: string;

    beforeAll(async () => {
      server = await startServer(backend, { unusedFileGraceMs: 0 });
      admin = await login(server.app, 'admin', ADMIN_PASSWORD);
    });
    afterAll(async () => {
      await server?.close();
    });

    it('waits for a write under way that uses the file, and then keeps the file', async () => {
      const answer = await postFile(server.app, '/api/common/upload', admin, 'race.png', png(12));
      const file = answer.body.data as { url: string; fileName: string };
      const pictures = server.manifest.resources.find((r) => r.name === 'pictures')!.table;
      const writer = new pg.Client({ connectionString: server.url });
      // another connection: inside the writer's transaction pg_stat_activity would stay as first read
      const watcher = new pg.Client({ connectionString: server.url });
      await writer.connect();
      await watcher.connect();
      try {
        await writer.query('begin');
        await writer.query(`insert into ${pictures} (title, image) values ('race', $1)`, [file.url]);
        const removal = call(server.app, 'DELETE', '/api/common/media/unused', {
          token: admin,
          body: { names: [file.fileName] },
        });
        // the removal's lock waits for the open write: seen in the database, not guessed by a timer
        await vi.waitFor(async () => {
          const { rows } = await watcher.query(
            "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query like 'lock table%'",
          );
          expect(rows[0].n).toBe(1);
        }, UNTIL_EVENT);
        await writer.query('commit');
        const refused = await removal;
        expect(refused.status).toBe(409);
        expect(refused.body.data).toEqual({ inUse: [file.fileName] });
        expect(existsSync(join(server.dataDir, 'uploads', file.fileName))).toBe(true);
      } finally {
        await writer.end();
        await watcher.end();
      }
    });
  },
);
