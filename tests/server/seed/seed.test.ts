// @vitest-environment node
// A first start's work begun before its database opened: the seed takes the administrator's
// password, its hash and the sample pictures from it, and leaves it unused on a database that
// already has users.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../../server/auth/password.ts';
import type { DatabaseHandle } from '../../../server/db/connect.ts';
import { migrateSystemTables } from '../../../server/db/migrate.ts';
import { syncResourceTables } from '../../../server/db/syncTables.ts';
import { DiskStorage } from '../../../server/files/storage/diskStorage.ts';
import { beginFirstStartWork, seedDatabase } from '../../../server/seed/seed.ts';
import { backends, TEST_SECURITY, testManifest } from '../harness.ts';

const scrypt = TEST_SECURITY.scrypt!;

describe.each(backends)('the seed with work begun early on $name', (backend) => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  async function emptyDatabase(): Promise<{ handle: DatabaseHandle; storage: DiskStorage }> {
    const { handle, dispose } = await backend.open();
    const dataDir = await mkdtemp(join(tmpdir(), 'schema-admin-seed-'));
    cleanups.push(async () => {
      await dispose();
      await rm(dataDir, { recursive: true, force: true });
    });
    await migrateSystemTables(handle.db);
    return { handle, storage: new DiskStorage(dataDir) };
  }

  const adminRow = (handle: DatabaseHandle) =>
    handle.db
      .selectFrom('sys_users')
      .select(['password', 'firstlogin'])
      .where('user_name', '=', 'admin')
      .executeTakeFirstOrThrow();

  it('stores the early hash of a generated password, shows the password once, and writes the early pictures', async () => {
    const manifest = await testManifest();
    const { handle, storage } = await emptyDatabase();
    await syncResourceTables(handle.db, manifest);
    const early = beginFirstStartWork(undefined, scrypt);

    const seeded = await seedDatabase(handle.db, manifest, { scrypt, storage, early });

    expect(early.generated).toBe(true);
    expect(seeded.firstStart).toBe(true);
    expect(seeded.admin).toEqual({ userName: 'admin', password: early.password });
    const admin = await adminRow(handle);
    expect(admin.password).toBe(await early.hash);
    expect(admin.firstlogin).toBe(true);
    expect(await verifyPassword(early.password, admin.password)).toBe(true);
    const files = await handle.db.selectFrom('sys_files').select('name').execute();
    expect(files.map((f) => f.name).sort()).toEqual((await early.images).map((f) => f.name).sort());
    expect(files.length).toBeGreaterThan(0);
  });

  it("takes the operator's password as chosen: not shown, no change asked at sign-in", async () => {
    const manifest = await testManifest();
    const { handle } = await emptyDatabase();
    await syncResourceTables(handle.db, manifest);
    const early = beginFirstStartWork('Chosen#2026-pass', scrypt);

    const seeded = await seedDatabase(handle.db, manifest, { scrypt, sampleData: false, early });

    expect(seeded.admin).toEqual({ userName: 'admin', password: undefined });
    const admin = await adminRow(handle);
    expect(admin.firstlogin).toBe(false);
    expect(await verifyPassword('Chosen#2026-pass', admin.password)).toBe(true);
  });

  it('leaves the early work unused on a database that has its administrator', async () => {
    const manifest = await testManifest();
    const { handle } = await emptyDatabase();
    await syncResourceTables(handle.db, manifest);
    await seedDatabase(handle.db, manifest, { adminPassword: 'First#2026-pass', scrypt, sampleData: false });
    const before = await adminRow(handle);

    const again = await seedDatabase(handle.db, manifest, {
      scrypt,
      sampleData: false,
      early: beginFirstStartWork('Other#2026-pass', scrypt),
    });

    expect(again.firstStart).toBe(false);
    expect(again.admin).toBeUndefined();
    expect(await adminRow(handle)).toEqual(before);
  });
});
