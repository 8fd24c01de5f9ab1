// @vitest-environment node
// The API description the server serves: every route the app registers is in it with its method,
// a resource added to the schemas appears in it, and Swagger UI loads at /api/docs under the
// app's Content-Security-Policy.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApi } from '../../runtime/schema/openapi.ts';
import { buildApp } from '../../server/app.ts';
import { backends, call, startServer, TEST_SECURITY, type TestServer, withNotesCopy } from './harness.ts';

/** `GET /api/sys/users/{id}` for Fastify's `/api/sys/users/:id`. */
const asTemplate = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe.each(backends)('the API description ($name)', (backend) => {
  let server: TestServer;
  let app: FastifyInstance;
  const registered: string[] = [];

  beforeAll(async () => {
    server = await startServer(backend);
    app = await buildApp({
      db: server.db,
      manifest: server.manifest,
      dataDir: server.dataDir,
      security: TEST_SECURITY,
      onRoute: (route) => {
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        for (const method of methods) registered.push(`${method} ${asTemplate(route.url)}`);
      },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await server?.close();
  });

  it('describes every route the app registers, and no route it does not', async () => {
    const answer = await call(app, 'GET', '/api/openapi.json');
    expect(answer.status).toBe(200);
    const document = answer.body as unknown as ReturnType<typeof buildOpenApi>;
    const described = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    // HEAD answers come with every GET; the docs page and its files describe nothing of the API
    const served = registered.filter((r) => !r.startsWith('HEAD ') && !r.includes(' /api/docs'));
    expect(served.length).toBeGreaterThan(100);
    expect(served.filter((r) => !described.includes(r))).toEqual([]);
    expect(described.filter((d) => !served.includes(d))).toEqual([]);
  });

  it('is the document made from the manifest the server runs, with a resource added to the schemas', async () => {
    const memos = await server.reopen({}, withNotesCopy(server.manifest, 'memos'));
    const document = (await call(memos, 'GET', '/api/openapi.json')).body as unknown as ReturnType<
      typeof buildOpenApi
    >;
    expect(document).toEqual(
      JSON.parse(JSON.stringify(buildOpenApi(withNotesCopy(server.manifest, 'memos')))),
    );
    expect(document.paths['/api/qa/memos/{id}'].put?.['x-permission']).toBe('qa:memos:update');
    const plain = (await call(app, 'GET', '/api/openapi.json')).body as unknown as typeof document;
    expect(plain.paths['/api/qa/memos']).toBeUndefined();
  });

  it('needs no session, as the page reading it has no token to send', async () => {
    expect((await call(app, 'GET', '/api/openapi.json')).status).toBe(200);
    const page = await app.inject({ url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });

  it('serves Swagger UI at /api/docs with only files from this origin, under the app policy', async () => {
    const page = await app.inject({ url: '/api/docs' });
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toContain('unsafe-eval');
    // no inline script: the policy would block it
    expect(page.body).not.toMatch(/<script>|<script [^>]*>[^<]/);
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map(([, url]) => url);
    expect(assets.length).toBe(4);
    for (const url of assets) {
      expect(url.startsWith('/api/docs/static/')).toBe(true);
      const asset = await app.inject({ url });
      expect(asset.statusCode, url).toBe(200);
      expect(asset.rawPayload.length, url).toBeGreaterThan(0);
    }
    const start = await app.inject({ url: '/api/docs/static/start.js' });
    expect(start.body).toContain('"/api/openapi.json"');
  });

  it('serves no other file of the UI folder, nor anything outside it', async () => {
    for (const url of [
      '/api/docs/static/index.html',
      '/api/docs/static/oauth2-redirect.html',
      '/api/docs/static/..%2Fpackage.json',
      '/api/docs/static/constructor',
    ]) {
      expect((await app.inject({ url })).statusCode, url).toBe(404);
    }
  });
});
