// A resource added as YAML only (issue 3): a server started on a copy of schemas/ plus
// tests/fixtures/schemas/notices, and the same built app, which reads its resources from that
// server. The notices page, its menu entry, list and form exist with no code written for them,
// and so does its generated smoke test (issue 15), which runs here as generated/smoke.json's
// entries run in tests/e2e/smoke.e2e.ts.
import { rm } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSchemaDir } from '../../runtime/schema/load.ts';
import { buildManifest } from '../../runtime/schema/manifest.ts';
import { buildSmokePlan } from '../../runtime/schema/smokePlan.ts';
import { schemasWithNotices } from '../fixtures/addNoticesResource.ts';
import { openBrowserPage, openFromMenu, pickOption, screenshot, submitSignIn } from './browser.ts';
import { ADMIN_PASSWORD } from './globalSetup.ts';
import { type ServerProcess, startServerProcess } from './serverProcess.ts';
import { runSmoke, signIn } from './smokeRun.ts';

let schemaDir: string;
let server: ServerProcess;
let browser: Browser;
let page: Page;
/** the addresses of the scripts the page asked for, in order */
const scripts: string[] = [];
const FORM_CODE = /\/assets\/ResourceForm-[^/]*\.js$/;
const DIALOGS_CODE = /\/assets\/dialogs-[^/]*\.js$/;

beforeAll(async () => {
  schemaDir = await schemasWithNotices();
  server = await startServerProcess({ ADMIN_PASSWORD, SCHEMA_DIR: schemaDir });
  ({ browser, page } = await openBrowserPage());
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await rm(schemaDir, { recursive: true, force: true });
});

describe('a resource added as YAML only', () => {
  it('has a menu entry that opens its generated list, with its columns and filters', async () => {
    await page.goto(`${server.baseUrl}/#/login`);
    await submitSignIn(page, 'admin', ADMIN_PASSWORD);
    await page.waitForURL(/#\/dashboard/);
    await openFromMenu(page, '内容管理', '通知公告');
    // the hash changes without a document load, so the address is polled rather than awaited
    await expect.poll(() => page.url()).toContain('#/cms/notices');
    const headers = page.locator('thead th');
    await expect
      .poll(() => headers.allTextContents())
      .toEqual(expect.arrayContaining(['标题', '发布日期', '发布人', '状态', '操作']));
    expect(await page.getByPlaceholder('请输入标题').count()).toBe(1);
    expect(await page.getByTestId('breadcrumb').textContent()).toContain('通知公告');
    // a new table: the list is empty, and says so
    expect(await page.locator('.ant-table-placeholder').textContent()).toMatch(/暂无数据/);
    // the list's code came, and neither the form's nor the dialogs' (its drawer among them): they
    // load when one is about to open
    expect(scripts.some((url) => /\/assets\/list-[^/]*\.js$/.test(url))).toBe(true);
    expect(scripts.filter((url) => FORM_CODE.test(url) || DIALOGS_CODE.test(url))).toEqual([]);
  });

  it('creates a notice through its generated form, and the public service lists it once published', async () => {
    const create = page.getByRole('button', { name: /新\s*增/ });
    // the pointer on the create button asks for the form's code and the drawer's, before the click
    const formCode = page.waitForRequest((request) => FORM_CODE.test(request.url()));
    const dialogsCode = page.waitForRequest((request) => DIALOGS_CODE.test(request.url()));
    await create.hover();
    await Promise.all([formCode, dialogsCode]);
    await create.click();
    const drawer = page.locator('.ant-drawer-open .ant-drawer-section');
    await drawer.waitFor();
    expect(await drawer.textContent()).toContain('新增通知公告');
    await drawer.locator('#root_title').fill('  期末考试安排  ');
    await drawer.locator('#root_publishDate').click();
    await drawer.locator('#root_publishDate').fill('2026-11-20');
    await page.keyboard.press('Enter');
    await pickOption(drawer, 'root_authorId', '系统管理员');
    await drawer.locator('#root_status').click();
    await page.locator('.ant-select-dropdown:visible').getByText('已发布').click();
    await drawer.locator('.tiptap').click();
    await page.keyboard.type('各年级期末考试于十二月举行。');
    await screenshot(page, 'notices-01-form');
    await drawer.getByRole('button', { name: /保\s*存/ }).click();

    const row = page.getByRole('row').filter({ hasText: '期末考试安排' });
    await row.waitFor();
    // the title trimmed, the date as the schema's type, the ref by its label, the enum by its text
    expect(await row.locator('td').allTextContents()).toEqual(
      expect.arrayContaining(['期末考试安排', '2026-11-20', '系统管理员', '已发布']),
    );
    await screenshot(page, 'notices-02-list');

    const answer = await fetch(`${server.baseUrl}/api/cms/web/notices`);
    const body = (await answer.json()) as { data: { rows: Array<Record<string, unknown>> } };
    expect(body.data.rows).toEqual([
      { id: expect.any(Number), title: '期末考试安排', publishDate: '2026-11-20' },
    ]);
  });

  it('gets a generated smoke test, which creates, finds, edits and deletes a notice', async () => {
    const { resources, menuGroups } = await loadSchemaDir(schemaDir);
    const plan = buildSmokePlan(buildManifest(resources, menuGroups));
    const entry = plan.resources.find((e) => e.resource === 'notices');
    expect(entry).toMatchObject({ list: true, filter: { field: 'title' }, delete: { action: '删除' } });
    const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
    const smokePage = await context.newPage();
    await signIn(smokePage, server.baseUrl, ADMIN_PASSWORD);
    await runSmoke(smokePage, server.baseUrl, entry!);
    await context.close();
  });
});
