// @vitest-environment node
// schema-admin db --apply on a PGlite folder and on a fresh PostgreSQL database: the plan alone
// changes nothing, a widening runs, a step that loses data waits for its own --allow and then
// runs after a backup that --restore brings back, a required field new to a table with rows asks
// for a backfill, an enum option still in use is listed row by row, a rename is recognised, and
// a folder held by a running server is left alone.
import { execFile } from 'node:child_process';
import { access, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbOptions, dbCommand } from '../../cli/commands/db.ts';
import { loadSchemaDir } from '../../runtime/schema/load.ts';
import { buildManifest } from '../../runtime/schema/manifest.ts';
import { connectDatabase, type DatabaseHandle } from '../../server/db/connect.ts';
import { migrateSystemTables } from '../../server/db/migrate.ts';
import { startPgliteProcess } from '../../server/db/pgliteServer.ts';
import { syncResourceTables } from '../../server/db/syncTables.ts';
import { backends } from '../server/harness.ts';

const exec = promisify(execFile);

let work: string;
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'schema-admin-apply-'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

// the fields of qa/notes as the tables are first made; each test edits a copy of this text
const FIELDS = {
  title:
    '  title:\n    type: string\n    title: { zh: 标题, en: Title }\n    required: true\n    maxLength: 100\n',
  hits: '  hits:\n    type: integer\n    title: { zh: 点击, en: Hits }\n',
  oldCode: '  oldCode:\n    type: string\n    title: { zh: 旧编码, en: Old code }\n    maxLength: 20\n',
  status:
    '  status:\n    type: enum\n    title: { zh: 状态, en: Status }\n    default: 0\n    options:\n' +
    '      - { value: 0, zh: 正常, en: Active }\n      - { value: 1, zh: 停用, en: Disabled }\n' +
    '      - { value: 2, zh: 归档, en: Archived }\n',
};
type Fields = Record<string, string>;

function notesYaml(fields: Fields): string {
  return (
    'resource: notes\nmodule: qa\ntitle: { zh: 笔记, en: Notes }\nfields:\n' +
    Object.values(fields).join('') +
    'actions: [create, update, delete]\n'
  );
}

let schemaCount = 0;
async function schemaDir(fields: Fields): Promise<string> {
  const dir = join(work, `schemas-${++schemaCount}`);
  await mkdir(join(dir, 'qa'), { recursive: true });
  await writeFile(join(dir, 'qa/notes.yaml'), notesYaml(fields));
  return dir;
}

interface Place {
  env: NodeJS.ProcessEnv;
  dataDir: string;
  open(): Promise<DatabaseHandle>;
  dispose(): Promise<void>;
}

const postgres = backends.find((b) => b.name === 'postgresql');
let places = 0;
const kinds: Array<{ name: string; make(): Promise<Place> }> = [
  {
    name: 'pglite',
    async make() {
      const dataDir = join(work, `data-${++places}`);
      return {
        env: { DATA_DIR: dataDir, DATABASE_URL: '' },
        dataDir,
        open: () => connectDatabase({ pgliteDir: join(dataDir, 'pglite') }),
        dispose: async () => {},
      };
    },
  },
  ...(postgres
    ? [
        {
          name: 'postgresql',
          async make(): Promise<Place> {
            const dataDir = join(work, `data-${++places}`);
            const { handle, url, dispose } = await postgres.open();
            await handle.close();
            return {
              env: { DATA_DIR: dataDir, DATABASE_URL: url },
              dataDir,
              open: () => connectDatabase({ url }),
              dispose,
            };
          },
        },
      ]
    : []),
];

async function run(dir: string, place: Place, options: DbOptions = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const output = { out: (t: string) => out.push(t), err: (t: string) => err.push(t) };
  const code = await dbCommand(dir, place.env, output, options);
  return { code, stdout: out.join(''), stderr: err.join('') };
}

async function query<T>(place: Place, text: string): Promise<T[]> {
  const database = await place.open();
  try {
    return (await sql.raw<T>(text).execute(database.db)).rows;
  } finally {
    await database.close();
  }
}

/** Tables made by a server start from FIELDS, with three notes in them. */
async function started(kind: { make(): Promise<Place> }): Promise<Place> {
  const place = await kind.make();
  const dir = await schemaDir(FIELDS);
  const { resources, menuGroups } = await loadSchemaDir(dir);
  const database = await place.open();
  try {
    await migrateSystemTables(database.db);
    await syncResourceTables(database.db, buildManifest(resources, menuGroups));
    await sql`insert into qa_notes (title, hits, old_code, status) values
      ('one', 1, 'A-1', 0), ('two', 2, 'B-2', 2), ('three', 3, 'C-3', 2)`.execute(database.db);
  } finally {
    await database.close();
  }
  return place;
}

const columnType = (place: Place, column: string) =>
  query<{ type: string }>(
    place,
    `select data_type as type from information_schema.columns
     where table_schema = current_schema() and table_name = 'qa_notes' and column_name = '${column}'`,
  ).then((rows) => rows[0]?.type);

describe.each(kinds)('schema-admin db --apply on $name', (kind) => {
  let place: Place | undefined;
  afterAll(async () => {
    await place?.dispose();
  });

  it('changes nothing without --apply, and widens integer to number with it', async () => {
    await place?.dispose();
    place = await started(kind);
    const dir = await schemaDir({ ...FIELDS, hits: FIELDS.hits.replace('integer', 'number') });
    const plan = await run(dir, place);
    expect(plan.code).toBe(0);
    expect(plan.stdout).toContain('alter table "qa_notes" alter column "hits" type double precision;\n');
    expect(await columnType(place, 'hits')).toBe('integer');

    const applied = await run(dir, place, { apply: true });
    expect(applied).toMatchObject({ code: 0, stderr: '' });
    expect(applied.stdout).toContain('-- applied to ');
    expect(applied.stdout).toContain('alter table "qa_notes" alter column "hits" type double precision;\n');
    expect(await columnType(place, 'hits')).toBe('double precision');
    expect(await query(place, 'select hits from qa_notes order by id')).toEqual([
      { hits: 1 },
      { hits: 2 },
      { hits: 3 },
    ]);
    expect(await run(dir, place)).toMatchObject({
      code: 0,
      stdout: expect.stringContaining('matches the schemas'),
    });
  });

  it('refuses a drop without its flag, hints at a rename, and with the flag backs up first; the backup restores', async () => {
    // a fresh database for each test, whichever ran before
    await place?.dispose();
    place = await started(kind);
    const { oldCode: _gone, ...rest } = FIELDS;
    // oldCode renamed to code in the YAML without `column:`: to the database, a column gone and one added
    const code = '  code:\n    type: string\n    title: { zh: 编码, en: Code }\n    maxLength: 20\n';
    const dir = await schemaDir({ ...rest, code });

    const plan = await run(dir, place);
    expect(plan.code).toBe(1);
    expect(plan.stderr).toContain(
      `  - qa_notes.old_code: column "old_code" of table "qa_notes" has no field in ${dir}/qa/notes.yaml:4:1. ` +
        `If field code (${dir}/qa/notes.yaml:21:3) is this column renamed, keep its data: give the field \`column: old_code\`.`,
    );
    expect(plan.stderr).toContain(
      '    or let this command make it, after a backup: schema-admin db --apply --allow notes.old_code=drop\n',
    );

    const refused = await run(dir, place, { apply: true });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('--allow notes.old_code=drop');
    expect(refused.stderr).toContain('nothing was applied to ');
    expect(await columnType(place, 'old_code')).toBe('character varying');
    expect(await columnType(place, 'code')).toBeUndefined();
    await expect(access(join(place.dataDir, 'backups'))).rejects.toThrow(/ENOENT/);

    await expect(run(dir, place, { apply: true, allow: ['notes.oldCode=drop'] })).rejects.toThrow(
      '--allow notes.oldCode=drop: no such step in the plan; its steps that lose data: notes.old_code=drop',
    );

    const applied = await run(dir, place, { apply: true, allow: ['notes.old_code=drop'] });
    expect(applied.stderr).toBe('');
    expect(applied.code).toBe(0);
    const backups = await readdir(join(place.dataDir, 'backups'));
    expect(backups).toHaveLength(1);
    const backup = join(place.dataDir, 'backups', backups[0]);
    expect(backup).toMatch(
      kind.name === 'pglite' ? /pglite-\d{8}T\d{6}Z\.tar\.gz$/ : /postgres-\d{8}T\d{6}Z\.sql$/,
    );
    expect(applied.stdout).toContain(`-- backup: ${backup}\n-- to undo: schema-admin db --restore ${backup}`);
    expect(applied.stdout).toContain('alter table "qa_notes" drop column "old_code";\n');
    expect(applied.stdout).toContain('alter table "qa_notes" add column if not exists "code" varchar(20);\n');
    expect(await columnType(place, 'old_code')).toBeUndefined();

    const restored = await run(dir, place, { restore: backup });
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain(`-- restored ${backup} into `);
    expect(await query(place, 'select old_code from qa_notes order by id')).toEqual([
      { old_code: 'A-1' },
      { old_code: 'B-2' },
      { old_code: 'C-3' },
    ]);
    expect(await columnType(place, 'code')).toBeUndefined();
  });

  it('asks for a backfill for a required field new to a table with rows, and lists rows an enum option removed leaves', async () => {
    // a fresh database for each test, whichever ran before
    await place?.dispose();
    place = await started(kind);
    const author =
      '  author:\n    type: string\n    title: { zh: 作者, en: Author }\n    required: true\n    maxLength: 50\n';
    const status = FIELDS.status.replace('      - { value: 2, zh: 归档, en: Archived }\n', '');
    const title = FIELDS.title.replace('maxLength: 100', 'maxLength: 4');
    const dir = await schemaDir({ ...FIELDS, title, status, author });

    const plan = await run(dir, place);
    expect(plan.code).toBe(0);
    expect(plan.stderr).toContain(
      `warning: field author (${dir}/qa/notes.yaml:24:3) is required and new, and table "qa_notes" has 3 rows: ` +
        'they would have no author, and none could be saved until given one. Give the field a default in the YAML, ' +
        'or a value for those rows: --apply --backfill notes.author=<value>\n',
    );
    expect(plan.stderr).toContain(
      `warning: field status (${dir}/qa/notes.yaml:21:5) no longer lists 2, which 2 rows of "qa_notes" hold (ids 2, 3): ` +
        'the form cannot show their value. Put the option back, or change those rows first\n',
    );
    expect(plan.stderr).toContain(
      `warning: field title (${dir}/qa/notes.yaml:9:5) allows 4 characters, but 1 row of "qa_notes" holds more (id 3). ` +
        'The column keeps the text; those rows cannot be saved until shortened. Raise maxLength, or shorten them\n',
    );

    const refused = await run(dir, place, { apply: true });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('nothing was applied to ');
    expect(await columnType(place, 'author')).toBeUndefined();

    const applied = await run(dir, place, { apply: true, backfill: ['notes.author=佚名'] });
    expect(applied.code).toBe(0);
    expect(applied.stdout).toContain('-- notes.author: 3 rows given "佚名"\n');
    // the enum warning stays: it is the maintainer's to resolve, and loses nothing meanwhile
    expect(applied.stderr).toContain('no longer lists 2');
    expect(await query(place, 'select author from qa_notes order by id')).toEqual([
      { author: '佚名' },
      { author: '佚名' },
      { author: '佚名' },
    ]);
  });

  it('converts a column to a narrower type only when allowed, and says so when a value does not convert', async () => {
    // a fresh database for each test, whichever ran before
    await place?.dispose();
    place = await started(kind);
    const dir = await schemaDir({
      ...FIELDS,
      oldCode: FIELDS.oldCode.replace('type: string', 'type: integer').replace('    maxLength: 20\n', ''),
    });
    const plan = await run(dir, place);
    expect(plan.code).toBe(1);
    expect(plan.stderr).toContain(`field oldCode in ${dir}/qa/notes.yaml:14:5 now needs a integer column`);
    expect(plan.stderr).toContain('schema-admin db --apply --allow notes.oldCode=retype\n');
    // 'A-1' is no integer: PostgreSQL refuses the conversion and the transaction changes nothing
    const failed = await run(dir, place, { apply: true, allow: ['notes.oldCode=retype'] });
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(
      /^failed: invalid input syntax for type integer: "A-1"; nothing was applied \(the transaction was rolled back\)\n$/,
    );
    expect(await columnType(place, 'old_code')).toBe('character varying');
  });
});

describe.each(kinds.filter((k) => k.name === 'postgresql'))(
  'schema-admin db --apply on $name without pg_dump',
  (kind) => {
    it('saves the rows of the tables it changes, as a script that brings them back beside the live ones', async () => {
      const place = await started(kind);
      try {
        const { oldCode: _gone, ...rest } = FIELDS;
        const dir = await schemaDir(rest);
        const missing = join(work, 'no-pg_dump');
        const applied = await run(
          dir,
          { ...place, env: { ...place.env, PG_DUMP: missing } },
          {
            apply: true,
            allow: ['notes.old_code=drop'],
          },
        );
        expect(applied.code).toBe(0);
        expect(applied.stderr).toBe(
          `warning: only the changed tables' rows were saved: ${missing} is not installed (Debian: apt-get install postgresql-client)\n`,
        );
        const [file] = await readdir(join(place.dataDir, 'backups'));
        expect(file).toMatch(/^postgres-(\d{8}T\d{6}Z)-rows\.sql$/);
        const when = /^postgres-(\w+)-rows/.exec(file)?.[1];
        expect(await columnType(place, 'old_code')).toBeUndefined();
        await exec('psql', [
          '-X',
          '-q',
          '-v',
          'ON_ERROR_STOP=1',
          '-f',
          join(place.dataDir, 'backups', file),
          place.env.DATABASE_URL as string,
        ]);
        expect(
          await query(place, `select id, title, old_code from "backup_${when}_qa_notes" order by id`),
        ).toEqual([
          { id: 1, title: 'one', old_code: 'A-1' },
          { id: 2, title: 'two', old_code: 'B-2' },
          { id: 3, title: 'three', old_code: 'C-3' },
        ]);
      } finally {
        await place.dispose();
      }
    });
  },
);

describe('schema-admin db on a PGlite folder a server holds', () => {
  it('refuses and does nothing', async () => {
    const place = await kinds[0].make();
    const dir = await schemaDir(FIELDS);
    const server = await startPgliteProcess(join(place.dataDir, 'pglite'));
    try {
      await expect(run(dir, place, { apply: true })).rejects.toThrow(
        `the database folder ${join(place.dataDir, 'pglite')} is open in a running schema-admin server; stop the server first`,
      );
      await expect(run(dir, place, { restore: join(work, 'any.tar.gz') })).rejects.toThrow(
        /Nothing was done\.$/,
      );
    } finally {
      await server.stop();
    }
  });
});
