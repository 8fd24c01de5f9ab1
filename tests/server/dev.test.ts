// @vitest-environment node
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Manifest } from '../../runtime/schema/types.ts';
import { readConfig } from '../../server/config.ts';
import type { DatabaseHandle } from '../../server/db/connect.ts';
import { migrateSystemTables } from '../../server/db/migrate.ts';
import { DestructiveSchemaChangeError } from '../../server/db/syncTables.ts';
import { LiveApi } from '../../server/dev/liveApi.ts';
import { overlayPayload } from '../../server/dev/overlay.ts';
import { SchemaProblemsError } from '../../server/start.ts';
import { freePort } from '../fixtures/freePort.ts';
import { backends, TEST_SECURITY, testManifest, withNotesCopy } from './harness.ts';

/** A fresh connection per call: a kept-alive socket would still point at the app just closed. */
function send(url: string, method = 'GET', headers: Record<string, string> = {}, body?: string) {
  return new Promise<{ status: number; json: any }>((resolve, reject) => {
    const req = request(url, { method, headers, agent: false }, (res) => {
      let text = '';
      res.on('data', (chunk) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, json: text ? JSON.parse(text) : null }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('the dev server’s error overlay', () => {
  it('points at the first schema problem and lists them all', () => {
    const payload = overlayPayload(
      new SchemaProblemsError([
        { file: 'schemas/cms/a.yaml', line: 3, col: 7, path: 'fields.x.type', message: 'bad type' },
        { file: 'schemas/cms/b.yaml', line: 9, col: 2, path: '', message: 'other' },
      ]),
    );
    expect(payload.err.loc).toEqual({ file: 'schemas/cms/a.yaml', line: 3, column: 7 });
    expect(payload.err.message).toContain('schemas/cms/a.yaml:3:7: fields.x.type: bad type');
    expect(payload.err.message).toContain('schemas/cms/b.yaml:9:2: other');
  });

  it('shows a refused destructive change without a stack', () => {
    const payload = overlayPayload(
      new DestructiveSchemaChangeError([{ table: 't', column: 'c', advice: 'do this' }]),
    );
    expect(payload.err.message).toContain('t.c: do this');
    expect(payload.err.stack).toBe('');
  });
});

describe.each(backends)('the dev server’s live API on $name', (backend) => {
  let database: DatabaseHandle;
  let dispose: () => Promise<void>;
  let api: LiveApi;
  let manifest: Manifest;
  let base: string;

  beforeAll(async () => {
    ({ handle: database, dispose } = await backend.open());
    await migrateSystemTables(database.db);
    manifest = await testManifest();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    api = new LiveApi(
      database,
      { ...readConfig({ ADMIN_PASSWORD: 'Dev-pass-1234' }), port },
      { security: TEST_SECURITY },
    );
  });
  afterAll(async () => {
    await api?.close();
    await dispose?.();
  });

  const token = async () => {
    const answer = await send(
      `${base}/api/sys/login`,
      'POST',
      { 'content-type': 'application/json' },
      JSON.stringify({ userName: 'admin', password: 'Dev-pass-1234' }),
    );
    return answer.json.data.token as string;
  };
  const memos = async () => (await send(`${base}/api/qa/memos`, 'GET', { 'x-token': await token() })).status;

  it('serves the manifest, then a changed one on the same port, keeping the last good one on a refused change', async () => {
    const first = await api.load(manifest);
    expect(first.seed.firstStart).toBe(true);
    expect(await memos()).toBe(404);

    const grown = withNotesCopy(manifest, 'memos');
    const second = await api.load(grown);
    expect(second.tableChanges[0]).toContain('create table if not exists "qa_memos"');
    expect(second.seed.menusAdded).toContain('page:memos');
    expect(await memos()).toBe(200);

    const shrunk: Manifest = {
      ...grown,
      resources: grown.resources.map((r) =>
        r.name === 'memos' ? { ...r, fields: r.fields.filter((f) => f.name !== 'body') } : r,
      ),
    };
    await expect(api.load(shrunk)).rejects.toBeInstanceOf(DestructiveSchemaChangeError);
    expect(await memos()).toBe(200);
  });
});
