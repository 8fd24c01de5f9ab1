// @vitest-environment node
// Attachments of published content (docs/api.md): an upload a published row uses in a field the
// public service returns is served to anyone under /api/cms/web/files/, an image inline and
// anything else as an attachment, with ranges and ETags; a 404 while the row is a draft, after
// it is unpublished, outside its publish window, or deleted. The public answers carry these
// addresses. The public image path sends WebP to clients that take it.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileColumns, usedBases } from '../../../server/files/fileReferences.ts';
import { gradientPng } from '../../../server/seed/sampleImages.ts';
import { ADMIN_PASSWORD, backends, call, login, postFile, startServer, type TestServer } from '../harness.ts';

const WEB = '/api/cms/web';
const pdf = (text: string) =>
  Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`);

describe.each(backends)('attachments of published content on $name', (backend) => {
  let server: TestServer;
  let admin: string;
  let categoryId: number;

  beforeAll(async () => {
    server = await startServer(backend);
    admin = await login(server.app, 'admin', ADMIN_PASSWORD);
    const category = await call(server.app, 'POST', '/api/cms/contentCategorys', {
      token: admin,
      body: { categoryName: 'Notices', kind: 0 },
    });
    expect(category.status, JSON.stringify(category.body)).toBe(200);
    categoryId = category.body.data.id;
  });
  afterAll(async () => {
    await server?.close();
  });

  const upload = async (name: string, bytes: Buffer) => {
    const answer = await postFile(server.app, '/api/common/upload', admin, name, bytes);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data as { url: string; fileName: string };
  };
  /** Anonymous: no session. */
  const visitor = (name: string, headers: Record<string, string> = {}) =>
    call(server.app, 'GET', `${WEB}/files/${name}`, { headers });
  const content = async (values: Record<string, unknown>, publish = true) => {
    const created = await call(server.app, 'POST', '/api/cms/contents', {
      token: admin,
      body: {
        title: 'Timetable',
        categoryId,
        publishTime: new Date(Date.now() - 60_000).toISOString(),
        ...values,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.data.id as number;
    if (publish)
      expect(
        (await call(server.app, 'PUT', `/api/cms/contents/publish/${id}`, { token: admin })).status,
      ).toBe(200);
    return id;
  };
  const contentsTable = () => server.manifest.resources.find((r) => r.name === 'contents')!.table;

  it('serves a published content’s attachment, cover and body files to anyone, with the addresses in its public answer', async () => {
    const attachment = await upload('课程表.pdf', pdf('attachment'));
    const linked = await upload('form.pdf', pdf('linked'));
    const cover = await upload('cover.png', gradientPng(200, 100, '#112233', '#445566'));
    const body = `<p>Fill in <a href="${linked.url}">the form</a> and <a href="/api${linked.url}&amp;delete=true">again</a></p><p><img src="${cover.url}"></p>`;
    const id = await content({ attachment: attachment.url, coverImage: cover.url, body });

    const file = await visitor(attachment.fileName);
    expect(file.status).toBe(200);
    expect(file.raw.equals(pdf('attachment'))).toBe(true);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^attachment; .*filename\*=UTF-8''%E8%AF%BE/);
    expect(file.headers['content-security-policy']).toBe("default-src 'none'");
    expect(file.headers.etag).toBe(`"${attachment.fileName}"`);
    expect(file.headers['cache-control']).toBe('public, max-age=60');
    const part = await visitor(attachment.fileName, { range: 'bytes=0-4' });
    expect(part.status).toBe(206);
    expect(part.raw.toString()).toBe('%PDF-');
    expect((await visitor(attachment.fileName, { 'if-none-match': `"${attachment.fileName}"` })).status).toBe(
      304,
    );

    expect((await visitor(linked.fileName)).status).toBe(200);
    const image = await visitor(cover.fileName);
    expect(image.status).toBe(200);
    expect(image.headers['content-disposition']).toMatch(/^inline/);
    // a derived size of a published picture is published with it
    expect((await visitor(cover.fileName.replace('.png', '_thumb.webp'))).status).toBe(200);

    const answer = await call(server.app, 'GET', `${WEB}/contents/${id}`);
    expect(answer.status).toBe(200);
    expect(answer.body.data.attachment).toBe(`${WEB}/files/${attachment.fileName}`);
    expect(answer.body.data.coverImage).toBe(cover.url);
    expect(answer.body.data.body).toContain(`href="${WEB}/files/${linked.fileName}"`);
    expect(answer.body.data.body).not.toContain('/common/download');
    expect(answer.body.data.body).toContain(`src="${cover.url}"`);
    // every address in the answer opens without a session
    const addresses = [...String(answer.body.data.body).matchAll(/(?:href|src)="([^"]+)"/g)].map((m) => m[1]);
    for (const address of [answer.body.data.attachment, ...addresses])
      expect((await call(server.app, 'GET', address)).status, address).toBe(200);
  });

  it('answers 404 for a draft’s file, then serves it once published, and 404 again when unpublished or deleted', async () => {
    const attachment = await upload('minutes.pdf', pdf('minutes'));
    const id = await content({ attachment: attachment.url, body: '<p>minutes</p>' }, false);
    expect((await visitor(attachment.fileName)).status).toBe(404);
    // staff still download it with a session
    const staff = await call(server.app, 'GET', '/common/download', {
      token: admin,
      query: { fileName: attachment.fileName },
    });
    expect(staff.status).toBe(200);

    expect((await call(server.app, 'PUT', `/api/cms/contents/publish/${id}`, { token: admin })).status).toBe(
      200,
    );
    expect((await visitor(attachment.fileName)).status).toBe(200);
    expect(
      (await call(server.app, 'PUT', `/api/cms/contents/unpublish/${id}`, { token: admin })).status,
    ).toBe(200);
    const gone = await visitor(attachment.fileName);
    expect(gone.status).toBe(404);
    // not even to a cache that kept it
    expect((await visitor(attachment.fileName, { 'if-none-match': `"${attachment.fileName}"` })).status).toBe(
      404,
    );

    expect((await call(server.app, 'PUT', `/api/cms/contents/publish/${id}`, { token: admin })).status).toBe(
      200,
    );
    expect((await visitor(attachment.fileName)).status).toBe(200);
    expect((await call(server.app, 'DELETE', `/api/cms/contents/${id}`, { token: admin })).status).toBe(200);
    expect((await visitor(attachment.fileName)).status).toBe(404);
  });

  it('answers 404 outside the publish window, and once another use leaves a file used only by a draft', async () => {
    const attachment = await upload('schedule.pdf', pdf('schedule'));
    const id = await content({ attachment: attachment.url, body: '<p>later</p>' });
    expect((await visitor(attachment.fileName)).status).toBe(200);
    const contents = server.manifest.resources.find((r) => r.name === 'contents')!;
    const column = (name: string) => contents.fields.find((f) => f.name === name)!.column;
    // scheduled for later: not yet public
    await sql`update ${sql.table(contentsTable())} set ${sql.ref(column('publishTime'))} = now() + interval '1 hour' where id = ${id}`.execute(
      server.db,
    );
    expect((await visitor(attachment.fileName)).status).toBe(404);
    // in the past again, but its unpublish time has passed
    await sql`update ${sql.table(contentsTable())} set ${sql.ref(column('publishTime'))} = now() - interval '2 hours', ${sql.ref(column('unpublishTime'))} = now() - interval '1 hour' where id = ${id}`.execute(
      server.db,
    );
    expect((await visitor(attachment.fileName)).status).toBe(404);
    // a draft using the same file does not publish it
    await content({ attachment: attachment.url, body: '<p>draft</p>' }, false);
    expect((await visitor(attachment.fileName)).status).toBe(404);
  });

  it('counts the public address held in a row as a use: published by it, and never removed as unused', async () => {
    const kept = await upload('kept.pdf', pdf('kept'));
    await content({ body: `<p><a href="https://school.example${WEB}/files/${kept.fileName}">form</a></p>` });
    expect((await visitor(kept.fileName)).status).toBe(200);
    const used = await usedBases(server.db, fileColumns(server.manifest));
    expect(used.has(kept.fileName.split('.')[0])).toBe(true);
  });

  it('never serves exports, files no row uses, or names that are not stored names', async () => {
    const spare = await upload('spare.pdf', pdf('spare'));
    expect((await visitor(spare.fileName)).status).toBe(404);
    // an export named in a published body stays its maker's
    await server.db
      .insertInto('sys_files')
      .values({
        kind: 'export',
        name: 'feedbeef.xlsx',
        original_name: 'report.xlsx',
        mime: 'text/plain',
        size: 1,
      })
      .execute();
    await content({ body: '<p><a href="/common/download?fileName=feedbeef.xlsx">report</a></p>' });
    expect((await visitor('feedbeef.xlsx')).status).toBe(404);
    for (const name of ['..%2Fsecret.txt', 'nothing.pdf', '%2Fetc%2Fpasswd'])
      expect((await visitor(name)).status, name).toBe(404);
  });

  it('sends the WebP display size to a client that takes WebP, the original to others, and says it varies', async () => {
    const cover = await upload('hall.png', gradientPng(1600, 900, '#203040', '#a0b0c0'));
    const display = cover.fileName.replace('.png', '_display.webp');
    const direct = await call(server.app, 'GET', `/uploads/${display}`);
    const accept = 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8';
    const webp = await call(server.app, 'GET', cover.url, { headers: { accept } });
    expect(webp.status).toBe(200);
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(webp.headers.vary).toBe('Accept');
    expect(webp.headers.etag).toBe(`"${display}"`);
    expect(webp.raw.equals(direct.raw)).toBe(true);
    expect(
      (await call(server.app, 'GET', cover.url, { headers: { accept, 'if-none-match': `"${display}"` } }))
        .status,
    ).toBe(304);
    for (const other of [undefined, 'image/png,image/*;q=0.8', 'image/webp;q=0, image/*']) {
      const original = await call(server.app, 'GET', cover.url, { headers: other ? { accept: other } : {} });
      expect(original.headers['content-type'], other).toBe('image/png');
      expect(original.headers.vary, other).toBe('Accept');
      expect(original.headers.etag, other).toBe(`"${cover.fileName}"`);
    }
    // a GIF has no other format: one answer, no Vary
    const gif = await upload(
      'dot.gif',
      Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
    );
    const still = await call(server.app, 'GET', gif.url, { headers: { accept } });
    expect(still.headers['content-type']).toBe('image/gif');
    expect(still.headers.vary).toBeUndefined();
  });
});
