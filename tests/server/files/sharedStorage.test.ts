// @vitest-environment node
// Two servers on one PostgreSQL, each with its own DATA_DIR, as two instances behind a load
// balancer run: with DATABASE_URL set the files live in the database (docs/server.md "File
// storage"), so a file uploaded through one downloads through the other byte for byte, whole or
// by range, and the sample pictures the first start wrote show on both. Started as main.ts
// starts them (server/start.ts), listening on ports, called over HTTP.
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../../server/config.ts';
import { CHUNK_SIZE } from '../../../server/files/storage/postgresStorage.ts';
import { type Started, startServer } from '../../../server/start.ts';
import { ADMIN_PASSWORD, backends, TEST_SECURITY } from '../harness.ts';

const postgres = backends.filter((backend) => backend.name === 'postgresql');

describe.each(postgres)('two servers sharing one database on $name', (backend) => {
  const servers: Array<{ started: Started; base: string; dataDir: string }> = [];
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    const opened = await backend.open();
    dispose = opened.dispose;
    for (let i = 0; i < 2; i++) {
      const dataDir = await mkdtemp(join(tmpdir(), `schema-admin-instance${i}-`));
      const config = {
        ...readConfig({ DATABASE_URL: opened.url, DATA_DIR: dataDir, ADMIN_PASSWORD }),
        port: 0,
      };
      expect(config.fileStorage).toBe('database');
      const started = await startServer(config, { schemaDir: 'schemas', security: TEST_SECURITY });
      const address = await started.app.listen({ port: 0, host: '127.0.0.1' });
      servers.push({ started, base: address, dataDir });
    }
  });
  afterAll(async () => {
    for (const { started, dataDir } of servers) {
      await started.app.close();
      await started.database.close();
      await rm(dataDir, { recursive: true, force: true });
    }
    await dispose?.();
  });

  const login = async (base: string) => {
    const answer = await fetch(`${base}/api/sys/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: 'admin', password: ADMIN_PASSWORD }),
    });
    expect(answer.status).toBe(200);
    return ((await answer.json()) as { data: { token: string } }).data.token;
  };

  it('downloads through one server, byte for byte, a file uploaded through the other', async () => {
    const [first, second] = servers;
    const bytes = Buffer.alloc(CHUNK_SIZE * 3 + 17);
    for (let i = 0; i < bytes.length; i++) bytes[i] = 32 + ((i * 31) % 90);
    const form = new FormData();
    form.append('file', new Blob([bytes]), 'report.txt');
    const uploaded = await fetch(`${first.base}/api/common/upload`, {
      method: 'POST',
      headers: { 'x-token': await login(first.base) },
      body: form,
    });
    expect(uploaded.status).toBe(200);
    const { fileName } = ((await uploaded.json()) as { data: { fileName: string } }).data;

    const token = await login(second.base);
    const url = `${second.base}/common/download?fileName=${fileName}`;
    const whole = await fetch(url, { headers: { 'x-token': token } });
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);
    const start = CHUNK_SIZE * 2 - 3;
    const part = await fetch(url, { headers: { 'x-token': token, range: `bytes=${start}-${start + 9}` } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(start, start + 10))).toBe(true);

    // neither server kept the file in its own folder
    for (const { dataDir } of servers) {
      const uploads = join(dataDir, 'uploads');
      expect(existsSync(uploads) ? await readdir(uploads) : []).toEqual([]);
    }
  });

  it('serves on both the sample pictures the first start stored', async () => {
    const name = (
      await servers[0].started.database.db
        .selectFrom('sys_files')
        .select('name')
        .where('name', 'like', 'sample-%.png')
        .orderBy('name')
        .executeTakeFirstOrThrow()
    ).name;
    const [a, b] = await Promise.all(
      servers.map(async ({ base }) =>
        Buffer.from(await (await fetch(`${base}/uploads/${name}`)).arrayBuffer()),
      ),
    );
    expect(a.subarray(1, 4).toString()).toBe('PNG');
    expect(a.equals(b)).toBe(true);
  });
});
