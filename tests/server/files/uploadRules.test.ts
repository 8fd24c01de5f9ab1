// @vitest-environment node
// Uploads for a named field (docs/api.md "Files", docs/schema.md "Upload rules"): the field's
// accept, maxSize and pixel limits on the sniffed file, pictures turned upright and stripped of
// their metadata, and the thumbnail and display sizes written beside the original.
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, backends, login, startServer, type TestServer } from '../harness.ts';

/** A multipart body with text parts before the file, as the app's client sends it. */
function multipart(fields: Record<string, string>, fileName: string, bytes: Buffer) {
  const boundary = '----schema-admin-rules';
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const payload = Buffer.concat([
    Buffer.from(parts.join('')),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(
  app: FastifyInstance,
  token: string,
  fields: Record<string, string>,
  fileName: string,
  bytes: Buffer,
  lang = 'en',
) {
  const { payload, headers } = multipart(fields, fileName, bytes);
  const response = await app.inject({
    method: 'POST',
    url: '/api/common/upload',
    payload,
    headers: { ...headers, 'x-token': token, 'accept-language': lang },
  });
  return { status: response.statusCode, body: response.json() };
}

/** A landscape photo 400 × 200 as stored, orientation 6 (shown upright it is 200 wide, 400 high), with a GPS position. */
async function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 400, height: 200, channels: 3, background: '#c03' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '39/1 54/1 0/1' } })
    .toBuffer();
}

/** The EXIF GPS pointer tag (0x8825), as a little-endian TIFF writes it. */
const GPS_TAG = Buffer.from([0x25, 0x88]);

const COVER = { resource: 'contents', field: 'coverImage' };

describe.each(backends)('uploads for a field on $name', (backend) => {
  let server: TestServer;
  let admin: string;

  beforeAll(async () => {
    // above the covers' own 10 MB, so the field's rule is the one that refuses
    server = await startServer(backend, { uploadLimit: 20 * 1024 * 1024 });
    admin = await login(server.app, 'admin', ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('turns a photo upright, strips its metadata and serves a thumbnail and a display size', async () => {
    const photo = await phonePhoto();
    const sent = await sharp(photo).metadata();
    expect(sent.orientation).toBe(6);
    expect(sent.exif?.includes(GPS_TAG)).toBe(true);

    const answer = await upload(server.app, admin, COVER, 'phone.jpg', photo);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { url, fileName } = answer.body.data;
    expect(url).toBe(`/uploads/${fileName}`);

    const original = await server.app.inject({ method: 'GET', url });
    expect(original.statusCode).toBe(200);
    const kept = await sharp(original.rawPayload).metadata();
    expect([kept.width, kept.height, kept.orientation, kept.exif]).toEqual([200, 400, undefined, undefined]);

    const base = url.replace(/\.jpg$/, '');
    for (const [size, longer] of [
      ['thumb', 240],
      ['display', 400],
    ] as const) {
      const variant = await server.app.inject({ method: 'GET', url: `${base}_${size}.webp` });
      expect(variant.statusCode, size).toBe(200);
      expect(variant.headers['content-type']).toBe('image/webp');
      const meta = await sharp(variant.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      // upright: taller than wide; a display size never enlarges the original
      expect([meta.height, meta.width]).toEqual([longer, longer / 2]);
      expect(meta.exif).toBeUndefined();
    }
  });

  it('refuses a type the field does not accept, naming the field and the rule', async () => {
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const answer = await upload(server.app, admin, COVER, 'a.gif', gif);
    expect(answer.status).toBe(400);
    expect(answer.body.data.errors).toEqual({
      coverImage: 'only image/jpeg, image/png, image/webp files are accepted (accept)',
    });
    const chinese = await upload(server.app, admin, COVER, 'a.gif', gif, 'zh');
    expect(chinese.body.data.errors.coverImage).toBe(
      '只接受 image/jpeg, image/png, image/webp 类型的文件（accept）',
    );
    // a PDF is never a picture, whatever a field's list says
    const pdf = Buffer.from(
      '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
    );
    const notPicture = await upload(server.app, admin, COVER, 'a.pdf', pdf);
    expect(notPicture.status).toBe(400);
    expect(notPicture.body.data.errors).toEqual({ coverImage: 'only a picture can be uploaded here' });
  });

  it("refuses a picture over the field's pixel limit, upright sizes counted", async () => {
    // 8001 wide as stored, but orientation 6 makes it 8001 high once upright
    const tall = await sharp({ create: { width: 8001, height: 10, channels: 3, background: '#fff' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const answer = await upload(server.app, admin, COVER, 'tall.jpg', tall);
    expect(answer.status).toBe(400);
    expect(answer.body.data.errors).toEqual({
      coverImage: 'the picture must be at most 8000 pixels high (maxHeight)',
    });
  });

  it("refuses a file over the field's size, and a field or resource that holds no file", async () => {
    // noise does not compress: over 10 MB as a PNG, within the server's general upload limit
    const side = 1900;
    const noise = Buffer.alloc(side * side * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const big = await sharp(noise, { raw: { width: side, height: side, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(10 * 1024 * 1024);
    const answer = await upload(server.app, admin, COVER, 'big.png', big);
    expect(answer.status).toBe(400);
    expect(answer.body.data.errors).toEqual({ coverImage: 'the file must be at most 10 MB (maxSize)' });

    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const wrongField = await upload(
      server.app,
      admin,
      { resource: 'contents', field: 'title' },
      'a.png',
      png,
    );
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.data.errors).toEqual({ field: 'not a field of contents that holds a file' });
    const wrongResource = await upload(server.app, admin, { resource: 'nothing', field: 'x' }, 'a.png', png);
    expect(wrongResource.status).toBe(400);
    expect(wrongResource.body.data.errors).toEqual({ resource: 'not a resource' });
  });
});
