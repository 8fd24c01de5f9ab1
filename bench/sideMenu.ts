// The categories page's entry in the side menu, reached as a person reaches it, for the browser
// benchmarks that open the page from the menu.
import type { Locator, Page } from 'playwright-core';

/**
 * Opens the side menu's content group and gives its categories entry, once the group's opening
 * animation is over (its frames are not the page's).
 */
export async function categoriesMenuEntry(page: Page): Promise<Locator> {
  await page
    .locator('[data-testid="sidebar"] .ant-menu-submenu-title')
    .filter({ hasText: /^内容管理$/ })
    .click();
  const entry = page
    .locator('[data-testid="sidebar"] li.ant-menu-item:visible')
    .filter({ hasText: /^栏目管理$/ });
  await entry.waitFor();
  await page.waitForFunction(() => !document.querySelector('[data-testid="sidebar"] .ant-motion-collapse'));
  return entry;
}
