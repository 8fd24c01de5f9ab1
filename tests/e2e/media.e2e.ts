// Uploading a picture through a generated form: a phone photo (a JPEG lying on its side with an
// EXIF orientation, made here with sharp) is picked in the image field, previewed, saved, and
// the list shows its upright thumbnail, never the original photo.
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openBrowserPage, screenshot } from './browser.ts';

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
    await page.getByPlaceholder('用户名').fill('admin');
    await page.getByPlaceholder('密码').fill(adminPassword);
    await page.getByRole('button', { name: /登\s*录/ }).click();
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
    await page.setViewportSize({ width: 360, height: 760 });
    await field.scrollIntoViewIfNeeded();
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
});
