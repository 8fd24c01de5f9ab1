// @vitest-environment node
// The built app as the server sends it: hashed assets kept for good, the rest revalidated, and the
// build's compressed copies sent to a browser that accepts them.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import staticFiles from '../../server/plugins/static.ts';

const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;

describe('the built app', () => {
  let dist: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'schema-admin-dist-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>schema-admin</title>');
    await writeFile(join(dist, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await writeFile(join(dist, 'assets', 'app-Ab12Cd34.js'), SCRIPT);
    await writeFile(join(dist, 'assets', 'app-Ab12Cd34.js.gz'), gzipSync(SCRIPT));
    await writeFile(join(dist, 'assets', 'app-Ab12Cd34.js.br'), brotliCompressSync(SCRIPT));
    app = Fastify();
    await app.register(staticFiles, { root: dist });
  });
  afterAll(async () => {
    await app?.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('lets a browser keep a hashed asset for good, and sends the compressed copy it accepts', async () => {
    const gzip = await app.inject({ url: '/assets/app-Ab12Cd34.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.statusCode).toBe(200);
    expect(gzip.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toContain('accept-encoding');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);

    const br = await app.inject({
      url: '/assets/app-Ab12Cd34.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');

    const plain = await app.inject({ url: '/assets/app-Ab12Cd34.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('has the page and the files outside assets/ revalidated on every load', async () => {
    const page = await app.inject({ url: '/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>schema-admin</title>');
    expect(page.headers['cache-control']).toBe('no-cache');
    const logo = await app.inject({ url: '/logo.svg' });
    expect(logo.headers['cache-control']).toBe('no-cache');
  });
});
