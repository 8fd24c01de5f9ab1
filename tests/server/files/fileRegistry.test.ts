// @vitest-environment node
// The file registry (sys_files, docs/server.md "Storage and migrations"): every upload is a
// record with its stored and original names, type, size, pixel size, uploader and time, and
// its derived sizes point at it; records written before migration 0006 are linked by name.
import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../../../server/db/connect.ts';
import { systemMigrations } from '../../../server/db/migrations.ts';
import { gradientPng } from '../../../server/seed/sampleImages.ts';
import { backends, createUser, login, postFile, startServer, type TestServer } from '../harness.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

describe.each(backends)('file registry on $name', (backend) => {
  let server: TestServer;
  let editor: string;
  let editorId: number;

  beforeAll(async () => {
    server = await startServer(backend);
    const user = await createUser(server, 'registry1', ['editor']);
    editorId = user.id;
    editor = await login(server.app, 'registry1', user.password);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('records an upload with its pixel size and uploader, and its derived sizes as its variants', async () => {
    const answer = await postFile(
      server.app,
      '/api/common/upload',
      editor,
      '操场.png',
      gradientPng(64, 30, '#000', '#fff'),
    );
    expect(answer.status).toBe(200);
    const name = answer.body.data.fileName as string;
    const rows = await server.db
      .selectFrom('sys_files')
      .selectAll()
      .where((eb) => eb.or([eb('name', '=', name), eb('variant_of', '=', name)]))
      .orderBy('name')
      .execute();
    expect(rows.map((r) => [r.name, r.variant_of])).toEqual([
      [name, null],
      [name.replace('.png', '_display.webp'), name],
      [name.replace('.png', '_thumb.webp'), name],
    ]);
    const original = rows[0];
    expect(original).toMatchObject({
      kind: 'upload',
      original_name: '操场.png',
      mime: 'image/png',
      size: answer.body.data.size,
      width: 64,
      height: 30,
      user_id: editorId,
    });
    expect(original.create_time).toBeInstanceOf(Date);
  });

  it('records a file that is not a picture without a pixel size', async () => {
    const answer = await postFile(server.app, '/api/common/upload', editor, '通知.pdf', PDF);
    const row = await server.db
      .selectFrom('sys_files')
      .selectAll()
      .where('name', '=', answer.body.data.fileName)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ mime: 'application/pdf', size: PDF.length, width: null, height: null });
  });
});

describe('migration 0006 on records stored before it', () => {
  it('links derived sizes to their original by name and leaves the rest alone', async () => {
    const handle = await connectDatabase();
    try {
      const migrator = new Migrator({
        db: handle.db,
        provider: systemMigrations,
        migrationTableName: 'sys_migration',
        migrationLockTableName: 'sys_migration_lock',
      });
      expect((await migrator.migrateTo('0005_audit_log_base_columns')).error).toBeUndefined();
      const old = (name: string, mime = 'image/webp') => ({
        kind: 'upload',
        name,
        original_name: name,
        mime,
        size: 1,
      });
      await (handle.db as any)
        .insertInto('sys_files')
        .values([
          old('abc123.png', 'image/png'),
          old('abc123_thumb.webp'),
          old('abc123_display.webp'),
          // a derived name whose original is gone, and a file merely named like one
          old('gone_thumb.webp'),
          old('notes_thumb.txt', 'text/plain'),
        ])
        .execute();
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const rows = await handle.db
        .selectFrom('sys_files')
        .select(['name', 'variant_of', 'width'])
        .orderBy('name')
        .execute();
      expect(rows).toEqual([
        { name: 'abc123.png', variant_of: null, width: null },
        { name: 'abc123_display.webp', variant_of: 'abc123.png', width: null },
        { name: 'abc123_thumb.webp', variant_of: 'abc123.png', width: null },
        { name: 'gone_thumb.webp', variant_of: null, width: null },
        { name: 'notes_thumb.txt', variant_of: null, width: null },
      ]);
    } finally {
      await handle.close();
    }
  });
});
