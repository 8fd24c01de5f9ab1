// @vitest-environment node
// Uploads, downloads and the public serving of uploaded images (docs/api.md "Files"): types
// checked by extension and by content, generated names, size limits, and no way out of the
// files folders whatever name a caller sends.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { gradientPng } from '../../server/seed/sampleImages.ts';
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
} from './harness.ts';

const PNG = gradientPng(32, 18, '#1d4e89', '#6fb1e7');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

const upload = (app: FastifyInstance, token: string | undefined, fileName: string, bytes: Buffer) =>
  postFile(app, '/api/common/upload', token, fileName, bytes);

describe.each(backends)('files on $name', (backend) => {
  let server: TestServer;
  let admin: string;
  let editor: string;

  beforeAll(async () => {
    server = await startServer(backend, { uploadLimit: 64 * 1024 });
    admin = await login(server.app, 'admin', ADMIN_PASSWORD);
    const user = await createUser(server, 'editor1', ['editor']);
    editor = await login(server.app, 'editor1', user.password);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('stores an image under a generated name and serves it publicly with nosniff and a long cache', async () => {
    const answer = await upload(server.app, editor, '../../校园 照片.PNG', PNG);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const data = answer.body.data;
    expect(data).toEqual({
      url: `/uploads/${data.fileName}`,
      fileName: expect.stringMatching(/^[0-9a-f]{32}\.png$/),
      originalName: '校园 照片.PNG',
      // rewritten without its metadata (uploadRules.test.ts), so its size is the stored one
      size: expect.any(Number),
      type: 'image/png',
    });
    const stored = await readFile(join(server.dataDir, 'uploads', data.fileName));
    expect(stored.length).toBe(data.size);

    const image = await server.app.inject({ method: 'GET', url: data.url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(image.headers['content-security-policy']).toBe("default-src 'none'");
    // the public site, on its own origin, shows it
    expect(image.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(Buffer.compare(image.rawPayload, stored)).toBe(0);
  });

  it('refuses a type not on the list, and content that is not what its extension says', async () => {
    const script = await upload(server.app, admin, 'x.png', Buffer.from('<script>alert(1)</script>'));
    expect(script.status).toBe(400);
    // in the product's default language, Chinese
    expect(script.body.data.errors).toEqual({ file: '文件内容不是 .png 文件' });
    const page = await upload(server.app, admin, 'page.html', Buffer.from('<html></html>'));
    expect(page.status).toBe(400);
    expect(page.body.data.errors.file).toMatch(/^只能上传 .*png.* 文件$/);
    expect((await upload(server.app, admin, 'photo.svg', Buffer.from('<svg onload="x"/>'))).status).toBe(400);
    expect((await upload(server.app, admin, 'notes.txt', PNG)).status).toBe(400);
    expect((await upload(server.app, admin, 'noextension', PNG)).status).toBe(400);
    expect((await upload(server.app, admin, 'a.jpg', PNG)).status).toBe(400);
  });

  it('answers 413 above the size limit, 400 without a file, 401 without a session, 403 without a write permission', async () => {
    const big = await upload(server.app, admin, 'big.png', Buffer.concat([PNG, Buffer.alloc(70 * 1024)]));
    expect(big.status).toBe(413);
    expect(big.body.meta.success).toBe(false);
    const json = await call(server.app, 'POST', '/api/common/upload', { token: admin, body: { file: 'x' } });
    expect(json.status).toBe(400);
    expect((await upload(server.app, undefined, 'a.png', PNG)).status).toBe(401);
    const nobody = await createUser(server, 'reader1', []);
    const reader = await login(server.app, 'reader1', nobody.password);
    const refused = await upload(server.app, reader, 'a.png', PNG);
    expect(refused.status).toBe(403);
    expect(refused.body.meta.message).toContain('cms:contents:create');
  });

  it('downloads a stored file with its original name, and deletes it after sending when asked by its owner', async () => {
    const pdf = (await upload(server.app, editor, '课程表 2026.pdf', PDF)).body.data;
    expect(pdf.url).toBe(`/common/download?fileName=${pdf.fileName}`);
    // not an image: never served publicly
    expect((await server.app.inject({ method: 'GET', url: `/uploads/${pdf.fileName}` })).statusCode).toBe(
      404,
    );

    const got = await call(server.app, 'GET', '/common/download', {
      token: admin,
      query: { fileName: pdf.fileName },
    });
    expect(got.status).toBe(200);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['content-disposition']).toContain(
      "filename*=UTF-8''%E8%AF%BE%E7%A8%8B%E8%A1%A8%202026.pdf",
    );
    expect(Buffer.compare(got.raw, PDF)).toBe(0);
    expect(
      (await call(server.app, 'GET', '/common/download', { query: { fileName: pdf.fileName } })).status,
    ).toBe(401);

    const other = await createUser(server, 'editor2', ['editor']);
    const otherToken = await login(server.app, 'editor2', other.password);
    const notOwner = await call(server.app, 'GET', '/common/download', {
      token: otherToken,
      query: { fileName: pdf.fileName, delete: 'true' },
    });
    expect(notOwner.status).toBe(403);

    const path = join(server.dataDir, 'uploads', pdf.fileName);
    const once = await call(server.app, 'GET', '/common/download', {
      token: editor,
      query: { fileName: pdf.fileName, delete: 'true' },
    });
    expect(once.status).toBe(200);
    expect(Buffer.compare(once.raw, PDF)).toBe(0);
    // removed once the answer has gone out, which is just after the caller has it
    await vi.waitFor(() => expect(existsSync(path)).toBe(false), UNTIL_EVENT);
    const record = await server.db
      .selectFrom('sys_files')
      .select('id')
      .where('name', '=', pdf.fileName)
      .execute();
    expect(record).toEqual([]);
    expect(
      (
        await call(server.app, 'GET', '/common/download', {
          token: editor,
          query: { fileName: pdf.fileName },
        })
      ).status,
    ).toBe(404);
  });

  it('never leaves the files folders: traversal, absolute paths and unrecorded files are refused', async () => {
    await writeFile(join(server.dataDir, 'secret.txt'), 'not for download');
    await writeFile(join(server.dataDir, 'uploads', 'planted.txt'), 'put there by hand');
    for (const fileName of [
      '../secret.txt',
      '..%2Fsecret.txt',
      '/etc/passwd',
      `${server.dataDir}/secret.txt`,
      'uploads/../../secret.txt',
      '..\\secret.txt',
      'C:\\Windows\\win.ini',
      '.env',
      '',
    ]) {
      const answer = await call(server.app, 'GET', '/common/download', { token: admin, query: { fileName } });
      expect(answer.status, fileName).toBe(400);
      expect(Object.keys(answer.body.data.errors)).toEqual(['fileName']);
    }
    // a well-formed name the server never stored is not served either
    const planted = await call(server.app, 'GET', '/common/download', {
      token: admin,
      query: { fileName: 'planted.txt' },
    });
    expect(planted.status).toBe(404);
    const unknown = await call(server.app, 'GET', '/common/download', {
      token: admin,
      query: { fileName: 'a.png', delete: 'yes', extra: '1' },
    });
    // worded in the request's language: Chinese unless it asks for English
    expect(unknown.body.data.errors).toEqual({ delete: '只能是 true 或 false', extra: '未知的参数' });
    const english = await call(server.app, 'GET', '/common/download', {
      token: admin,
      query: { fileName: '../a.png' },
      headers: { 'accept-language': 'en' },
    });
    expect(english.body.data.errors).toEqual({ fileName: 'not the name of a stored file' });
    for (const url of [
      '/uploads/../secret.txt',
      '/uploads/%2e%2e/secret.txt',
      '/uploads/planted.txt',
      '/uploads/',
    ])
      expect((await server.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
  });

  /** A sys_files row, as a planted or forged record would be. */
  const record = (name: string, mime = 'image/png', kind: 'upload' | 'export' = 'upload') =>
    server.db
      .insertInto('sys_files')
      .values({ kind, name, original_name: name, mime, size: 1, user_id: null })
      .execute();

  it('serves under /uploads/ only a recorded image, as its record says, never through a link', async () => {
    const uploads = join(server.dataDir, 'uploads');
    await writeFile(join(server.dataDir, 'secret.txt'), 'root:x:0:0');
    // a symbolic link planted in the folder, with and without a forged record: never followed
    await symlink(join(server.dataDir, 'secret.txt'), join(uploads, 'aaaa1111.png'));
    await symlink('/etc/passwd', join(uploads, 'aaaa2222.png'));
    await record('aaaa2222.png');
    // a regular file without a record, a folder and a FIFO with one
    await writeFile(join(uploads, 'aaaa3333.png'), PNG);
    await mkdir(join(uploads, 'aaaa4444.png'));
    await record('aaaa4444.png');
    execFileSync('mkfifo', [join(uploads, 'aaaa5555.png')]);
    await record('aaaa5555.png');
    // recorded, but not an image, or not an upload
    await writeFile(join(uploads, 'aaaa6666.pdf'), PDF);
    await record('aaaa6666.pdf', 'application/pdf');
    await writeFile(join(uploads, 'aaaa7777.png'), PNG);
    await record('aaaa7777.png', 'text/html');
    await writeFile(join(uploads, 'aaaa8888.png'), PNG);
    await record('aaaa8888.png', 'image/png', 'export');
    for (const name of [
      'aaaa1111.png',
      'aaaa2222.png',
      'aaaa3333.png',
      'aaaa4444.png',
      'aaaa5555.png',
      'aaaa6666.pdf',
      'aaaa7777.png',
      'aaaa8888.png',
      '..%2Fsecret.txt',
      '%2e%2e%2fsecret.txt',
      '..%5Csecret.txt',
      'aaaa1111.png%00.png',
    ]) {
      const answer = await server.app.inject({ method: 'GET', url: `/uploads/${name}` });
      // a NUL anywhere in a request is refused before routing (a 400 naming the path)
      expect(answer.statusCode, name).toBe(name.includes('%00') ? 400 : 404);
      expect(answer.body, name).not.toContain('root:');
    }
    // the download call refuses the link and the FIFO as well, though each has a record
    for (const fileName of ['aaaa2222.png', 'aaaa5555.png', 'aaaa4444.png']) {
      const answer = await call(server.app, 'GET', '/common/download', { token: admin, query: { fileName } });
      expect(answer.status, fileName).toBe(404);
    }

    // the type comes from the record, whatever the name's extension says
    await writeFile(join(uploads, 'bbbb1111.gif'), PNG);
    await record('bbbb1111.gif', 'image/png');
    const image = await server.app.inject({ method: 'GET', url: '/uploads/bbbb1111.gif' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['content-length']).toBe(String(PNG.length));
    expect(Buffer.compare(image.rawPayload, PNG)).toBe(0);
    const again = await server.app.inject({
      method: 'GET',
      url: '/uploads/bbbb1111.gif',
      headers: { 'if-none-match': String(image.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const head = await server.app.inject({ method: 'HEAD', url: '/uploads/bbbb1111.gif' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/png');
  });

  it('keeps an export to its maker: another user may neither read nor delete it', async () => {
    await writeFile(join(server.dataDir, 'exports', 'report-2026.xlsx'), 'xlsx bytes');
    const editorId = (
      await server.db
        .selectFrom('sys_users')
        .select('id')
        .where('user_name', '=', 'editor1')
        .executeTakeFirstOrThrow()
    ).id;
    await server.db
      .insertInto('sys_files')
      .values({
        kind: 'export',
        name: 'report-2026.xlsx',
        original_name: '统计.xlsx',
        mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        size: 10,
        user_id: editorId,
      })
      .execute();
    const other = await login(server.app, 'editor2', 'Passw0rd!long');
    expect(
      (
        await call(server.app, 'GET', '/common/download', {
          token: other,
          query: { fileName: 'report-2026.xlsx' },
        })
      ).status,
    ).toBe(403);
    const mine = await call(server.app, 'GET', '/common/download', {
      token: editor,
      query: { fileName: 'report-2026.xlsx', delete: 'true' },
    });
    expect(mine.status).toBe(200);
    expect(mine.raw.toString()).toBe('xlsx bytes');
    await vi.waitFor(
      () => expect(existsSync(join(server.dataDir, 'exports', 'report-2026.xlsx'))).toBe(false),
      UNTIL_EVENT,
    );
  });
});
