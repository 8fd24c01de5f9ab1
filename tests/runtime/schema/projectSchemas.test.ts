// @vitest-environment node
// The project's own schemas, checked against what the specification asks of the CMS: every
// public call it names is answered, and nothing private is exposed.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSchemaDir } from '../../../runtime/schema/load.ts';
import type { Resource } from '../../../runtime/schema/types.ts';

let resources: Resource[];
const resource = (name: string) => resources.find((r) => r.name === name)!;
const publicCalls = () => resources.flatMap((r) => r.public?.views.map((v) => v.path) ?? []);

beforeAll(async () => {
  const loaded = await loadSchemaDir('schemas');
  expect(loaded.problems).toEqual([]);
  resources = loaded.resources;
});

const CMS = [
  'contents',
  'contentCategorys',
  'pictures',
  'weblinks',
  'weblinkcategorys',
  'websites',
  'companys',
  'webpictures',
  'sourceoffices',
  'reportedmessages',
  'mailboxtypes',
  'mailboxrepliers',
  'areablocks',
];

// spec §7, "Public content service", with {id} where the spec shows an id
const SPEC_PUBLIC_GETS = [
  'areablocks',
  'contents/contentcentre/all',
  'contents/contentcentre/picture',
  'contents',
  'contents/pictures',
  'contents/count',
  'contents/titles/{id}',
  'contents/{id}',
  'contents/picturesbycategoryid',
  'contents/listbycategoryid',
  'contentCategorysTree',
  'contentCategorys',
  'contentCategorys/{id}',
  'contentCategorys/parentid/{id}',
  'contentCategorys/contentlaw',
  'weblinkcategorys',
  'weblinks',
  'websites',
  'companys',
  'webpictures',
  'sourceoffices',
  'reportedmessages',
  'mailboxtypes',
  'mailboxrepliers',
];

describe('the CMS resources', () => {
  it('are each in the cms module and menu, at /api/cms/<name>, published under their own name', () => {
    for (const name of CMS) {
      const r = resource(name);
      expect(r, name).toMatchObject({ module: 'cms', endpoint: `/api/cms/${name}`, menu: { parent: 'cms' } });
      expect(r.public?.path, name).toBe(name);
    }
  });

  it('answer every GET of the public content service the specification names', () => {
    const calls = publicCalls();
    expect(SPEC_PUBLIC_GETS.filter((path) => !calls.includes(path))).toEqual([]);
  });

  it('switch the site theme with a staff action rather than a public GET', () => {
    const change = resource('websites').actions.find((a) => a.name === 'changeTheme');
    expect(change).toMatchObject({
      method: 'PUT',
      path: '/api/cms/websites/changeTheme/{id}',
      permission: 'cms:websites:changeTheme',
      set: { active: true },
    });
    expect(resource('websites').fields.find((f) => f.name === 'active')).toMatchObject({
      exclusive: true,
      readOnly: true,
    });
    expect(publicCalls().some((p) => p.startsWith('websites/changeTheme'))).toBe(false);
  });
});

describe('contents', () => {
  it('publishes only published rows, pinned first, newest first', () => {
    const exposure = resource('contents').public!;
    expect(exposure.where).toEqual({ field: 'status', op: 'eq', value: 1 });
    expect(exposure.sort).toEqual([
      { field: 'pinned', desc: true },
      { field: 'publishTime', desc: true },
    ]);
    expect(exposure.listFields).not.toContain('body');
    expect(exposure.fields).toContain('body');
  });

  it('offers publish on drafts, unpublish on published rows, and export', () => {
    const actions = Object.fromEntries(resource('contents').actions.map((a) => [a.name, a]));
    expect(actions.publish).toMatchObject({ when: { field: 'status', value: 0 }, set: { status: 1 } });
    expect(actions.unpublish).toMatchObject({ when: { field: 'status', value: 1 }, set: { status: 0 } });
    expect(actions.export).toMatchObject({ download: true });
  });

  it('files a content under a category picked from the tree, filtered by title, category, status and date range', () => {
    const contents = resource('contents');
    expect(contents.fields.find((f) => f.name === 'categoryId')).toMatchObject({
      ref: 'contentCategorys',
      refTree: true,
      required: true,
    });
    expect(contents.list.filters).toEqual(
      expect.arrayContaining([
        { field: 'title', op: 'like' },
        { field: 'categoryId', op: 'eq' },
        { field: 'status', op: 'eq' },
        { field: 'publishTime', op: 'range' },
      ]),
    );
  });
});

describe('reportedmessages', () => {
  const PRIVATE = ['reporterName', 'reporterPhone', 'reporterEmail'];

  it("never shows the writer's contact details, though the public sends them", () => {
    const exposure = resource('reportedmessages').public!;
    for (const view of exposure.views) expect(view.fields.filter((f) => PRIVATE.includes(f))).toEqual([]);
    expect(exposure.submit).toEqual(expect.arrayContaining(PRIVATE));
    expect(exposure.where).toEqual({ field: 'publicReply', op: 'eq', value: true });
  });

  it('answers publicly only where the writer agreed', () => {
    const actions = Object.fromEntries(resource('reportedmessages').actions.map((a) => [a.name, a]));
    expect(actions.replyPublicly).toMatchObject({
      when: { field: 'allowPublic', op: 'eq', value: true },
      set: { status: 2, publicReply: true, replyTime: 'now' },
    });
    expect(actions.reply.set).toMatchObject({ publicReply: false });
    expect(actions.handle).toMatchObject({ when: { field: 'status', value: 0 }, set: { status: 1 } });
  });
});

describe('departments and users', () => {
  it('makes departments a tree and gives users a department in the list, filters and form', () => {
    expect(resource('departments')).toMatchObject({ module: 'sys', treeParent: 'parentId' });
    const users = resource('users');
    expect(users.fields.find((f) => f.name === 'dpmtId')).toMatchObject({
      ref: 'departments',
      refLabel: 'dpmtName',
    });
    expect(users.list.columns.map((c) => c.field)).toContain('dpmtId');
    expect(users.list.filters.map((f) => f.field)).toContain('dpmtId');
    expect(users.form.groups.flatMap((g) => g.rows.flat())).toContain('dpmtId');
  });
});
