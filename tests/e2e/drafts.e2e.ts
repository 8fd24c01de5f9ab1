// A published content edited as a draft, as an editor meets it: the new title typed in the edit
// drawer is saved as the draft by itself while the public content service keeps serving the old
// title; the list tags the row; the drawer opens the draft again with its bar; 预览 shows the
// draft as the public site would get it; 发布草稿 makes the public service serve the new title.
// The draft bar and the preview are photographed at desktop and phone width.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type AdminApi, adminApi } from './adminApi.ts';
import { launchBrowser, screenshot, submitSignIn } from './browser.ts';

const baseUrl = inject('baseUrl');
const adminPassword = inject('adminPassword');
const TITLE = '草稿测试';
const OLD = `${TITLE}：已发布的标题`;
const NEW = `${TITLE}：草稿中的新标题`;

let browser: Browser;
let context: BrowserContext;
let api: AdminApi;

async function signIn(page: Page): Promise<void> {
  const list = `/cms/contents?f.title=${encodeURIComponent(TITLE)}`;
  await page.goto(`${baseUrl}/#/login?redirect=${encodeURIComponent(list)}`);
  await submitSignIn(page, 'admin', adminPassword);
  await page.getByRole('row').filter({ hasText: TITLE }).first().waitFor();
}

/** The title the public content service serves for the content, as a visitor's browser gets it. */
async function publicTitle(id: number): Promise<string> {
  const answer = await fetch(`${baseUrl}/api/cms/web/contents/${id}`);
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { data: { title: string } }).data.title;
}

async function openEdit(page: Page, listed: string, holds: string): Promise<Locator> {
  await page
    .getByRole('row')
    .filter({ hasText: listed })
    .first()
    .getByRole('button', { name: /修\s*改/ })
    .click();
  const drawer = page.locator('.ant-drawer-section').filter({ hasText: '编辑内容' });
  await expect.poll(() => drawer.getByRole('textbox', { name: /标题/ }).inputValue()).toBe(holds);
  return drawer;
}

/** Waits until no popup is still moving in, so a screenshot shows it as it stays. */
async function settled(page: Page) {
  const moving = page.locator('[class*="-appear"], [class*="-enter"]');
  await expect.poll(() => moving.count()).toBe(0);
}

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
  api = await adminApi(baseUrl, adminPassword);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('a published content edited as a draft', () => {
  it('keeps the public title until the draft is published, previews the draft, then publishes it', async () => {
    const category = await api('POST', '/api/cms/contentCategorys', {
      categoryName: '草稿测试栏目',
      kind: 0,
    });
    const content = await api('POST', '/api/cms/contents', {
      title: OLD,
      categoryId: category.id,
      body: '<p>学校举行秋季运动会，全体师生参加。</p>',
      publishTime: '2026-01-01 10:00:00',
    });
    await api('PUT', `/api/cms/contents/publish/${content.id}`, {});
    expect(await publicTitle(content.id)).toBe(OLD);

    const page = await context.newPage();
    await signIn(page);
    // the pointer on the row's edit link asks for the form's code and, as the contents' form
    // draws the rich-text editor, the editor's, before the click
    const code = (name: string) =>
      page.waitForRequest((request) => new RegExp(`/assets/${name}-[^/]*\\.js$`).test(request.url()));
    const asked = Promise.all([code('ResourceForm'), code('RichTextEditor')]);
    await page
      .getByRole('row')
      .filter({ hasText: OLD })
      .first()
      .getByRole('button', { name: /修\s*改/ })
      .hover();
    await asked;
    let drawer = await openEdit(page, OLD, OLD);
    const bar = drawer.getByTestId('draft-bar');
    await bar.getByText(/修改会自动保存为草稿/).waitFor();
    await drawer.getByRole('textbox', { name: /标题/ }).fill(NEW);
    // saved by itself, a moment after the typing stopped
    await bar.getByText('已自动保存').waitFor();
    await bar.getByText(/正在编辑草稿（保存于 刚刚）/).waitFor();
    expect(await publicTitle(content.id)).toBe(OLD);
    expect(await api('GET', `/api/cms/contents/${content.id}`)).toMatchObject({ title: OLD });
    await settled(page);
    await screenshot(page, 'drafts-01-draft-bar-1366');

    // closing keeps the draft without asking: it is saved
    await drawer.getByRole('button', { name: /取\s*消/ }).click();
    await drawer.waitFor({ state: 'hidden' });
    const row = page.getByRole('row').filter({ hasText: OLD }).first();
    await row.getByText('有草稿').waitFor();
    expect(await row.getByText('有草稿').isVisible()).toBe(true);
    await settled(page);
    await screenshot(page, 'drafts-02-list-tag-1366');

    // opened again, the form holds the draft
    drawer = await openEdit(page, OLD, NEW);
    await drawer
      .getByTestId('draft-bar')
      .getByText(/正在编辑草稿/)
      .waitFor();

    // the preview shows the draft as the public site would get it, without publishing it
    await drawer.getByRole('button', { name: /预\s*览/ }).click();
    const detail = page.getByTestId('news-detail');
    await detail.getByRole('heading', { name: NEW }).waitFor();
    await detail.getByText('网站可见').waitFor();
    await settled(page);
    await screenshot(page, 'drafts-03-preview-1366');
    await detail.getByText('当前内容').click();
    await detail.getByRole('heading', { name: OLD }).waitFor();
    expect(await publicTitle(content.id)).toBe(OLD);

    await page.setViewportSize({ width: 360, height: 780 });
    await detail.getByText('草稿', { exact: true }).first().click();
    await detail.getByRole('heading', { name: NEW }).waitFor();
    await settled(page);
    await screenshot(page, 'drafts-04-preview-360');

    // the switch replaced the address: one step back is the list, its page kept as it was left
    // (the shell keeps its open pages), the drawer still open on the draft
    await page.goBack();
    await expect.poll(() => drawer.getByRole('textbox', { name: /标题/ }).inputValue()).toBe(NEW);
    await drawer
      .getByTestId('draft-bar')
      .getByText(/正在编辑草稿/)
      .waitFor();
    // no settling wait here: a drawer shown again with its kept page keeps antd's appear classes
    await screenshot(page, 'drafts-05-draft-bar-360');
    await page.setViewportSize({ width: 1366, height: 860 });

    await drawer
      .getByTestId('draft-bar')
      .getByRole('button', { name: /发布草稿/ })
      .click();
    const confirm = page.locator('.ant-popover').filter({ hasText: '发布后网站即显示草稿的内容' });
    await confirm.getByRole('button', { name: /确\s*定/ }).click();
    await drawer.waitFor({ state: 'hidden' });
    await page.getByText('草稿已发布').waitFor();
    expect(await publicTitle(content.id)).toBe(NEW);
    expect(await api('GET', `/api/cms/contents/${content.id}/draft`)).toBeNull();
    const published = page.getByRole('row').filter({ hasText: NEW }).first();
    await published.waitFor();
    expect(await published.getByText('有草稿').count()).toBe(0);
  });
});
