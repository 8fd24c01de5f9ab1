// @vitest-environment node
// schema-admin db against a real PGlite folder: a database never started, one level with the
// schemas, one a field behind (additive DDL, exit 0), and one holding a column no field
// declares (refused with advice, exit 1).
import { execFile } from 'node:child_process';
import { access, cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbCommand } from '../../cli/commands/db.ts';
import { loadSchemaDir } from '../../runtime/schema/load.ts';
import { buildManifest } from '../../runtime/schema/manifest.ts';
import { connectDatabase } from '../../server/db/connect.ts';
import { migrateSystemTables } from '../../server/db/migrate.ts';
import { syncResourceTables } from '../../server/db/syncTables.ts';
import { seedDatabase } from '../../server/seed/seed.ts';

const exec = promisify(execFile);

let work: string;
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'schema-admin-db-'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

async function run(dir: string, env: NodeJS.ProcessEnv, repair: string[] = []) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await dbCommand(dir, env, { out: (t) => out.push(t), err: (t) => err.push(t) }, { repair });
  return { code, stdout: out.join(''), stderr: err.join('') };
}

describe('schema-admin db', () => {
  it('shows what a first start would create, without creating a database', async () => {
    const dataDir = join(work, 'never-started');
    const result = await run('schemas', { DATA_DIR: dataDir });
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n')[0]).toBe(
      `-- PGlite in ${join(dataDir, 'pglite')} has no tables yet; its first start creates the system tables and:`,
    );
    expect(result.stdout).toContain('create table if not exists "cms_contents" (');
    expect(result.stdout).toContain('alter table "sys_users" add column if not exists "dpmt_id" integer;');
    expect(result.stdout).not.toContain('create table if not exists "sys_users"');
    await expect(access(dataDir)).rejects.toThrow(/ENOENT/);
  });

  describe('on a database the server has brought level with the schemas', () => {
    const dataDir = () => join(work, 'data');

    beforeAll(async () => {
      const database = await connectDatabase({ pgliteDir: join(dataDir(), 'pglite') });
      try {
        await migrateSystemTables(database.db);
        const { resources, menuGroups } = await loadSchemaDir('schemas');
        const manifest = buildManifest(resources, menuGroups);
        await syncResourceTables(database.db, manifest);
        // the administrator, whose stored password (a hash) is longer than a password's maxLength
        await seedDatabase(database.db, manifest, {
          adminPassword: 'Admin#2026-pass',
          scrypt: { N: 2 ** 12, r: 8, p: 1 },
          sampleData: false,
        });
      } finally {
        await database.close();
      }
    });

    it('says it matches, and takes no stored password hash for a password over its maxLength', async () => {
      const result = await run('schemas', { DATA_DIR: dataDir() });
      expect(result).toEqual({
        code: 0,
        stdout: `-- PGlite in ${join(dataDir(), 'pglite')} matches the schemas\n`,
        stderr: '',
      });
    });

    it('prints the additive DDL of a new field', async () => {
      const dir = join(work, 'schemas-grown');
      await cp('schemas', dir, { recursive: true });
      const file = join(dir, 'cms/sourceoffices.yaml');
      const text = await readFile(file, 'utf8');
      await writeFile(file, text.replace('fields:\n', 'fields:\n  phone: { type: phone, maxLength: 20 }\n'));
      const result = await run(dir, { DATA_DIR: dataDir() });
      expect(result).toEqual({
        code: 0,
        stdout:
          `-- PGlite in ${join(dataDir(), 'pglite')}: the server applies these on its next start (or schema-admin db --apply now):\n` +
          'alter table "cms_sourceoffices" add column if not exists "phone" varchar(20);\n',
        stderr: '',
      });
    });

    it('refuses a column no field declares, with advice, and exits 1 from the command line', async () => {
      const database = await connectDatabase({ pgliteDir: join(dataDir(), 'pglite') });
      try {
        await sql`alter table cms_sourceoffices add column legacy_code text`.execute(database.db);
      } finally {
        await database.close();
      }
      const result = await exec(process.execPath, ['cli/bin.js', 'db', 'schemas'], {
        env: { ...process.env, DATA_DIR: dataDir(), DATABASE_URL: '' },
      }).then(
        () => ({ code: 0, stderr: '' }),
        (e: { code: number; stderr: string }) => e,
      );
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(
        'refused: 1 change would lose data; the server applies additive changes only and will not start until each is resolved:\n' +
          '  - cms_sourceoffices.legacy_code: column "legacy_code" of table "cms_sourceoffices" has no field in schemas/cms/sourceoffices.yaml:7:1.',
      );
      expect(result.stderr).toContain('ALTER TABLE "cms_sourceoffices" DROP COLUMN "legacy_code";');
      expect(result.stderr).toContain(
        '    or let this command make it, after a backup: schema-admin db --apply --allow sourceoffices.legacy_code=drop\n',
      );
    });
  });

  it('reports references that point at missing rows, and repairs them the way the maintainer chooses', async () => {
    const dataDir = join(work, 'dangling');
    const pgliteDir = join(dataDir, 'pglite');
    const { resources, menuGroups } = await loadSchemaDir('schemas');
    const manifest = buildManifest(resources, menuGroups);
    const database = await connectDatabase({ pgliteDir });
    try {
      await migrateSystemTables(database.db);
      await syncResourceTables(database.db, manifest);
      // data from before references were keys: an office and a category that were deleted
      await sql`alter table cms_contents drop constraint cms_contents_source_office_id_fkey`.execute(
        database.db,
      );
      await sql`alter table cms_contents drop constraint cms_contents_category_id_fkey`.execute(database.db);
      await sql`insert into cms_content_categorys (category_name, kind) values ('kept', 0)`.execute(
        database.db,
      );
      await sql`insert into cms_contents (title, category_id, source_office_id, publish_time, body)
        select 'orphan ' || n, case when n = 1 then (select min(id) from cms_content_categorys) else 990 + n end,
               990, now(), '<p>x</p>' from generate_series(1, 3) n`.execute(database.db);
    } finally {
      await database.close();
    }

    const found = await run('schemas', { DATA_DIR: dataDir });
    expect(found.code).toBe(1);
    expect(found.stderr).toContain(
      '  - contents.categoryId (cms_contents.category_id → cms_content_categorys): 2 rows point at missing ids 992, 993; ' +
        'repair with schema-admin db --repair contents.categoryId=delete\n',
    );
    expect(found.stderr).toContain(
      '  - contents.sourceOfficeId (cms_contents.source_office_id → cms_sourceoffices): 3 rows point at missing id 990; ' +
        'repair with schema-admin db --repair contents.sourceOfficeId=setNull or --repair contents.sourceOfficeId=delete\n',
    );

    const refused = await run('schemas', { DATA_DIR: dataDir }, ['contents.categoryId=setNull']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('is required');

    const repaired = await run('schemas', { DATA_DIR: dataDir }, [
      'contents.sourceOfficeId=setNull',
      'contents.categoryId=delete',
    ]);
    expect(repaired.stdout).toContain('-- contents.sourceOfficeId: cleared the reference of 3 rows\n');
    expect(repaired.stdout).toContain('-- contents.categoryId: deleted 2 rows\n');
    // the keys are now additive steps the next start applies
    expect(repaired.stdout).toContain(
      'add constraint "cms_contents_category_id_fkey" foreign key ("category_id")',
    );
    expect(repaired.code).toBe(0);
    const check = await connectDatabase({ pgliteDir });
    try {
      const left = await sql<{ title: string; office: number | null }>`
        select title, source_office_id as office from cms_contents order by title`.execute(check.db);
      expect(left.rows).toEqual([{ title: 'orphan 1', office: null }]);
    } finally {
      await check.close();
    }
  });

  it('does not touch a database when the schemas have problems', async () => {
    const result = await run('tests/fixtures/schemas/unknown-key', { DATA_DIR: join(work, 'unused') });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('list.colums: unknown key "colums"');
    await expect(access(join(work, 'unused'))).rejects.toThrow(/ENOENT/);
  });
});
