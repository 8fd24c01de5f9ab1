// @vitest-environment node
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatProblem } from '../../../runtime/schema/formatProblem.ts';
import { loadSchemaDir, loadSchemaTexts } from '../../../runtime/schema/load.ts';

const FIXTURES = 'tests/fixtures/schemas';

// One fixture folder per rule; each holds exactly one mistake, reported at the key or value at fault.
// [fixture, file, line, col, key path, message]; <dir> stands for the fixture folder.
const CASES: Array<[string, string, number, number, string, string]> = [
  [
    'bad-condition',
    'cms/news.yaml',
    16,
    11,
    'actions[0].when',
    'cannot read condition "status === 0"; expected "field == value", "field != value", "field in [a, b]", "field not in [a, b]", "field" or "!field"',
  ],
  [
    'bad-field-name',
    'cms/news.yaml',
    6,
    3,
    'fields.Body_text',
    '"Body_text" is not valid; expected a camelCase name: a lower-case letter, then letters and digits',
  ],
  [
    'bad-field-type',
    'cms/news.yaml',
    5,
    17,
    'fields.name.type',
    '"strng" is not allowed; expected one of: string, text, richtext, password, integer, number, boolean, enum, date, datetime, ref, tree-parent, image, avatar, file, url, email, phone, json (did you mean "string"?)',
  ],
  [
    'condition-value',
    'cms/news.yaml',
    16,
    11,
    'actions[0].when',
    '"2" is not a value of the enum field "status"; expected one of: 0, 1',
  ],
  [
    'duplicate-call',
    'cms/notices.yaml',
    12,
    5,
    'actions[0]',
    'call PUT /api/cms/publish/{id} is already used in <dir>/cms/news.yaml:12:5',
  ],
  ['duplicate-enum-value', 'cms/news.yaml', 9, 18, 'fields.status.options[1].value', 'duplicate value 0'],
  [
    'duplicate-key',
    'cms/news.yaml',
    4,
    1,
    '',
    'the key "module" is already given at line 2 in this mapping: keep one of them',
  ],
  [
    'duplicate-name',
    'sys/news.yaml',
    1,
    11,
    'resource',
    'resource name "news" is already used in <dir>/cms/news.yaml:1:11',
  ],
  ['enum-without-options', 'cms/news.yaml', 6, 5, 'fields.kind.options', 'missing required key "options"'],
  ['incomplete-action', 'cms/news.yaml', 12, 5, 'actions[0].method', 'missing required key "method"'],
  [
    'exclusive-not-boolean',
    'cms/news.yaml',
    11,
    25,
    'fields.code.exclusive',
    '"exclusive" applies only to boolean fields, not string',
  ],
  [
    'version-field',
    'cms/news.yaml',
    6,
    3,
    'fields.edition',
    '"version" is the row version every resource has; give the field another name and column',
  ],
  [
    'index-on-body',
    'cms/news.yaml',
    6,
    34,
    'fields.body.index',
    '"body" is of type richtext, which an index cannot serve',
  ],
  [
    'indexes-unknown-field',
    'cms/news.yaml',
    8,
    12,
    'indexes[0][1]',
    'index field "publishTme" is not a declared field; declared: name, publishTime (did you mean "publishTime"?)',
  ],
  [
    'key-for-other-type',
    'cms/news.yaml',
    5,
    25,
    'fields.name.maximum',
    '"maximum" applies only to integer and number fields, not string',
  ],
  ['missing-title', 'cms/news.yaml', 1, 1, 'title', 'missing required key "title"'],
  [
    'order-bad-group',
    'cms/news.yaml',
    10,
    10,
    'order.group',
    '"tags" (json) cannot group rows; a group is a single ref, tree-parent, enum, string, integer or boolean field',
  ],
  [
    'order-not-integer',
    'cms/news.yaml',
    7,
    8,
    'order',
    'the order field "rank" is of type string; a position is an integer field',
  ],
  [
    'order-unknown-field',
    'cms/news.yaml',
    7,
    17,
    'order.field',
    'order field "ordreNum" is not a declared field; declared: name, orderNum (did you mean "orderNum"?)',
  ],
  [
    'public-by-without-id',
    'cms/news.yaml',
    15,
    34,
    'public.views[0].by',
    'a view with `by` needs {id} in its path',
  ],
  [
    'public-duplicate-call',
    'cms/notices.yaml',
    10,
    15,
    'public.views[0].path',
    'public call GET news/{id} is already used in <dir>/cms/news.yaml:12:9',
  ],
  [
    'public-hidden-view-field',
    'cms/news.yaml',
    15,
    40,
    'public.views[0].fields[1]',
    '"status" is not in public.fields, so the public may not see it',
  ],
  [
    'public-tree-view',
    'cms/news.yaml',
    15,
    32,
    'public.views[0].shape',
    'a tree view needs a tree-parent field',
  ],
  [
    'public-unknown-submit',
    'cms/news.yaml',
    14,
    18,
    'public.submit[1]',
    'public submit field "titel" is not a declared field; declared: name, status',
  ],
  [
    'reorder-without-order',
    'cms/news.yaml',
    9,
    5,
    'actions[1]',
    "reorder moves rows within the resource's order; declare `order:` with the integer field that holds each row's position",
  ],
  [
    'row-action-without-id',
    'cms/news.yaml',
    15,
    11,
    'actions[0].path',
    'a row action acts on one row, so its path needs {id}',
  ],
  [
    'set-bad-value',
    'cms/news.yaml',
    16,
    20,
    'actions[0].set.status',
    '"3" is not a value of the enum field "status"; expected one of: 0, 1',
  ],
  [
    'set-on-standard',
    'cms/news.yaml',
    13,
    26,
    'actions[1].set',
    '"set" applies only to custom actions, not update',
  ],
  [
    'set-toolbar',
    'cms/news.yaml',
    16,
    10,
    'actions[0].set',
    'an action that sets values acts on rows, so its scope is row or batch, not toolbar',
  ],
  [
    'set-unknown-field',
    'cms/news.yaml',
    16,
    20,
    'actions[0].set.stauts',
    'action set field "stauts" is not a declared field; declared: name, status (did you mean "status"?)',
  ],
  [
    'write-permission-unknown',
    'cms/news.yaml',
    6,
    83,
    'fields.ownerIds.writePermission',
    'names no action of news: declare an action "assignOwners" (its permission is cms:news:assignOwners)',
  ],
  [
    'syntax-error',
    'cms/news.yaml',
    3,
    8,
    '',
    'the { opened in the value of "title" at line 3, column 8 is never closed: end it with }',
  ],
  [
    'tree-parent-elsewhere',
    'cms/news.yaml',
    11,
    39,
    'fields.parentId.ref',
    'a tree-parent field refers to its own resource "news", not "categories"',
  ],
  [
    'undeclared-menu',
    'cms/news.yaml',
    11,
    17,
    'menu.parent',
    'menu group "cmd" is not declared in _menus.yaml; declared: cms (did you mean "cms"?)',
  ],
  [
    'unfilterable',
    'cms/news.yaml',
    13,
    19,
    'list.filters[1]',
    '"cover" is of type image, which cannot be filtered',
  ],
  [
    'unknown-action-field',
    'cms/news.yaml',
    17,
    12,
    'actions[1].form[0]',
    'action form field "nmae" is not a declared field; declared: name, status (did you mean "name"?)',
  ],
  [
    'unknown-column',
    'cms/news.yaml',
    14,
    16,
    'list.columns[1].field',
    'list column "statsu" is not a declared field; declared: name, status (did you mean "status"?)',
  ],
  [
    'unknown-form-entry',
    'cms/news.yaml',
    13,
    14,
    'form.layout[0][1]',
    'form entry "titel" is not a declared field; declared: name, status',
  ],
  [
    'unknown-key',
    'cms/news.yaml',
    12,
    3,
    'list.colums',
    'unknown key "colums"; expected one of: columns, filters, sort, pageSize, tree (did you mean "columns"?)',
  ],
  [
    'unknown-ref',
    'cms/news.yaml',
    11,
    33,
    'fields.categoryId.ref',
    'no resource is named "categorys" (did you mean "categories"?)',
  ],
  [
    'publish-not-date',
    'cms/news.yaml',
    4,
    16,
    'publish.at',
    'publish.at must name a date or datetime field; "name" is string',
  ],
  [
    'open-with-path',
    'cms/news.yaml',
    11,
    11,
    'actions[1].path',
    '"path" does not apply to an action that opens a page (open: /newsConfig?id={id})',
  ],
  [
    'relative-not-time',
    'cms/news.yaml',
    10,
    22,
    'list.columns[1].relative',
    'relative applies to a date or datetime column; "name" is string',
  ],
  [
    'publish-unknown-field',
    'cms/news.yaml',
    4,
    36,
    'publish.until',
    'publish window field "endTime" is not a declared field; declared: name, publishTime',
  ],
  [
    'unknown-ref-label',
    'cms/news.yaml',
    11,
    52,
    'fields.categoryId.label',
    '"title" is not a field of "categories"; its fields: name, status',
  ],
];

describe('loadSchemaDir problems', () => {
  it.each(CASES)('%s: %s:%i:%i %s', async (fixture, file, line, col, path, message) => {
    const dir = join(FIXTURES, fixture);
    const { problems } = await loadSchemaDir(dir);
    // the English message; the Chinese one, where the rule has it, is the CLI tests' to check
    expect(problems.map((p) => ({ ...p, zh: undefined }))).toEqual([
      { file: join(dir, file), line, col, path, message: message.replaceAll('<dir>', dir) },
    ]);
  });

  it('formats a problem as file:line:col: key path: message', async () => {
    const dir = join(FIXTURES, 'unknown-key');
    const { problems } = await loadSchemaDir(dir);
    expect(formatProblem(problems[0])).toBe(
      `${dir}/cms/news.yaml:12:3: list.colums: unknown key "colums"; expected one of: columns, filters, sort, pageSize, tree (did you mean "columns"?)`,
    );
  });

  it('leaves a file with problems out of the resources and keeps the others', async () => {
    const { resources } = await loadSchemaDir(join(FIXTURES, 'unknown-key'));
    expect(resources).toEqual([]);
    const tree = await loadSchemaDir(join(FIXTURES, 'tree-parent-elsewhere'));
    expect(tree.resources.map((r) => r.name).sort()).toEqual(['categories', 'news']);
  });

  it('loads the project schemas without problems', async () => {
    const { resources, menuGroups, problems } = await loadSchemaDir('schemas');
    expect(problems).toEqual([]);
    expect(resources.map((r) => r.name).sort()).toEqual([
      'areablocks',
      'auditLog',
      'companys',
      'contentCategorys',
      'contents',
      'departments',
      'mailboxrepliers',
      'mailboxtypes',
      'menus',
      'pictures',
      'reportedmessages',
      'roles',
      'sourceoffices',
      'users',
      'weblinkcategorys',
      'weblinks',
      'webpictures',
      'websites',
    ]);
    expect(menuGroups.map((g) => g.name).sort()).toEqual(['cms', 'sys']);
  });

  it('reads _menus.yml as _menus.yaml, and refuses both at once', () => {
    const menus = 'cms:\n  title: { zh: 内容管理, en: Content }\n';
    const news =
      'resource: news\nmodule: cms\ntitle: { zh: 新闻, en: News }\nmenu: { parent: cms }\nfields:\n  name: { type: string }\n';
    const one = loadSchemaTexts([
      { path: '_menus.yml', text: menus },
      { path: 'cms/news.yml', text: news },
    ]);
    expect(one.problems).toEqual([]);
    expect(one.menuGroups.map((g) => g.name)).toEqual(['cms']);
    const both = loadSchemaTexts([
      { path: '_menus.yaml', text: menus },
      { path: '_menus.yml', text: menus },
    ]);
    expect(both.problems).toEqual([
      {
        file: '_menus.yml',
        line: 1,
        col: 1,
        path: '',
        message: 'the menu groups are already declared in _menus.yaml; keep one of the two files',
        zh: '菜单组已在 _menus.yaml 中声明；两个文件请只保留一个',
      },
    ]);
  });

  it('rejects a folder that does not exist', async () => {
    await expect(loadSchemaDir(join(FIXTURES, 'no-such-folder'))).rejects.toThrow(/ENOENT/);
  });
});
