// The generated smoke tests (issue 15): one test per resource of generated/smoke.json, which
// `schema-admin build` writes from the schemas (runtime/schema/smokePlan.ts). Each opens the
// resource's list and, where the plan says the step applies, creates a row from sample values
// through the form, finds it by a filter, edits and deletes it. One browser and one signed-in
// page serve every resource; each test makes its own row, with values unique to the run.
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { SmokePlan } from '../../runtime/schema/smokePlan.ts';
import type { Manifest } from '../../runtime/schema/types.ts';
import { openBrowserPage } from './browser.ts';
import { runSmoke, signIn } from './smokeRun.ts';

const baseUrl = inject('baseUrl');
const adminPassword = inject('adminPassword');
const plan = JSON.parse(await readFile('generated/smoke.json', 'utf8')) as SmokePlan;

let browser: Browser;
let page: Page;

beforeAll(async () => {
  ({ browser, page } = await openBrowserPage());
  await signIn(page, baseUrl, adminPassword);
});

afterAll(async () => {
  await browser?.close();
});

describe('generated smoke tests', () => {
  it('has one for every resource of the manifest', async () => {
    const manifest = JSON.parse(await readFile('generated/manifest.json', 'utf8')) as Manifest;
    expect(plan.resources.map((r) => r.resource)).toEqual(manifest.resources.map((r) => r.name));
  });

  for (const entry of plan.resources) {
    it(`${entry.resource}: ${entry.title}`, async () => {
      await runSmoke(page, baseUrl, entry);
    });
  }
});
