// A rule across fields as an editor meets it: in the school info edit drawer, clearing the
// phone when no email is given shows the schema's message under the field at once, before any
// save, and the save is held; an email takes the message away. Photographed at desktop and
// phone width.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type AdminApi, adminApi } from './adminApi.ts';
import { launchBrowser, screenshot, submitSignIn } from './browser.ts';

const baseUrl = inject('baseUrl');
const adminPassword = inject('adminPassword');
const MESSAGE = '电话和邮箱至少填写一项';

let browser: Browser;
let context: BrowserContext;
let api: AdminApi;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
  api = await adminApi(baseUrl, adminPassword);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

async function openEdit(page: Page, name: string) {
  const list = `/cms/companys?f.companyName=${encodeURIComponent(name)}`;
  await page.goto(`${baseUrl}/#/login?redirect=${encodeURIComponent(list)}`);
  await submitSignIn(page, 'admin', adminPassword);
  const row = page.getByRole('row').filter({ hasText: name }).first();
  await row.getByRole('button', { name: /修\s*改/ }).click();
  const drawer = page.locator('.ant-drawer-section').filter({ hasText: '编辑学校信息' });
  await expect.poll(() => drawer.getByRole('textbox', { name: /学校名称/ }).inputValue()).toBe(name);
  return drawer;
}

describe('a rule across fields in the edit drawer', () => {
  for (const width of [1366, 360]) {
    it(`shows the phone-or-email rule on its field while editing, at ${width} px`, async () => {
      const name = `规则测试学校${width}`;
      await api('POST', '/api/cms/companys', { companyName: name, phone: '0571-1234' });
      const page = await context.newPage();
      await page.setViewportSize({ width, height: width === 360 ? 780 : 860 });
      const drawer = await openEdit(page, name);
      const error = page.locator('#root_phone__error');
      await drawer.getByRole('textbox', { name: /电话/ }).fill('');
      await expect.poll(() => error.textContent()).toContain(MESSAGE);
      await error.scrollIntoViewIfNeeded();
      await screenshot(page, `field-rule-${width}`);
      // the save is held: the drawer stays open with the message, and the row keeps its phone
      await drawer.getByRole('button', { name: /保\s*存/ }).click();
      await expect.poll(() => error.textContent()).toContain(MESSAGE);
      await drawer.getByRole('textbox', { name: /邮箱/ }).fill('office@school.example');
      await expect.poll(async () => (await error.count()) === 0).toBe(true);
      await page.close();
    });
  }
});

describe('a rule between two date-time pickers', () => {
  it('shows the publish-window rule when an unpublish time typed and confirmed with Enter is too early, saving nothing', async () => {
    const title = '规则测试：下线早于发布';
    const category = await api('POST', '/api/cms/contentCategorys', {
      categoryName: '规则测试栏目',
      kind: 0,
    });
    const content = await api('POST', '/api/cms/contents', {
      title,
      categoryId: category.id,
      body: '<p>规则测试正文。</p>',
      publishTime: '2026-06-01 10:00:00',
    });
    const page = await context.newPage();
    const list = `/cms/contents?f.title=${encodeURIComponent(title)}`;
    await page.goto(`${baseUrl}/#/login?redirect=${encodeURIComponent(list)}`);
    await submitSignIn(page, 'admin', adminPassword);
    await page
      .getByRole('row')
      .filter({ hasText: title })
      .first()
      .getByRole('button', { name: /修\s*改/ })
      .click();
    const drawer = page.locator('.ant-drawer-section').filter({ hasText: '编辑内容' });
    await expect.poll(() => drawer.getByRole('textbox', { name: /标题/ }).inputValue()).toBe(title);

    // typed into the picker's box and confirmed with Enter: the picker takes the date, and the
    // form is not submitted by the same key
    const unpublish = drawer.locator('#root_unpublishTime');
    await unpublish.click();
    await unpublish.fill('2026-05-01 10:00:00');
    await unpublish.press('Enter');
    const error = page.locator('#root_unpublishTime__error');
    await expect.poll(() => error.textContent()).toContain('下线时间须晚于发布时间');
    expect(await drawer.isVisible()).toBe(true);
    expect(await api('GET', `/api/cms/contents/${content.id}`)).toMatchObject({ unpublishTime: null });

    // a later time takes the message away
    await unpublish.click();
    await unpublish.fill('2026-07-01 10:00:00');
    await unpublish.press('Enter');
    await expect.poll(async () => (await error.count()) === 0).toBe(true);
    await page.close();
  });
});
