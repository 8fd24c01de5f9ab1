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

/** Runs the CLI in a child Node process, the way npm scripts run it (through tsx) or, with bin, as npx does. */
async function cli(args: string[], entry: 'main' | 'bin' = 'main'): Promise<Run> {
  const command = entry === 'main' ? ['--import', 'tsx', 'cli/main.ts'] : ['cli/bin.js'];
  try {
    const { stdout, stderr } = await exec(process.execPath, [...command, ...args]);
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

describe('schema-admin build', () => {
  it('writes the manifest and the OpenAPI document, and --check passes on them and fails once one is stale', async () => {
    const written = await cli(['build', 'schemas', '--out', out]);
    expect(written).toMatchObject({
      code: 0,
      stdout: `wrote ${join(out, 'manifest.json')} and ${join(out, 'openapi.json')} (18 resources)\n`,
    });
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
    const run = await cli(['new', 'cms/notices', '--dir', dir]);
    expect(run).toMatchObject({ code: 0, stdout: `wrote ${join(dir, 'cms/notices.yaml')}\n` });
    const text = await readFile(join(dir, 'cms/notices.yaml'), 'utf8');
    expect(text).toContain('\nmenu: { parent: cms,');
    expect(text).toContain('\nsingular: { zh: notices, en: notices }');
    expect((await cli(['new', 'blog/posts', '--dir', dir])).code).toBe(0);
    expect(await readFile(join(dir, 'blog/posts.yaml'), 'utf8')).toContain('\n# menu: { parent: blog,');
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
