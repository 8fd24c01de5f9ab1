// Uploading a picture through a generated form: a phone photo (a JPEG lying on its side with an
// EXIF orientation, made here with sharp) is picked in the image field, previewed, saved, and
// the list shows its upright thumbnail, never the original photo. Then the same picture is
// chosen from the media library for another record, without uploading it again. Last, a
// document attached to a content in its form is downloadable by a visitor without a session
// while the content is published, and is a 404 once it is unpublished; a screenshot pasted into
// its body is uploaded, and the article's body gives a visitor its working address.
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminApi } from './adminApi.ts';
import { openBrowserPage, resizeAndShow, screenshot, submitSignIn } from './browser.ts';

const baseUrl = inject('baseUrl');
const adminPassword = inject('adminPassword');

let browser: Browser;
let page: Page;

beforeAll(async () => {
  ({ browser, page } = await openBrowserPage());
});
afterAll(async () => {
  await browser?.close();
});

/** 600 × 300 as stored, orientation 6: upright it is 300 wide and 600 high. */
async function phonePhoto(): Promise<Buffer> {
  const svg = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="300"><rect width="600" height="300" fill="#1d4e89"/><rect width="300" height="300" fill="#e8a33d"/></svg>',
  );
  return sharp(svg).jpeg().withMetadata({ orientation: 6 }).toBuffer();
}

describe('pictures uploaded in a form', () => {
  it('uploads a photo into the image field, previews it, and the list shows its upright thumbnail', async () => {
    await page.goto(`${baseUrl}/#/login`);
    await submitSignIn(page, 'admin', adminPassword);
    await page.waitForURL(/#\/dashboard/);
    await page.goto(`${baseUrl}/#/cms/pictures`);
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const drawer = page.locator('.ant-drawer-open .ant-drawer-section');
    await drawer.waitFor();
    await drawer.locator('#root_title').fill('校门口');
    const field = drawer.getByTestId('upload-image');
    await field.locator('input[type="file"]').setInputFiles({
      name: 'phone.jpg',
      mimeType: 'image/jpeg',
      buffer: await phonePhoto(),
    });
    const preview = field.locator('img');
    await preview.waitFor();
    expect(await preview.getAttribute('src')).toMatch(/^\/uploads\/[0-9a-f]{32}\.jpg$/);
    await screenshot(page, 'media-01-upload-field-1366');
    await resizeAndShow(page, 360, 760, field);
    await screenshot(page, 'media-02-upload-field-360');
    await page.setViewportSize({ width: 1366, height: 860 });

    await drawer.getByRole('button', { name: /保\s*存/ }).click();
    const row = page.getByRole('row').filter({ hasText: '校门口' });
    await row.waitFor();
    const thumb = row.locator('img');
    await thumb.waitFor();
    expect(await thumb.getAttribute('src')).toMatch(/^\/uploads\/[0-9a-f]{32}_thumb\.webp$/);
    // loaded, and upright: 120 × 240 (the longer side 240)
    await expect
      .poll(() => thumb.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]))
      .toEqual([120, 240]);
    await screenshot(page, 'media-03-list-thumbnail');
  });

  it('chooses the uploaded picture from the media library for another record', async () => {
    const first = page.getByRole('row').filter({ hasText: '校门口' }).locator('img');
    const thumbnail = await first.getAttribute('src');
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const drawer = page.locator('.ant-drawer-open .ant-drawer-section');
    await drawer.waitFor();
    await drawer.locator('#root_title').fill('校门口（再用）');
    await drawer.getByRole('button', { name: '从媒体库选择' }).click();
    const dialog = page.getByRole('dialog', { name: '媒体库' });
    await dialog.waitFor();
    // newest first: the photo uploaded above, by its original name
    const tile = dialog.getByRole('button', { name: 'phone.jpg' }).first();
    await tile.waitFor();
    expect(await tile.locator('img').getAttribute('src')).toBe(thumbnail);
    await expect
      .poll(() => tile.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await screenshot(page, 'media-04-library-1366');
    await page.setViewportSize({ width: 360, height: 760 });
    await screenshot(page, 'media-05-library-360');
    await dialog.getByText('未使用的文件').click();
    await dialog.getByText('这些文件没有被任何数据使用（最近上传的除外）。').waitFor();
    // every file here is in use or new (the grace period): the list, once loaded, is empty
    await dialog.getByText('没有找到文件').waitFor();
    await screenshot(page, 'media-06-library-unused-360');
    await dialog.getByText('全部文件').click();
    await page.setViewportSize({ width: 1366, height: 860 });
    await tile.click();
    await dialog.waitFor({ state: 'hidden' });
    const preview = drawer.getByTestId('upload-image').locator('img');
    await preview.waitFor();
    const chosen = await preview.getAttribute('src');
    expect(chosen).toBe(thumbnail?.replace('_thumb.webp', '.jpg'));
    await drawer.getByRole('button', { name: /保\s*存/ }).click();
    const row = page.getByRole('row').filter({ hasText: '校门口（再用）' });
    await row.waitFor();
    expect(await row.locator('img').getAttribute('src')).toBe(thumbnail);
  });
});

describe('the attachment of a published content', () => {
  it('is attached in the form, downloaded by a visitor while published, and a 404 once unpublished', async () => {
    const api = await adminApi(baseUrl, adminPassword);
    const title = '期末考试安排';
    const category = await api('POST', '/api/cms/contentCategorys', {
      categoryName: '通知公告（附件）',
      kind: 0,
    });
    const content = await api('POST', '/api/cms/contents', {
      title,
      categoryId: category.id,
      body: '<p>考试安排见附件。</p>',
      publishTime: new Date(Date.now() - 60_000).toISOString(),
    });
    await page.goto(`${baseUrl}/#/cms/contents?f.title=${encodeURIComponent(title)}`);
    await page
      .getByRole('row')
      .filter({ hasText: title })
      .first()
      .getByRole('button', { name: /修\s*改/ })
      .click();
    const drawer = page.locator('.ant-drawer-section').filter({ hasText: '编辑内容' });
    await expect.poll(() => drawer.getByRole('textbox', { name: /标题/ }).inputValue()).toBe(title);
    // the attachment sits with the body, on the form's second tab
    await drawer.getByRole('tab', { name: '正文' }).click();
    const pdf = Buffer.from(
      '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
    );
    // a screenshot pasted into the body lands as an uploaded picture, never as data: in the text
    const editor = drawer.locator('.ProseMirror');
    await editor.click();
    const screenshotPng = await sharp({
      create: { width: 40, height: 30, channels: 3, background: '#3a7d44' },
    })
      .png()
      .toBuffer();
    await editor.evaluate((element, bytes) => {
      const data = new DataTransfer();
      data.items.add(new File([new Uint8Array(bytes)], 'screenshot.png', { type: 'image/png' }));
      element.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    }, Array.from(screenshotPng));
    const pasted = editor.locator('img[src^="/uploads/"]');
    await pasted.waitFor();
    expect(await editor.locator('img[src^="data:"]').count()).toBe(0);
    const field = drawer.getByTestId('upload-attachment');
    await field.locator('input[type="file"]').setInputFiles({
      name: '考试安排.pdf',
      mimeType: 'application/pdf',
      buffer: pdf,
    });
    // the stored name (32 hex digits) replaces the progress bar once the upload is done
    await field.getByText(/^[0-9a-f]{32}\.pdf$/).waitFor();
    await field.scrollIntoViewIfNeeded();
    await screenshot(page, 'media-07-attachment-field-1366');
    await resizeAndShow(page, 360, 760, field);
    await screenshot(page, 'media-08-attachment-field-360');
    await page.setViewportSize({ width: 1366, height: 860 });
    await drawer.getByRole('button', { name: /保\s*存/ }).click();
    await drawer.waitFor({ state: 'hidden' });
    await api('PUT', `/api/cms/contents/publish/${content.id}`, {});

    // a visitor: no session, only the public service's answer
    const published = await fetch(`${baseUrl}/api/cms/web/contents/${content.id}`);
    expect(published.status).toBe(200);
    const address = ((await published.json()) as { data: { attachment: string } }).data.attachment;
    expect(address).toMatch(/^\/api\/cms\/web\/files\/[0-9a-f]{32}\.pdf$/);
    const file = await fetch(`${baseUrl}${address}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true);
    // the pasted picture, as the article's body gives it, loads for a visitor too
    const body = (
      (await (await fetch(`${baseUrl}/api/cms/web/contents/${content.id}`)).json()) as {
        data: { body: string };
      }
    ).data.body;
    const picture = /<img[^>]* src="([^"]+)"/.exec(body)?.[1];
    expect(picture).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
    const image = await fetch(`${baseUrl}${picture}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\//);

    await api('PUT', `/api/cms/contents/unpublish/${content.id}`, {});
    expect((await fetch(`${baseUrl}${address}`)).status).toBe(404);
  });
});
