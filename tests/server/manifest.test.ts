// @vitest-environment node
// GET /api/sys/manifest: the resources the server runs, which the app's generated pages are made from.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Resource } from '../../runtime/schema/types.ts';
import {
  ADMIN_PASSWORD,
  backends,
  call,
  createUser,
  login,
  startServer,
  type TestServer,
} from './harness.ts';

const MANIFEST = '/api/sys/manifest';

describe.each(backends)('the manifest call on $name', (backend) => {
  let server: TestServer;
  let admin: string;

  beforeAll(async () => {
    server = await startServer(backend);
    admin = await login(server.app, 'admin', ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("answers the server's own resources, as it loaded them", async () => {
    const answer = await call(server.app, 'GET', MANIFEST, { token: admin });
    expect(answer.status).toBe(200);
    const resources = answer.body.data.resources as Resource[];
    expect(resources.map((r) => r.name)).toEqual(server.manifest.resources.map((r) => r.name));
    expect(resources.find((r) => r.name === 'users')).toEqual(
      JSON.parse(JSON.stringify(server.manifest.resources.find((r) => r.name === 'users'))),
    );
  });

  it('needs a session', async () => {
    const answer = await call(server.app, 'GET', MANIFEST);
    expect(answer.status).toBe(401);
  });

  it('is there before the first password change, whose form needs the users resource', async () => {
    const fresh = await createUser(server, 'newcomer', ['editor'], 'Passw0rd!long', true);
    const token = await login(server.app, 'newcomer', fresh.password);
    expect((await call(server.app, 'GET', '/api/sys/dashboard', { token })).status).toBe(403);
    expect((await call(server.app, 'GET', MANIFEST, { token })).status).toBe(200);
  });

  it('answers a reload with 304 through its ETag, and asks browsers to check again each time', async () => {
    const first = await call(server.app, 'GET', MANIFEST, { token: admin });
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"/);
    const again = await call(server.app, 'GET', MANIFEST, {
      token: admin,
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
  });
});
