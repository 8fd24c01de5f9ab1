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
import { buildManifest, loadSchemaDir } from '../../runtime/schema/index.ts';
import { connectDatabase } from '../../server/db/connect.ts';
import { migrateSystemTables } from '../../server/db/migrate.ts';
import { syncResourceTables } from '../../server/db/syncTables.ts';

const exec = promisify(execFile);

let work: string;
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'schema-admin-db-'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

async function run(dir: string, env: NodeJS.ProcessEnv) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await dbCommand(dir, env, { out: (t) => out.push(t), err: (t) => err.push(t) });
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
        await syncResourceTables(database.db, buildManifest(resources, menuGroups));
      } finally {
        await database.close();
      }
    });

    it('says it matches', async () => {
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
          `-- PGlite in ${join(dataDir(), 'pglite')}: the server applies these on its next start:\n` +
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
          '  - cms_sourceoffices.legacy_code: column "legacy_code" of table "cms_sourceoffices" has no field in cms/sourceoffices.yaml:2:1.',
      );
      expect(result.stderr).toContain('ALTER TABLE "cms_sourceoffices" DROP COLUMN "legacy_code";');
    });
  });

  it('does not touch a database when the schemas have problems', async () => {
    const result = await run('tests/fixtures/schemas/unknown-key', { DATA_DIR: join(work, 'unused') });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('list.colums: unknown key "colums"');
    await expect(access(join(work, 'unused'))).rejects.toThrow(/ENOENT/);
  });
});
