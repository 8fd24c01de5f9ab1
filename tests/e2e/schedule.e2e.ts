// Scheduling as an editor does it: a published content's publish time is set an hour ahead in
// its edit form (typed into the date picker, confirmed with Enter). The list tags it 已排期 with
// the time and the public content service answers 404 for it. Then the time is brought a few
// seconds ahead by a save (a loaded machine may take longer than a few seconds over the form, so
// the form sets a time no delay reaches), and once the database's clock passes it the service
// serves the content, with no job having to run first; the moment itself is recorded in the audit
// log by the job queue. The test waits for those events, each with a ceiling.
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type AdminApi, adminApi } from './adminApi.ts';
import { launchBrowser, screenshot, submitSignIn } from './browser.ts';

const baseUrl = inject('baseUrl');
const adminPassword = inject('adminPassword');
const TITLE = '排期测试：校园开放日通知';

let browser: Browser;
let context: BrowserContext;
let api: AdminApi;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1366, height: 860 }, timezoneId: 'Asia/Shanghai' });
  api = await adminApi(baseUrl, adminPassword);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

/** `YYYY-MM-DD HH:mm:ss` in Beijing time, as the picker takes it. */
function beijing(at: Date): string {
  return new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

const publicStatus = async (id: number) => (await fetch(`${baseUrl}/api/cms/web/contents/${id}`)).status;

describe('a content scheduled from its form', () => {
  it('is tagged scheduled, hidden from the public until its time, then served, and the moment is logged', async () => {
    const category = await api('POST', '/api/cms/contentCategorys', {
      categoryName: '排期测试栏目',
      kind: 0,
    });
    const content = await api('POST', '/api/cms/contents', {
      title: TITLE,
      categoryId: category.id,
      body: '<p>开放日安排。</p>',
      publishTime: '2026-01-01 08:00:00',
    });
    await api('PUT', `/api/cms/contents/publish/${content.id}`, {});
    expect(await publicStatus(content.id)).toBe(200);

    const page = await context.newPage();
    const list = `/cms/contents?f.title=${encodeURIComponent(TITLE)}`;
    await page.goto(`${baseUrl}/#/login?redirect=${encodeURIComponent(list)}`);
    await submitSignIn(page, 'admin', adminPassword);
    const row = page.getByRole('row').filter({ hasText: TITLE }).first();
    await row.getByRole('button', { name: /修\s*改/ }).click();
    const drawer = page.locator('.ant-drawer-section').filter({ hasText: '编辑内容' });
    await expect.poll(() => drawer.getByRole('textbox', { name: /标题/ }).inputValue()).toBe(TITLE);

    // an hour ahead by the server's clock, which the database's follows
    const serverNow = async () =>
      new Date((await fetch(`${baseUrl}/api/cms/web/contents?page=1&limit=1`)).headers.get('date')!);
    const at = beijing(new Date((await serverNow()).getTime() + 3_600_000));
    const publishTime = drawer.locator('#root_publishTime');
    await publishTime.click();
    await publishTime.fill(at);
    await publishTime.press('Enter');
    await expect.poll(() => publishTime.inputValue()).toBe(at);
    await drawer.getByRole('button', { name: /保\s*存/ }).click();
    await drawer.waitFor({ state: 'hidden' });

    // the list says it is scheduled, with its time; the public service does not serve it
    await row.getByText('已排期').waitFor();
    await screenshot(page, 'schedule-01-list-tag-1366');
    expect(await publicStatus(content.id)).toBe(404);

    // brought a few seconds ahead by a save
    const stored = await api('GET', `/api/cms/contents/${content.id}`);
    await api('PUT', `/api/cms/contents/${content.id}`, {
      title: stored.title,
      categoryId: stored.categoryId,
      body: stored.body,
      publishTime: new Date((await serverNow()).getTime() + 3_000).toISOString(),
      version: stored.version,
    });

    // the time passes: served at once, by the database's clock
    await expect.poll(() => publicStatus(content.id)).toBe(200);
    // and the job queue records the moment, once, with no user
    await expect
      .poll(async () => {
        const log = await api('GET', `/api/sys/auditLog?page=1&limit=20&resource=contents&action=published`);
        return (log.rows as Array<{ target: string; userName: string | null }>).filter(
          (entry) => entry.target === String(content.id),
        );
      })
      .toEqual([expect.objectContaining({ target: String(content.id), userName: null })]);

    await page.reload();
    await page.getByRole('row').filter({ hasText: TITLE }).first().waitFor();
    expect(await page.getByRole('row').filter({ hasText: TITLE }).first().getByText('已排期').count()).toBe(
      0,
    );
    await page.close();
  });
});
