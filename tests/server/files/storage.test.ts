// @vitest-environment node
// The storage drivers (docs/server.md "File storage"): the disk under DATA_DIR and the database's
// chunks give the same answers. A file larger than a chunk goes in and comes back byte for byte,
// whole or by range (206, 416), with an ETag and a 304; the database driver writes nothing under
// DATA_DIR, and removing a file (after its download, or as unused) removes its bytes too.
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileStore } from '../../../server/files/fileStore.ts';
import { FILE_TYPES } from '../../../server/files/fileTypes.ts';
import { adoptDiskFiles } from '../../../server/files/storage/adoptDiskFiles.ts';
import { DiskStorage } from '../../../server/files/storage/diskStorage.ts';
import { CHUNK_SIZE, PostgresStorage } from '../../../server/files/storage/postgresStorage.ts';
import type { FileStorage, StorageDriver } from '../../../server/files/storage/types.ts';
import type { WriteActor } from '../../../server/resources/store.ts';
import { gradientPng } from '../../../server/seed/sampleImages.ts';
import { ADMIN_PASSWORD, backends, call, login, postFile, startServer, type TestServer } from '../harness.ts';

/** Text bytes that differ at every position, so a range off by one shows. */
function text(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i++) bytes[i] = 97 + ((i * 7 + Math.floor(i / 26)) % 26);
  return bytes;
}

const cases = backends.flatMap((backend) =>
  (['disk', 'database'] as StorageDriver[]).map((driver) => ({
    backend,
    driver,
    name: `${driver} on ${backend.name}`,
  })),
);

describe.each(cases)('file storage: $name', ({ backend, driver }) => {
  let server: TestServer;
  let admin: string;

  beforeAll(async () => {
    server = await startServer(backend, { unusedFileGraceMs: 0 }, { storage: driver });
    admin = await login(server.app, 'admin', ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await server?.close();
  });

  const upload = async (name: string, bytes: Buffer) => {
    const answer = await postFile(server.app, '/api/common/upload', admin, name, bytes);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data as { url: string; fileName: string };
  };
  const download = (fileName: string, headers: Record<string, string> = {}) =>
    call(server.app, 'GET', '/common/download', { token: admin, query: { fileName }, headers });
  const chunks = async (name: string) =>
    (await server.db.selectFrom('sys_file_chunks').select('seq').where('file_name', '=', name).execute())
      .length;
  // the database driver never makes the folder
  const uploadsFolder = async () => {
    const dir = join(server.dataDir, 'uploads');
    return existsSync(dir) ? await readdir(dir) : [];
  };
  const onDisk = (name: string) => existsSync(join(server.dataDir, 'uploads', name));

  it('stores a file of several chunks and gives it back byte for byte, whole or by range', async () => {
    const bytes = text(2 * CHUNK_SIZE + 1234);
    const { fileName } = await upload('timetable.txt', bytes);
    if (driver === 'database') {
      expect(await chunks(fileName)).toBe(3);
      expect(onDisk(fileName)).toBe(false);
    } else {
      expect(await chunks(fileName)).toBe(0);
      expect(onDisk(fileName)).toBe(true);
    }

    const whole = await download(fileName);
    expect(whole.status).toBe(200);
    expect(whole.raw.equals(bytes)).toBe(true);
    expect(whole.headers['content-length']).toBe(String(bytes.length));
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers.etag).toBe(`"${fileName}"`);
    expect(whole.headers['content-disposition']).toContain('attachment');

    const ranges: Array<[string, number, number]> = [
      ['bytes=0-9', 0, 9],
      // across the first chunk boundary
      [`bytes=${CHUNK_SIZE - 5}-${CHUNK_SIZE + 4}`, CHUNK_SIZE - 5, CHUNK_SIZE + 4],
      // from inside the second chunk to the end
      [`bytes=${CHUNK_SIZE + 100}-`, CHUNK_SIZE + 100, bytes.length - 1],
      // the last 7 bytes
      ['bytes=-7', bytes.length - 7, bytes.length - 1],
      // an end past the file is the file's end
      [`bytes=${bytes.length - 3}-${bytes.length + 50}`, bytes.length - 3, bytes.length - 1],
    ];
    for (const [range, start, end] of ranges) {
      const part = await download(fileName, { range });
      expect(part.status, range).toBe(206);
      expect(part.headers['content-range'], range).toBe(`bytes ${start}-${end}/${bytes.length}`);
      expect(part.headers['content-length'], range).toBe(String(end - start + 1));
      expect(part.raw.equals(bytes.subarray(start, end + 1)), range).toBe(true);
    }

    for (const range of [
      `bytes=${bytes.length}-`,
      `bytes=${bytes.length + 10}-${bytes.length + 20}`,
      'bytes=-0',
    ]) {
      const refused = await download(fileName, { range });
      expect(refused.status, range).toBe(416);
      expect(refused.headers['content-range'], range).toBe(`bytes */${bytes.length}`);
    }
    // several ranges, another unit, or an If-Range naming another version: the whole file
    const wholeAnswers: Array<Record<string, string>> = [
      { range: 'bytes=0-1,5-6' },
      { range: 'items=0-1' },
      { range: 'bytes=0-1', 'if-range': '"x"' },
    ];
    for (const headers of wholeAnswers) {
      const full = await download(fileName, headers);
      expect(full.status, JSON.stringify(headers)).toBe(200);
      expect(full.raw.equals(bytes)).toBe(true);
    }
    const current = await download(fileName, { range: 'bytes=0-1', 'if-range': `"${fileName}"` });
    expect(current.status).toBe(206);

    for (const tag of [`"${fileName}"`, `"other", W/"${fileName}"`, '*']) {
      const unchanged = await download(fileName, { 'if-none-match': tag });
      expect(unchanged.status, tag).toBe(304);
      expect(unchanged.raw.length).toBe(0);
    }
    expect((await download(fileName, { 'if-none-match': '"other"' })).status).toBe(200);
  });

  it('stores an empty file and answers a range of it with 416', async () => {
    const { fileName } = await upload('empty.txt', Buffer.alloc(0));
    const whole = await download(fileName);
    expect(whole.status).toBe(200);
    expect(whole.raw.length).toBe(0);
    expect((await download(fileName, { range: 'bytes=0-' })).status).toBe(416);
  });

  it('serves pictures and their derived sizes from the driver, with ranges and 304 on the public path', async () => {
    const png = gradientPng(300, 200, '#204080', '#f0c040');
    const { fileName } = await upload('gate.png', png);
    const display = fileName.replace('.png', '_display.webp');
    if (driver === 'database') {
      expect(await chunks(display)).toBe(1);
      expect(await uploadsFolder()).toEqual([]);
    }
    const image = await call(server.app, 'GET', `/uploads/${fileName}`);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    const part = await call(server.app, 'GET', `/uploads/${fileName}`, { headers: { range: 'bytes=1-3' } });
    expect(part.status).toBe(206);
    expect(part.raw.toString('latin1')).toBe('PNG');
    expect(
      (
        await call(server.app, 'GET', `/uploads/${fileName}`, {
          headers: { 'if-none-match': `"${fileName}"` },
        })
      ).status,
    ).toBe(304);
    expect((await call(server.app, 'GET', `/uploads/${display}`)).headers['content-type']).toBe('image/webp');
  });

  it('removes the bytes with the record: a download with delete=true, and unused uploads', async () => {
    const once = await upload('once.txt', text(CHUNK_SIZE + 1));
    const removal = await call(server.app, 'GET', '/common/download', {
      token: admin,
      query: { fileName: once.fileName, delete: 'true' },
    });
    expect(removal.status).toBe(200);
    // the removal runs once the answer has gone out: the record, then the bytes
    await expect.poll(async () => (await download(once.fileName)).status).toBe(404);
    await expect.poll(() => onDisk(once.fileName)).toBe(false);
    expect(await chunks(once.fileName)).toBe(0);

    const spare = await upload('spare.png', gradientPng(60, 40, '#000000', '#ffffff'));
    const names = [
      spare.fileName,
      spare.fileName.replace('.png', '_thumb.webp'),
      spare.fileName.replace('.png', '_display.webp'),
    ];
    const removed = await call(server.app, 'DELETE', '/api/common/media/unused', {
      token: admin,
      body: { names: [spare.fileName] },
    });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    for (const name of names) {
      expect(await chunks(name), name).toBe(0);
      expect(onDisk(name), name).toBe(false);
      expect((await call(server.app, 'GET', `/uploads/${name}`)).status, name).toBe(404);
    }
  });

  it('keeps nothing of a failed upload: the records roll back and the bytes written go', async () => {
    // the real driver, failing when the second file (the thumbnail) is written
    const real = server.app.files.storage;
    let writes = 0;
    const failing: FileStorage = {
      driver: real.driver,
      init: () => real.init(),
      open: (file) => real.open(file),
      abandon: (files) => real.abandon(files),
      discard: (files) => real.discard(files),
      async write(trx, file, source, options) {
        writes += 1;
        if (writes === 2) throw new Error('the storage failed');
        return real.write(trx, file, source, options);
      },
    };
    const store = new FileStore(server.db, failing);
    const records = async () => (await server.db.selectFrom('sys_files').select('name').execute()).length;
    const before = { records: await records(), uploads: await uploadsFolder() };
    const actor = { auth: { userId: 1, userName: 'admin' }, address: '127.0.0.1' } as WriteActor;
    await expect(
      store.save('upload', text(100), FILE_TYPES.png, 'broken.png', actor, [
        { size: 'thumb', bytes: text(10) },
        { size: 'display', bytes: text(20) },
      ]),
    ).rejects.toThrow('the storage failed');
    expect(writes).toBe(2);
    expect(await records()).toBe(before.records);
    expect(await uploadsFolder()).toEqual(before.uploads);
    expect(
      await server.db
        .selectFrom('sys_file_chunks')
        .select('seq')
        .where('file_name', 'like', '%broken%')
        .execute(),
    ).toEqual([]);
  });
});

describe.each(backends)('moving from the disk to the database on $name', (backend) => {
  let server: TestServer;
  afterAll(async () => {
    await server?.close();
  });

  it('copies in the files stored on the disk before, once, and leaves records without bytes alone', async () => {
    server = await startServer(backend, {}, { storage: 'disk' });
    const admin = await login(server.app, 'admin', ADMIN_PASSWORD);
    const bytes = text(CHUNK_SIZE + 99);
    const answer = await postFile(server.app, '/api/common/upload', admin, 'old.txt', bytes);
    const { fileName } = answer.body.data as { fileName: string };
    await server.db
      .insertInto('sys_files')
      .values({
        kind: 'upload',
        name: 'lost0000.txt',
        original_name: 'lost.txt',
        mime: 'text/plain',
        size: 3,
      })
      .execute();

    const shared = new PostgresStorage(server.db);
    const disk = new DiskStorage(server.dataDir);
    expect(await adoptDiskFiles(server.db, disk, shared)).toEqual([fileName]);
    expect(await adoptDiskFiles(server.db, disk, shared)).toEqual([]);
    const opened = await shared.open({ kind: 'upload', name: fileName });
    expect(opened?.size).toBe(bytes.length);
    const read: Buffer[] = [];
    for await (const piece of opened!.read()) read.push(piece as Buffer);
    expect(Buffer.concat(read).equals(bytes)).toBe(true);
    expect(await shared.open({ kind: 'upload', name: 'lost0000.txt' })).toBeUndefined();
  });
});
