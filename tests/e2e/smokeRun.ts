// Runs one resource's generated smoke test (runtime/schema/smokePlan.ts) on a signed-in page:
// the list opens; a row made of the plan's sample values is created through the form, found by
// the plan's filter, edited and deleted. Every wait is for an element or an answer. A failure
// names the resource, the step and what the page showed (a field's error, a toast).
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { expect } from 'vitest';
import {
  isSmokeSkip,
  RUN_DIGITS,
  RUN_TOKEN,
  type SmokeEntry,
  type SmokeValue,
} from '../../runtime/schema/smokePlan.ts';
import { actUntil, submitSignIn } from './browser.ts';

/** Two numbers of the run: the made row's values, and the edited value. Unique per run. */
export function runNumbers(): { made: string; edited: string } {
  const modulo = 10 ** RUN_DIGITS;
  const made = Date.now() % modulo;
  const pad = (n: number) => String(n).padStart(RUN_DIGITS, '0');
  return { made: pad(made), edited: pad((made + modulo / 2) % modulo) };
}

const fill = (template: string, run: string) => template.replaceAll(RUN_TOKEN, run);

let png: Buffer | undefined;
/** A small picture every image field's upload rules take. */
async function samplePng(): Promise<Buffer> {
  png ??= await sharp({ create: { width: 32, height: 24, channels: 3, background: '#1d4e89' } })
    .png()
    .toBuffer();
  return png;
}

/** Signs in as the administrator through the login page. */
export async function signIn(page: Page, baseUrl: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/#/login`);
  await submitSignIn(page, 'admin', password);
  await page.waitForURL(/#\/dashboard/);
}

// Pages opened before stay in the DOM, hidden (kept-alive tabs): every locator keeps to what shows.
const visibleRows = (page: Page) => page.locator('.ant-table-tbody:visible tr.ant-table-row');
const drawerOf = (page: Page) => page.locator('.ant-drawer-open .ant-drawer-section');

/** The form's field errors and the error toasts now showing, as one text ('' when none). */
async function shownErrors(page: Page, drawer: Locator): Promise<string> {
  const fields = await drawer.locator('.ant-form-item-explain-error').allTextContents();
  const toasts = await page.locator('.ant-message-error').allTextContents();
  return [...fields, ...toasts].filter((t) => t.trim() !== '').join('; ');
}

/** Saves the drawer's form and waits for it to close; a field error or an error toast fails at once, naming it. */
async function save(page: Page): Promise<void> {
  const drawer = drawerOf(page);
  await drawer.getByRole('button', { name: /保\s*存/ }).click();
  await expect
    .poll(
      async () => {
        if ((await drawer.count()) === 0) return 'closed';
        const errors = await shownErrors(page, drawer);
        return errors === '' ? 'saving' : `refused: ${errors}`;
      },
      { message: 'the form should close after 保存' },
    )
    .not.toBe('saving');
  if ((await drawer.count()) > 0) throw new Error(`the save was refused: ${await shownErrors(page, drawer)}`);
}

async function showTab(drawer: Locator, tab: string | undefined): Promise<void> {
  if (tab === undefined) return;
  const button = drawer.getByRole('tab', { name: tab, exact: true });
  if ((await button.getAttribute('aria-selected')) !== 'true') await button.click();
}

/** Waits for a picked dropdown to be gone, so the next picker's dropdown is the only one showing. */
async function closed(dropdown: Locator): Promise<void> {
  await expect.poll(() => dropdown.count(), { message: 'the dropdown should close once picked' }).toBe(0);
}

/** Enters one sample value as a person would, by the control the field's type draws. */
async function enter(page: Page, value: SmokeValue, run: string): Promise<void> {
  const drawer = drawerOf(page);
  await showTab(drawer, value.tab);
  const control = drawer.locator(`#root_${value.field}`);
  const dropdown = page.locator('.ant-select-dropdown:visible');
  switch (value.input) {
    case 'type':
      await control.fill(fill(value.value!, run));
      return;
    case 'richtext':
      await control.click();
      await page.keyboard.type(fill(value.value!, run));
      return;
    case 'date': {
      // typed, then taken from the picker's panel: Enter in the field would also submit the form
      await control.click();
      await control.fill(value.value!);
      const panel = page.locator('.ant-picker-dropdown:visible');
      // the panel drawn before its OK is looked for: a date-time picker takes the value on OK
      // alone, and a panel not yet shown sent the pick to the cell, leaving the field empty
      await panel.waitFor();
      const ok = panel.locator('.ant-picker-ok button');
      if ((await ok.count()) > 0) await ok.click();
      else await panel.locator('.ant-picker-cell-selected').click();
      await closed(panel);
      await expect.poll(() => control.inputValue()).toBe(value.value);
      return;
    }
    case 'option':
      await control.click();
      await dropdown.getByText(value.value!, { exact: true }).click();
      await closed(dropdown);
      return;
    case 'firstRef':
    case 'firstTreeRef': {
      const entry =
        value.input === 'firstRef' ? '.ant-select-item-option' : '.ant-select-tree-node-content-wrapper';
      // the options arrive from the server after the picker opens, and a list redrawn as they do
      // can swallow a click: picked once the control holds a value, else opened and clicked again
      const chosen = drawer
        .locator('.ant-select')
        .filter({ has: page.locator(`#root_${value.field}`) })
        .locator('.ant-select-content-has-value, .ant-select-selection-item');
      await actUntil(
        `the first entry of ${value.label} should be picked`,
        async () => (await chosen.count()) > 0,
        async () => {
          if ((await dropdown.count()) === 0) await control.click();
          await dropdown.locator(entry).first().click();
        },
      );
      // a tree picker may stay open after a pick: a click on the drawer's title closes it
      if ((await dropdown.count()) > 0) await page.locator('.ant-drawer-open .ant-drawer-title').click();
      await closed(dropdown);
      return;
    }
    case 'upload': {
      const field = drawer.getByTestId(`upload-${value.field}`);
      await field
        .locator('input[type="file"]')
        .setInputFiles({ name: 'smoke.png', mimeType: 'image/png', buffer: await samplePng() });
      // uploaded: the preview shows the stored file
      await field.locator('.ant-upload-list-item-done, img').first().waitFor();
      return;
    }
  }
}

/** Types `text` into the filter and searches; waits until the list shows what `expected` says. */
async function search(page: Page, label: string, text: string): Promise<void> {
  const bar = page.locator('form[role="search"]:visible');
  await bar.getByRole('textbox', { name: label, exact: true }).fill(text);
  await bar.getByRole('button', { name: /搜\s*索/ }).click();
}

/** The visible rows' texts once the list holds exactly the rows with `text` (none or one). */
async function expectRows(page: Page, text: string, count: 0 | 1): Promise<void> {
  await expect
    .poll(
      async () => {
        const rows = await visibleRows(page).allTextContents();
        return { rows: rows.length, matching: rows.filter((r) => r.includes(text)).length };
      },
      { message: `the list should show ${count} row(s), ${count} of them with "${text}"` },
    )
    .toEqual({ rows: count, matching: count });
}

/** Runs a row's action by its title: a link on the row, or an item of its "More" menu; confirms when asked. */
async function rowAction(page: Page, row: Locator, title: string, confirm: boolean): Promise<void> {
  // antd puts a space between the two characters of a two-character Chinese button
  const name = new RegExp(`^${title.split('').join('\\s*')}$`);
  const link = row.getByRole('button', { name });
  await row.getByRole('button').first().waitFor();
  if ((await link.count()) > 0) await link.click();
  else {
    await row.getByRole('button', { name: /更\s*多/ }).click();
    await page.getByRole('menuitem', { name: title }).click();
  }
  if (confirm) {
    await page
      .locator('.ant-popover:visible')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
  }
}

/** One resource's smoke test, every step that applies, on a page signed in as the administrator. */
export async function runSmoke(page: Page, baseUrl: string, entry: SmokeEntry): Promise<void> {
  const step = { name: 'list' };
  try {
    await runSteps(page, baseUrl, entry, step);
  } catch (error) {
    // a wait that gave up says what it waited for; this says in which step of which resource
    if (error instanceof Error)
      error.message = `${entry.title} (${entry.resource}), step ${step.name}: ${error.message}`;
    throw error;
  }
}

async function runSteps(
  page: Page,
  baseUrl: string,
  entry: SmokeEntry,
  step: { name: string },
): Promise<void> {
  const { made, edited } = runNumbers();
  if (isSmokeSkip(entry.list)) return;

  // the list opens: its table, filled from the server (a row, or the empty placeholder)
  step.name = 'list';
  await page.goto(`${baseUrl}/#${entry.route}`);
  await page
    .locator('.ant-table-tbody tr.ant-table-row:visible, .ant-table-tbody tr.ant-table-placeholder:visible')
    .first()
    .waitFor();
  await expect
    .poll(() => page.locator('[data-list-table]:visible .ant-spin-spinning').count(), {
      message: 'the table should finish loading',
    })
    .toBe(0);
  await expect
    .poll(() => page.getByTestId('breadcrumb').textContent(), { message: 'the breadcrumb names the page' })
    .toContain(entry.title);

  if (isSmokeSkip(entry.create)) return;
  step.name = 'create';
  await page
    .locator('button:visible')
    .filter({ hasText: /^新\s*增$/ })
    .click();
  await drawerOf(page).locator('form').waitFor();
  for (const value of entry.create.values) {
    step.name = `create, field ${value.label} (${value.field})`;
    await enter(page, value, made);
  }
  step.name = 'create, save';
  await save(page);

  if (isSmokeSkip(entry.filter)) return;
  const filter = entry.filter;
  step.name = `filter by ${filter.label}`;
  const createdFilterValue = entry.create.values.find((v) => v.field === filter.field)!;
  const found = fill(createdFilterValue.value!, made);
  await search(page, filter.label, found);
  await expectRows(page, found, 1);

  let shown = found;
  if (!isSmokeSkip(entry.edit)) {
    const edit = entry.edit;
    step.name = `edit ${edit.label}`;
    await rowAction(page, visibleRows(page).filter({ hasText: found }), edit.action, false);
    const drawer = drawerOf(page);
    await drawer.locator('form').waitFor();
    await showTab(drawer, edit.tab);
    const control = drawer.locator(`#root_${edit.field}`);
    // the form holds the saved row before it is changed
    await expect
      .poll(() => control.inputValue(), { message: 'the form shows the saved value' })
      .toBe(fill(edit.value, made));
    const changed = fill(edit.value, edited);
    await control.fill(changed);
    await save(page);
    step.name = `edit ${edit.label}: the row shows the new value`;
    if (edit.field === filter.field) {
      // found again by its new value
      await search(page, filter.label, changed);
      shown = changed;
    }
    await expectRows(page, changed, 1);
  }

  if (isSmokeSkip(entry.delete)) return;
  step.name = 'delete';
  await rowAction(page, visibleRows(page).filter({ hasText: shown }), entry.delete.action, true);
  await expectRows(page, shown, 0);
}
