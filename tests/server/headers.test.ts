// @vitest-environment node
// The headers of every answer (server/plugins/headers.ts): the app's Content-Security-Policy with
// a nonce of its own per answer, the same nonce written into the page, and helmet's other headers
// next to the ones the project set before.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSP_NONCE_PLACEHOLDER } from '../../runtime/contract.ts';
import headers, { HELMET_HEADERS, HELMET_OPTIONS } from '../../server/plugins/headers.ts';
import staticFiles from '../../server/plugins/static.ts';

const PAGE = `<!doctype html><html><head><meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}" /><title>schema-admin</title></head><body></body></html>`;

/** The policy as a map of directive → sources. */
function directives(header: unknown): Map<string, string[]> {
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name, sources]),
  );
}

describe('security headers', () => {
  let dist: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'schema-admin-headers-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, 'index.html'), PAGE);
    await writeFile(join(dist, 'assets', 'app-Ab12Cd34.js'), 'export {};\n');
    app = Fastify();
    await app.register(headers);
    app.get('/api/thing', async () => ({ ok: true }));
    await app.register(staticFiles, { root: dist });
  });
  afterAll(async () => {
    await app?.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('sends the page under a policy allowing only this origin, no inline script, no eval, no framing', async () => {
    const page = await app.inject({ url: '/' });
    expect(page.statusCode).toBe(200);
    const policy = directives(page.headers['content-security-policy']);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('style-src')).toEqual(["'self'", expect.stringMatching(/^'nonce-[A-Za-z0-9+/]{24}'$/)]);
    expect(policy.get('style-src-attr')).toEqual(["'unsafe-inline'"]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https:']);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(String(page.headers['content-security-policy'])).not.toMatch(
      /unsafe-eval|script-src[^;]*unsafe-inline/,
    );
  });

  it('writes the nonce of the header into the page, a new one with each answer', async () => {
    const nonces = [];
    for (const url of ['/', '/index.html', '/']) {
      const page = await app.inject({ url });
      const inHeader = /'nonce-([^']+)'/.exec(String(page.headers['content-security-policy']))![1];
      expect(page.body).toContain(`<meta property="csp-nonce" nonce="${inHeader}" />`);
      expect(page.body).not.toContain(CSP_NONCE_PLACEHOLDER);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.headers['cache-control']).toBe('no-cache');
      nonces.push(inHeader);
    }
    expect(new Set(nonces).size).toBe(3);
  });

  it("keeps the project's own headers and adds helmet's, on the page, the assets and the API", async () => {
    for (const url of ['/', '/assets/app-Ab12Cd34.js', '/api/thing']) {
      const answer = await app.inject({ url });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers, url).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'referrer-policy': 'same-origin',
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
        'strict-transport-security': 'max-age=31536000',
        'x-permitted-cross-domain-policies': 'none',
      });
      expect(answer.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
    }
    expect((await app.inject({ url: '/api/thing' })).headers['cache-control']).toBe('no-store');
  });

  it('sends what helmet itself sends for the same options, on an answer and on a 404', async () => {
    // helmet's global mode, which builds its headers anew for each request, as the yardstick
    const reference = Fastify();
    await reference.register(helmet, HELMET_OPTIONS);
    reference.get('/api/thing', async () => ({ ok: true }));
    const policyWithoutNonce = (value: unknown) => String(value).replace(/'nonce-[^']+'/, "'nonce-'");
    try {
      for (const url of ['/api/thing', '/api/missing']) {
        const ours = await app.inject({ url });
        const theirs = await reference.inject({ url });
        for (const name of Object.keys(theirs.headers).filter(
          (n) => !['date', 'content-length'].includes(n),
        )) {
          if (['cache-control', 'content-type', 'connection'].includes(name)) continue;
          if (name === 'content-security-policy')
            expect(policyWithoutNonce(ours.headers[name]), url).toBe(
              policyWithoutNonce(theirs.headers[name]),
            );
          else expect(ours.headers[name], `${url} ${name}`).toBe(theirs.headers[name]);
        }
        const fromHelmet = Object.keys(theirs.headers).filter((n) => n in HELMET_HEADERS);
        expect(fromHelmet.sort(), url).toEqual(Object.keys(HELMET_HEADERS).sort());
      }
    } finally {
      await reference.close();
    }
  });
});
