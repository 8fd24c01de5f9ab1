// @vitest-environment node
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const exec = promisify(execFile);

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** An English locale, so that what the CLI says does not depend on the machine's. */
const ENGLISH = { LC_ALL: '', LC_MESSAGES: '', LANG: 'en_US.UTF-8' };

/** Runs the CLI in a child Node process, the way npm scripts run it (through tsx) or, with bin, as npx does. */
async function cli(
  args: string[],
  entry: 'main' | 'bin' = 'main',
  locale: Record<string, string> = ENGLISH,
): Promise<Run> {
  const command = entry === 'main' ? ['--import', 'tsx', 'cli/main.ts'] : ['cli/bin.js'];
  try {
    const { stdout, stderr } = await exec(process.execPath, [...command, ...args], {
      env: { ...process.env, ...locale },
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

let out: string;
beforeAll(async () => {
  out = await mkdtemp(join(tmpdir(), 'schema-admin-cli-'));
});
afterAll(async () => {
  await rm(out, { recursive: true, force: true });
});

describe('schema-admin validate', () => {
  it('passes the project schemas with exit 0', async () => {
    const run = await cli(['validate', 'schemas']);
    expect(run).toMatchObject({ code: 0, stdout: 'schemas: 18 resources, no problems\n' });
  });

  it('prints every problem as file:line:col and exits 1', async () => {
    const run = await cli(['validate', 'tests/fixtures/schemas/unknown-column']);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe(
      'tests/fixtures/schemas/unknown-column/cms/news.yaml:14:16: list.columns[1].field: list column "statsu" is not a declared field; declared: name, status (did you mean "status"?)\n' +
        '1 problem in 1 file\n',
    );
  });

  it('gives the problems as JSON with --format json', async () => {
    const run = await cli(['validate', 'tests/fixtures/schemas/bad-field-type', '--format', 'json']);
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout);
    expect(report.resources).toBe(0);
    expect(report.problems).toEqual([
      expect.objectContaining({
        file: 'tests/fixtures/schemas/bad-field-type/cms/news.yaml',
        line: 5,
        col: 17,
        path: 'fields.name.type',
      }),
    ]);
  });

  it('exits 2 for a folder that does not exist, an unknown option value or an unknown command', async () => {
    const missing = await cli(['validate', 'no/such/folder']);
    expect(missing).toMatchObject({
      code: 2,
      stderr: 'schema-admin: schema folder not found: no/such/folder\n',
    });
    expect((await cli(['validate', '--format', 'xml'])).code).toBe(2);
    expect((await cli(['frobnicate'])).code).toBe(2);
  });

  it('runs through the package bin as npx does', async () => {
    const run = await cli(['validate'], 'bin');
    expect(run).toMatchObject({ code: 0, stdout: 'schemas: 18 resources, no problems\n' });
  });
});

/** Every line `validate` prints for a fixture folder, with <dir> standing for the folder. */
async function validateFixture(
  fixture: string,
  args: string[] = [],
): Promise<{ code: number; lines: string[] }> {
  const dir = `tests/fixtures/schemas/${fixture}`;
  const run = await cli(['validate', dir, ...args]);
  return { code: run.code, lines: run.stdout.replaceAll(dir, '<dir>').trimEnd().split('\n') };
}

// One fixture folder per class of mistake that would break a page; each line is file:line:col,
// the key path, what was found and what was expected.
describe('schema-admin validate: mistakes that would break a page', () => {
  it('reports defaults that do not fit their field', async () => {
    expect(await validateFixture('default-mismatch')).toEqual({
      code: 1,
      lines: [
        '<dir>/cms/news.yaml:5:48: fields.name.default: default "headline" is longer than maxLength 5',
        '<dir>/cms/news.yaml:6:55: fields.code.default: default "abc" does not match the pattern ^[A-Z]+$',
        '<dir>/cms/news.yaml:7:47: fields.hits.default: default -1 is less than minimum 0',
        '<dir>/cms/news.yaml:8:35: fields.rank.default: default "first" does not fit a field of type integer; expected a whole number',
        '<dir>/cms/news.yaml:9:37: fields.pinned.default: default "yes" does not fit a field of type boolean; expected true or false',
        '<dir>/cms/news.yaml:12:14: fields.status.default: default 3 is not one of the options: 0, 1',
        '<dir>/cms/news.yaml:16:39: fields.publishDate.default: default "today" is not a date; expected a date such as 2026-11-01 (a default is a fixed value, not a word such as today or now)',
        '<dir>/cms/news.yaml:17:35: fields.endDate.default: default "2026-02-30" is not a date; expected a date such as 2026-11-01 (a default is a fixed value, not a word such as today or now)',
        '<dir>/cms/news.yaml:18:34: fields.email.default: default "nobody" is not a valid email address',
        '9 problems in 1 file',
      ],
    });
  });

  it('reports filter kinds the field type cannot serve', async () => {
    expect(await validateFixture('filter-op')).toEqual({
      code: 1,
      lines: [
        '<dir>/cms/news.yaml:14:28: list.filters[0].op: a range filter cannot serve "status", a field of type enum; expected one of: eq, in',
        '<dir>/cms/news.yaml:15:26: list.filters[1].op: a range filter cannot serve "name", a field of type string; expected one of: like, eq, in',
        '<dir>/cms/news.yaml:16:26: list.filters[2].op: a like filter cannot serve "hits", a field of type integer; expected one of: eq, range, in',
        '<dir>/cms/news.yaml:17:16: list.filters[3].field: filter "hits" is already listed at list.filters[2]',
        '4 problems in 1 file',
      ],
    });
  });

  it('reports a list column, filter or form entry listed twice', async () => {
    expect(await validateFixture('listed-twice')).toEqual({
      code: 1,
      lines: [
        '<dir>/cms/news.yaml:12:36: list.columns[2].field: list column "name" is already listed at list.columns[0]',
        '<dir>/cms/news.yaml:13:27: list.filters[2]: filter "status" is already listed at list.filters[1]',
        '<dir>/cms/news.yaml:17:27: form.groups[1].layout[0][1]: form entry "name" is already listed at form.groups[0].layout[0]',
        '3 problems in 1 file',
      ],
    });
  });

  it('reports icon names the side menu has no icon for, and takes image addresses', async () => {
    const expected =
      'expected an icon name from docs/schema.md ("Menu icons"), or an image address (http://, https:// or /)';
    expect(await validateFixture('unknown-icon')).toEqual({
      code: 1,
      lines: [
        `<dir>/_menus.yaml:3:9: cms.icon: no icon is named "settings"; ${expected} (did you mean "setting"?)`,
        `<dir>/cms/news.yaml:4:28: menu.icon: no icon is named "usr"; ${expected} (did you mean "user"?)`,
        '2 problems in 2 files',
      ],
    });
  });

  it('reports names that collide once they are database identifiers', async () => {
    expect(await validateFixture('column-clash')).toEqual({
      code: 1,
      lines: [
        '<dir>/cms/news.yaml:4:8: table: table pg_news is a name PostgreSQL keeps for itself (pg_*, information_schema); choose another table name',
        '<dir>/cms/news.yaml:7:3: fields.userID: column user_id is already the column of the field "userId"; give one of them another name or column',
        '<dir>/cms/news.yaml:8:33: fields.code.column: column id is one every table has (id, create_time, update_time, version); give the field another name or column',
        '<dir>/cms/news.yaml:9:3: fields.createTime: column create_time is the time every table keeps; to show it declare "createTime" as { type: datetime, readOnly: true }, or give the field another name or column',
        '<dir>/cms/news.yaml:11:3: fields.theNameOfTheOfficeThatFirstPublishedThisArticleOnTheSchoolWebsite: column name the_name_of_the_office_that_first_published_this_article_on_the_school_website is 78 bytes; PostgreSQL cuts names at 63 bytes: choose a shorter one',
        "<dir>/cms/sessions.yaml:1:11: resource: table sys_sessions is one of the server's own tables (made by its migrations); choose another table name",
        '6 problems in 2 files',
      ],
    });
  });

  it('reads .yml files as .yaml ones, and warns about a file it does not read', async () => {
    expect(await validateFixture('yml-and-ignored')).toEqual({
      code: 0,
      lines: [
        '<dir>/cms/notices.json:1:1: warning: not read: only .yaml and .yml files are schemas; rename it or move it out of the schema folder',
        '<dir>: 2 resources, no problems',
      ],
    });
    const json = await cli(['validate', 'tests/fixtures/schemas/yml-and-ignored', '--format', 'json']);
    expect(JSON.parse(json.stdout)).toMatchObject({
      resources: 2,
      problems: [],
      warnings: [{ file: 'tests/fixtures/schemas/yml-and-ignored/cms/notices.json', line: 1, col: 1 }],
    });
  });

  it('names both files of a clash and points at the one that comes last in the folder', async () => {
    expect(await validateFixture('file-clash')).toEqual({
      code: 1,
      lines: [
        '<dir>/cms/posts.yml:4:11: endpoint: endpoint /api/cms/news is already used in <dir>/cms/news.yaml:1:11',
        '1 problem in 1 file',
      ],
    });
  });

  it('tells YAML syntax errors in plain words, one problem per mistake', async () => {
    expect(await validateFixture('yaml-syntax')).toEqual({
      code: 1,
      lines: [
        '<dir>/cms/indent.yaml:7:4: "required" is indented 3 spaces, which lines up with no key above it: indent it 4 spaces to line up with "type", or 2 spaces to line up with "name", or 0 spaces to line up with "fields"',
        '<dir>/cms/tab.yaml:5:1: the line of "name" is indented with a tab; YAML indents with spaces only: replace the tab with spaces',
        '<dir>/cms/twice.yaml:5:25: the key "type" is already given at line 5 in this mapping: keep one of them',
        '<dir>/cms/twice.yaml:6:1: the key "module" is already given at line 2 in this mapping: keep one of them',
        '<dir>/cms/unclosed.yaml:3:8: the { opened in the value of "title" at line 3, column 8 is never closed: end it with }',
        '5 problems in 4 files',
      ],
    });
  });

  it('speaks Chinese with --lang zh', async () => {
    const expected = [
      '<dir>/cms/tab.yaml:5:1: “name” 这一行用了制表符缩进；YAML 只能用空格缩进：请把制表符换成空格',
      '<dir>/cms/twice.yaml:5:25: 键 “type” 已在本映射的第 5 行出现：请只保留一个',
    ];
    const byFlag = await validateFixture('yaml-syntax', ['--lang', 'zh']);
    expect(byFlag.lines).toEqual(expect.arrayContaining(expected));
    expect(byFlag.lines.at(-1)).toBe('4 个文件中有 5 个问题');
  });

  it('speaks Chinese for every rule, the cross-checks and the meta-schema too', async () => {
    expect((await validateFixture('unknown-column', ['--lang', 'zh'])).lines).toEqual([
      '<dir>/cms/news.yaml:14:16: list.columns[1].field: 列表列 “statsu” 不是已声明的字段；已声明：name, status（是否想写 “status”？）',
      '1 个文件中有 1 个问题',
    ]);
    expect((await validateFixture('unknown-key', ['--lang', 'zh'])).lines[0]).toBe(
      '<dir>/cms/news.yaml:12:3: list.colums: 未知的键 “colums”；应为以下之一：columns, filters, sort, pageSize, tree（是否想写 “columns”？）',
    );
  });

  it("speaks the locale's language without --lang: LC_ALL, then LC_MESSAGES, then LANG", async () => {
    const dir = 'tests/fixtures/schemas/yml-and-ignored';
    const byLocale = await cli(['validate', dir], 'main', {
      LC_ALL: '',
      LC_MESSAGES: 'zh_CN.UTF-8',
      LANG: 'en_US.UTF-8',
    });
    expect(byLocale.stdout).toBe(
      `${dir}/cms/notices.json:1:1: 警告: 未读取：只有 .yaml、.yml 文件是 schema；请改扩展名，或移出 schema 目录\n${dir}：2 个资源，没有问题\n`,
    );
    // LC_ALL wins over the others
    const english = await cli(['validate', dir], 'main', { LC_ALL: 'C', LANG: 'zh_CN.UTF-8' });
    expect(english.stdout).toContain(': warning: not read');
  });

  it('takes --lang over the locale, and only zh or en', async () => {
    const dir = 'tests/fixtures/schemas/yml-and-ignored';
    expect((await cli(['validate', dir, '--lang', 'en'], 'main', { LANG: 'zh_CN.UTF-8' })).stdout).toContain(
      ': warning: not read',
    );
    expect((await cli(['validate', dir, '--lang', 'fr'])).code).toBe(2);
  });

  it('reports a rule across fields naming an undeclared field, with the nearest name', async () => {
    const declared = 'declared: name, phone, email, startDate, endDate';
    expect(await validateFixture('rule-unknown-field')).toEqual({
      code: 1,
      lines: [
        `<dir>/cms/news.yaml:11:30: rules[0].after: rule field "startDat" is not a declared field; ${declared} (did you mean "startDate"?)`,
        `<dir>/cms/news.yaml:12:22: rules[1].anyOf[1]: rule field "emial" is not a declared field; ${declared} (did you mean "email"?)`,
        `<dir>/cms/news.yaml:13:43: rules[2].when: condition "phnoe" is not a declared field; ${declared} (did you mean "phone"?)`,
        '3 problems in 1 file',
      ],
    });
  });

  it('reports a rule comparing values of different kinds, or requiring a read-only field', async () => {
    const kinds = 'both must be dates or times, or both numbers';
    expect(await validateFixture('rule-not-comparable')).toEqual({
      code: 1,
      lines: [
        `<dir>/cms/news.yaml:12:30: rules[1].after: after compares "endTime" (datetime) with "name" (string); ${kinds}`,
        `<dir>/cms/news.yaml:13:31: rules[2].notBefore: notBefore compares "rank" (integer) with "startDate" (date); ${kinds}`,
        '<dir>/cms/news.yaml:14:14: rules[3].field: "createTime" is read-only: no write sets it, so a rule cannot require it or put its message there',
        '3 problems in 1 file',
      ],
    });
  });

  it('reports a rule that is not one check on a named field, in English and in Chinese', async () => {
    const checks = 'after, notBefore, anyOf, required';
    expect(await validateFixture('rule-shape')).toEqual({
      code: 1,
      lines: [
        `<dir>/cms/news.yaml:11:5: rules[0]: a rule makes exactly one check of ${checks}; this one says after, required`,
        `<dir>/cms/news.yaml:12:5: rules[1]: a rule makes exactly one check of ${checks}; this one makes none`,
        '<dir>/cms/news.yaml:13:5: rules[2]: a rule with after names the field it is about: field: <a field name>',
        '<dir>/cms/news.yaml:14:37: rules[3].field: the message of an anyOf rule goes on one of its fields; "name" is not among phone, email',
        "<dir>/cms/news.yaml:15:30: rules[4].after: after compares the rule's field with another field, not with itself",
        '5 problems in 1 file',
      ],
    });
    const zh = await validateFixture('rule-shape', ['--lang', 'zh']);
    expect(zh.lines[0]).toBe(
      `<dir>/cms/news.yaml:11:5: rules[0]: 每条规则只做 ${checks} 中的一项检查；这条写了 after, required`,
    );
    expect(zh.lines.at(-1)).toBe('1 个文件中有 5 个问题');
  });
});

describe('schema-admin build', () => {
  it('writes the manifest, the OpenAPI document and the smoke plan, and --check passes on them and fails once one is stale', async () => {
    const written = await cli(['build', 'schemas', '--out', out]);
    expect(written).toMatchObject({
      code: 0,
      stdout: `wrote ${join(out, 'manifest.json')}, ${join(out, 'openapi.json')} and ${join(out, 'smoke.json')} (18 resources)\n`,
    });
    const smoke = await readFile(join(out, 'smoke.json'), 'utf8');
    expect(smoke).toBe(await readFile('generated/smoke.json', 'utf8'));
    const manifest = await readFile(join(out, 'manifest.json'), 'utf8');
    expect(manifest).toBe(await readFile('generated/manifest.json', 'utf8'));
    const openapi = await readFile(join(out, 'openapi.json'), 'utf8');
    expect(openapi).toBe(await readFile('generated/openapi.json', 'utf8'));

    expect((await cli(['build', 'schemas', '--out', out, '--check'])).code).toBe(0);
    await writeFile(join(out, 'manifest.json'), manifest.replace('用户管理', '用户'));
    const stale = await cli(['build', 'schemas', '--out', out, '--check']);
    expect(stale.code).toBe(1);
    expect(stale.stderr).toContain('manifest.json is stale');

    await writeFile(join(out, 'manifest.json'), manifest);
    await writeFile(join(out, 'openapi.json'), openapi.replace('"3.1.0"', '"3.0.0"'));
    const staleDoc = await cli(['build', 'schemas', '--out', out, '--check']);
    expect(staleDoc.code).toBe(1);
    expect(staleDoc.stderr).toContain('openapi.json is stale');
    expect(staleDoc.stderr).not.toContain('manifest.json');

    await writeFile(join(out, 'openapi.json'), openapi);
    await writeFile(join(out, 'smoke.json'), smoke.replace('"list": true', '"list": false'));
    const stalePlan = await cli(['build', 'schemas', '--out', out, '--check']);
    expect(stalePlan.code).toBe(1);
    expect(stalePlan.stderr).toContain('smoke.json is stale');
  });

  it('does not build from schemas with problems', async () => {
    const run = await cli(['build', 'tests/fixtures/schemas/duplicate-name', '--out', out]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('resource name "news" is already used');
  });
});

describe('schema-admin new', () => {
  it('writes a starter that validates, in the menu group of its module when there is one', async () => {
    const dir = join(out, 'new-ok');
    await cp('schemas', dir, { recursive: true });
    const run = await cli(['new', 'cms/notices', '--dir', dir, '--title', '通知公告']);
    expect(run).toMatchObject({ code: 0, stdout: `wrote ${join(dir, 'cms/notices.yaml')}\n` });
    const text = await readFile(join(dir, 'cms/notices.yaml'), 'utf8');
    // the CMS schemas' conventions: a Chinese title, a <noun>Name label, orderNum arranged by hand,
    // the read-only creation time, and the next place in the module's menu group (the last is 13)
    expect(text).toContain('\ntitle: { zh: 通知公告, en: Notices }');
    expect(text).toContain('\nsingular: { zh: 通知公告, en: Notice }');
    expect(text).toContain('\nmenu: { parent: cms, icon: file, order: 14 }');
    expect(text).toContain('\n  noticeName:\n    type: string\n');
    expect(text).toContain('\n  orderNum:');
    expect(text).toContain('\n  createTime:\n    type: datetime\n');
    expect(text).toContain('\norder: orderNum');
    expect(text).toContain('\nactions: [create, update, delete, batchDelete, reorder]\n');
    const untitled = await cli(['new', 'blog/posts', '--dir', dir, '--title-en', 'Blog: posts']);
    expect(untitled).toMatchObject({
      code: 0,
      stdout:
        `wrote ${join(dir, 'blog/posts.yaml')}\n` +
        'its title is 待命名: write the Chinese title in title.zh, or pass --title 通知公告\n',
    });
    const posts = await readFile(join(dir, 'blog/posts.yaml'), 'utf8');
    expect(posts).toContain('\n# menu: { parent: blog,');
    expect(posts).toContain('\ntitle: { zh: 待命名, en: "Blog: posts" }');
    expect(await cli(['validate', dir])).toMatchObject({
      code: 0,
      stdout: `${dir}: 20 resources, no problems\n`,
    });
  });

  it('reports a clash with an existing resource and exits 1', async () => {
    const dir = join(out, 'new-clash');
    await cp('schemas', dir, { recursive: true });
    const run = await cli(['new', 'cms/users', '--dir', dir]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('resource name "users" is already used');
  });

  it('refuses a malformed name or an existing file with exit 2', async () => {
    const bad = await cli(['new', 'Cms/notices', '--dir', 'schemas']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('expected <module>/<resource>');
    const existing = await cli(['new', 'sys/users', '--dir', 'schemas']);
    expect(existing).toMatchObject({
      code: 2,
      stderr: 'schema-admin: schemas/sys/users.yaml already exists\n',
    });
  });
});
