// @vitest-environment node
import { rm } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { loadSchemaDir } from '../../../runtime/schema/load.ts';
import { buildManifest } from '../../../runtime/schema/manifest.ts';
import {
  buildSmokePlan,
  isSmokeSkip,
  RUN_TOKEN,
  type SmokeValue,
  smokeEntry,
} from '../../../runtime/schema/smokePlan.ts';
import type { Resource } from '../../../runtime/schema/types.ts';
import { schemasWithNotices } from '../../fixtures/addNoticesResource.ts';

async function projectResources(): Promise<Resource[]> {
  const { resources, menuGroups, problems } = await loadSchemaDir('schemas');
  expect(problems).toEqual([]);
  return buildManifest(resources, menuGroups).resources;
}

const byName = (resources: Resource[], name: string) => resources.find((r) => r.name === name)!;

describe('the smoke plan', () => {
  it('gives every resource an entry, in the manifest order', async () => {
    const resources = await projectResources();
    expect(buildSmokePlan({ resources }).resources.map((e) => e.resource)).toEqual(
      resources.map((r) => r.name),
    );
  });

  it('gives a resource added as YAML alone the whole round: create, filter, edit, delete', async () => {
    const dir = await schemasWithNotices();
    try {
      const { resources } = await loadSchemaDir(dir);
      const entry = smokeEntry(byName(resources, 'notices'));
      expect(entry).toEqual({
        resource: 'notices',
        title: '通知公告',
        route: '/cms/notices',
        list: true,
        create: {
          values: [
            // in the form's order: title, [publishDate, authorId], status, body
            { field: 'title', label: '标题', input: 'type', value: `冒烟 ${RUN_TOKEN}` },
            { field: 'publishDate', label: '发布日期', input: 'date', value: '2026-11-20' },
            { field: 'body', label: '正文', input: 'richtext', value: `冒烟 ${RUN_TOKEN}` },
          ],
        },
        filter: { field: 'title', label: '标题', op: 'like' },
        edit: { action: '修改', field: 'title', label: '标题', input: 'type', value: `冒烟 ${RUN_TOKEN}` },
        delete: { action: '删除' },
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('makes every typed value fit its field: length, the field pattern and the type pattern', async () => {
    const resources = await projectResources();
    let checked = 0;
    for (const entry of buildSmokePlan({ resources }).resources) {
      if (isSmokeSkip(entry.create)) continue;
      const resource = byName(resources, entry.resource);
      for (const value of entry.create.values.filter((v: SmokeValue) => v.input === 'type')) {
        const field = resource.fields.find((f) => f.name === value.field)!;
        for (const run of ['00000000', '99999999']) {
          const text = value.value!.replaceAll(RUN_TOKEN, run);
          expect(text.length, `${entry.resource}.${field.name}`).toBeLessThanOrEqual(field.maxLength ?? 1e6);
          expect(text.length, `${entry.resource}.${field.name}`).toBeGreaterThanOrEqual(field.minLength ?? 0);
          if (field.pattern)
            expect(text, `${entry.resource}.${field.name}`).toMatch(new RegExp(field.pattern, 'u'));
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(50);
    // a pattern the first candidate does not fit: the next one that does
    const users = smokeEntry(byName(resources, 'users'));
    expect(
      isSmokeSkip(users.create) ? [] : users.create.values.find((v) => v.field === 'userName'),
    ).toMatchObject({
      value: `smoke_${RUN_TOKEN}`,
    });
  });

  it('fills the required fields on other tabs, picks references, uploads required pictures and leaves defaults alone', async () => {
    const resources = await projectResources();
    const contents = smokeEntry(byName(resources, 'contents'));
    const values = isSmokeSkip(contents.create) ? [] : contents.create.values;
    expect(values.find((v) => v.field === 'body')).toEqual({
      field: 'body',
      label: '正文',
      tab: '正文',
      input: 'richtext',
      value: `冒烟 ${RUN_TOKEN}`,
    });
    expect(values.find((v) => v.field === 'categoryId')?.input).toBe('firstTreeRef');
    // the 正文 tab comes after every field of the 基本信息 tab, so each tab is opened once
    expect(values.map((v) => v.tab)).toEqual(
      [...values.filter((v) => v.tab === '基本信息'), ...values.filter((v) => v.tab === '正文')].map(
        (v) => v.tab,
      ),
    );
    // a link's address shows only for a link, which the form does not start as
    expect(values.map((v) => v.field)).not.toContain('linkUrl');
    expect(values.map((v) => v.field)).not.toContain('pinned');
    const pictures = smokeEntry(byName(resources, 'pictures'));
    expect(isSmokeSkip(pictures.create) ? [] : pictures.create.values.map((v) => v.input)).toContain(
      'upload',
    );
    const repliers = smokeEntry(byName(resources, 'mailboxrepliers'));
    expect(
      isSmokeSkip(repliers.create) ? [] : repliers.create.values.filter((v) => v.input === 'firstRef'),
    ).toHaveLength(2);
  });

  it('edits a field an update may write: a user name is set once, so the real name changes', async () => {
    const users = smokeEntry(byName(await projectResources(), 'users'));
    expect(users.filter).toEqual({ field: 'userName', label: '用户名', op: 'like' });
    expect(users.edit).toMatchObject({ field: 'realName' });
  });

  it('says why a step does not apply instead of leaving it out', async () => {
    const resources = await projectResources();
    expect(smokeEntry(byName(resources, 'auditLog'))).toMatchObject({
      list: true,
      create: { skip: 'no create action' },
      filter: { skip: 'no row is made' },
      delete: { skip: 'no row is made' },
    });
    const users = byName(resources, 'users');
    const impossible: Resource = {
      ...users,
      fields: users.fields.map((f) => (f.name === 'realName' ? { ...f, pattern: '^x$' } : f)),
    };
    expect(smokeEntry(impossible).create).toEqual({
      skip: 'required field realName (string): no sample text fits its length and pattern',
    });
    const noFilter: Resource = { ...users, list: { ...users.list, filters: [] } };
    expect(smokeEntry(noFilter)).toMatchObject({
      filter: { skip: expect.stringContaining('no text filter') },
      edit: { skip: expect.stringContaining('no text filter') },
      delete: { skip: expect.stringContaining('no text filter') },
    });
    const noDelete: Resource = { ...users, actions: users.actions.filter((a) => a.name !== 'delete') };
    expect(smokeEntry(noDelete).delete).toEqual({ skip: 'no delete action' });
    const noMenu: Resource = { ...users, menu: undefined };
    expect(smokeEntry(noMenu).list).toEqual({ skip: 'no menu entry, so no list page' });
  });
});
