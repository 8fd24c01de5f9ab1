// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { loadSchemaDir, loadSchemaTexts } from '../../../runtime/schema/load.ts';
import type { Resource } from '../../../runtime/schema/types.ts';

async function users(): Promise<Resource> {
  const { resources } = await loadSchemaDir('schemas');
  return resources.find((r) => r.name === 'users')!;
}

describe('normalising schemas/sys/users.yaml', () => {
  it('fills the resource-level names from module and resource', async () => {
    const r = await users();
    expect(r).toMatchObject({
      name: 'users',
      module: 'sys',
      title: { zh: '用户管理', en: 'Users' },
      endpoint: '/api/sys/users',
      table: 'sys_users',
      route: '/sys/users',
      system: true,
      menu: { parent: 'sys', icon: 'user', order: 1 },
      source: { file: 'sys/users.yaml', line: 3, col: 1 },
    });
    expect(r.treeParent).toBeUndefined();
  });

  it('calls one row by its declared singular, in the delete confirmations too', async () => {
    const r = await users();
    expect(r.singular).toEqual({ zh: '用户', en: 'User' });
    const byName = Object.fromEntries(r.actions.map((a) => [a.name, a]));
    expect(byName.delete.confirm).toEqual({ zh: '确定删除该用户？', en: 'Delete this user?' });
    expect(byName.batchDelete.confirm).toEqual({
      zh: '确定删除选中的用户？',
      en: 'Delete the selected users?',
    });
  });

  it('gives every field its column, flags and defaults', async () => {
    const r = await users();
    const field = (name: string) => r.fields.find((f) => f.name === name)!;
    expect(r.fields.map((f) => f.column)).toEqual([
      'user_name',
      'real_name',
      'password',
      'email',
      'phone',
      'dpmt_id',
      'role_ids',
      'rank',
      'person_image',
      'status',
      'firstlogin',
      'create_time',
    ]);
    expect(field('userName')).toMatchObject({ required: true, unique: true, trim: true, only: ['create'] });
    expect(field('password')).toMatchObject({ type: 'password', writeOnly: true, minLength: 8 });
    expect(field('roleIds')).toMatchObject({ ref: 'roles', refLabel: 'roleName', multiple: true });
    // departments is a tree, so the loader marks the ref for a tree picker
    expect(field('dpmtId')).toMatchObject({ ref: 'departments', refLabel: 'dpmtName', refTree: true });
    expect(field('roleIds').refTree).toBeUndefined();
    expect(field('status').options).toEqual([
      { value: 0, label: { zh: '正常', en: 'Active' }, color: 'green' },
      { value: 1, label: { zh: '冻结', en: 'Frozen' }, color: 'red' },
    ]);
    expect(field('status')).toMatchObject({ readOnly: true, default: 0 });
    expect(field('realName').writeOnly).toBe(false);
  });

  it('expands list columns, filters and sort', async () => {
    const { list } = await users();
    expect(list.columns[0]).toEqual({
      field: 'userName',
      width: 140,
      fixed: 'left',
      sortable: true,
      ellipsis: false,
    });
    expect(list.columns[3]).toEqual({ field: 'roleIds', sortable: false, ellipsis: false });
    expect(list.filters).toEqual([
      { field: 'userName', op: 'like' },
      { field: 'realName', op: 'like' },
      { field: 'dpmtId', op: 'eq' },
      { field: 'status', op: 'eq' },
    ]);
    expect(list.sort).toEqual({ field: 'createTime', desc: true });
    expect(list.pageSize).toBe(20);
    expect(list.tree).toBe(false);
  });

  it('turns the layout into one untitled group of rows', async () => {
    const { form } = await users();
    expect(form.groups).toEqual([
      {
        rows: [
          ['userName', 'realName'],
          ['password'],
          ['email', 'phone'],
          ['dpmtId', 'rank'],
          ['roleIds'],
          ['personImage'],
        ],
      },
    ]);
  });

  it('maps standard and custom actions to calls, scopes and permission codes', async () => {
    const byName = Object.fromEntries((await users()).actions.map((a) => [a.name, a]));
    expect(byName.create).toMatchObject({
      method: 'POST',
      path: '/api/sys/users',
      scope: 'toolbar',
      standard: true,
    });
    expect(byName.update).toMatchObject({ method: 'PUT', path: '/api/sys/users/{id}', scope: 'row' });
    expect(byName.delete).toMatchObject({
      method: 'DELETE',
      path: '/api/sys/users/{id}',
      scope: 'row',
      danger: true,
    });
    expect(byName.batchDelete).toMatchObject({ method: 'DELETE', path: '/api/sys/users', scope: 'batch' });
    expect(byName.batchUpdate).toMatchObject({ method: 'PUT', path: '/api/sys/users', scope: 'batch' });
    expect(byName.export).toMatchObject({ method: 'POST', path: '/api/sys/users/export', download: true });
    expect(byName.freeze).toMatchObject({
      standard: false,
      method: 'PUT',
      path: '/api/sys/users/freeze/{id}',
      scope: 'row',
      permission: 'sys:users:freeze',
      when: { field: 'status', op: 'eq', value: 0 },
      danger: true,
    });
    expect(byName.resetPassword).toMatchObject({
      path: '/api/sys/reset/users/{id}/password',
      scope: 'row',
      form: ['password'],
    });
    expect(byName.self).toMatchObject({ path: '/api/sys/users/self', scope: 'self' });
  });
});

describe('defaults of a minimal resource', () => {
  const text = `resource: contentCategorys
module: cms
title: { zh: 栏目, en: Categories }
fields:
  parentId: { type: tree-parent, label: name }
  name: { type: string, required: true }
  kind: { type: enum, options: [{ value: a, zh: 甲, en: A }, { value: b, zh: 乙, en: B }], visibleWhen: "parentId in [0, 1]" }
  body: { type: richtext }
  publishDate: { type: date }
  createTime: { type: datetime, readOnly: true }
`;
  const { resources, problems } = loadSchemaTexts([{ path: 'cms/contentCategorys.yaml', text }]);
  const r = resources[0];

  it('loads without problems', () => {
    expect(problems).toEqual([]);
  });

  it('names the table, endpoint and route after module and resource', () => {
    expect(r).toMatchObject({
      table: 'cms_content_categorys',
      endpoint: '/api/cms/contentCategorys',
      route: '/cms/contentCategorys',
      system: false,
    });
  });

  it('titles a field by its name and makes a tree-parent point at its own resource with root 0', () => {
    expect(r.fields[1].title).toEqual({ zh: 'name', en: 'name' });
    expect(r.fields[0]).toMatchObject({ ref: 'contentCategorys', refLabel: 'name', default: 0 });
    expect(r.treeParent).toBe('parentId');
    expect(r.list.tree).toBe(true);
  });

  it('parses conditions with literals typed like the field they compare with', () => {
    expect(r.fields[2].visibleWhen).toEqual({ field: 'parentId', op: 'in', value: [0, 1] });
  });

  it('lists the fields that read well in a table, sorts newest first and takes no filters', () => {
    expect(r.list.columns.map((c) => c.field)).toEqual(['name', 'kind', 'publishDate', 'createTime']);
    expect(r.list.sort).toEqual({ field: 'id', desc: true });
    expect(r.list.filters).toEqual([]);
    expect(r.list.pageSize).toBe(20);
  });

  it('puts every writable field in the form, one per row', () => {
    expect(r.form.groups).toEqual([{ rows: [['parentId'], ['name'], ['kind'], ['body'], ['publishDate']] }]);
  });

  it('derives the singular from the title when none is declared, and calls one English row a record', () => {
    expect(r.singular).toEqual({ zh: '栏目', en: 'Categories' });
    expect(r.actions.find((a) => a.name === 'delete')?.confirm).toEqual({
      zh: '确定删除该栏目？',
      en: 'Delete this record?',
    });
  });

  it('offers create, update and delete when no actions are given', () => {
    expect(r.actions.map((a) => a.permission)).toEqual([
      'cms:contentCategorys:create',
      'cms:contentCategorys:update',
      'cms:contentCategorys:delete',
    ]);
  });
});

describe('the singular of a resource', () => {
  const schema = (head: string) => `resource: notices
module: cms
${head}
fields:
  name: { type: string }
actions: [create, delete, batchDelete]
`;
  const load = (head: string) => loadSchemaTexts([{ path: 'cms/notices.yaml', text: schema(head) }]);

  it('drops the 管理 a Chinese page title ends in', () => {
    const { resources, problems } = load('title: { zh: 通知管理, en: Notices }');
    expect(problems).toEqual([]);
    expect(resources[0].singular).toEqual({ zh: '通知', en: 'Notices' });
  });

  it('keeps a title that is nothing but 管理', () => {
    expect(load('title: { zh: 管理, en: Admin }').resources[0].singular).toEqual({ zh: '管理', en: 'Admin' });
  });

  it('words the English confirmations in sentence case, acronyms kept', () => {
    const { resources } = load('title: { zh: 网址, en: URL Lists }\nsingular: { zh: 网址, en: URL List }');
    const confirm = (name: string) => resources[0].actions.find((a) => a.name === name)?.confirm?.en;
    expect(confirm('delete')).toBe('Delete this URL list?');
    expect(confirm('batchDelete')).toBe('Delete the selected URL lists?');
  });

  it('wants both languages of a declared singular', () => {
    const { resources, problems } = load('title: { zh: 通知, en: Notices }\nsingular: { zh: 通知 }');
    expect(resources).toEqual([]);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ path: 'singular.en', line: 4 });
    expect(problems[0].message).toBe('missing required key "en"');
  });
});

describe('filters, groups and public exposure', () => {
  const text = `resource: contents
module: cms
title: { zh: 内容, en: Contents }
fields:
  title: { type: string, required: true }
  hits: { type: integer }
  publishTime: { type: datetime }
  status: { type: enum, options: [{ value: 0, zh: 草稿, en: Draft }, { value: 1, zh: 发布, en: Published }] }
list:
  filters: [title, hits, publishTime, { field: status, op: in }]
  sort: hits
  pageSize: 50
form:
  groups:
    - { title: { zh: 基本, en: Basic }, layout: [[title, status]] }
    - { layout: [hits, publishTime] }
actions:
  - { name: delete, confirm: false }
  - { name: publish, title: { zh: 发布, en: Publish }, method: PUT, path: '/publish/{id}', confirm: true }
  - { name: stats, title: { zh: 统计, en: Stats }, method: GET, path: /stats }
public:
  path: contents
  fields: [title, publishTime]
  filters: [title]
  where: status == 1
`;
  const { resources, problems } = loadSchemaTexts([{ path: 'cms/contents.yaml', text }]);
  const r = resources[0];

  it('loads without problems', () => {
    expect(problems).toEqual([]);
  });

  it('gives each filter the operator of its type unless one is named', () => {
    expect(r.list.filters).toEqual([
      { field: 'title', op: 'like' },
      { field: 'hits', op: 'eq' },
      { field: 'publishTime', op: 'range' },
      { field: 'status', op: 'in' },
    ]);
    expect(r.list.sort).toEqual({ field: 'hits', desc: false });
    expect(r.list.pageSize).toBe(50);
  });

  it('keeps form groups with their titles', () => {
    expect(r.form.groups).toEqual([
      { title: { zh: '基本', en: 'Basic' }, rows: [['title', 'status']] },
      { title: undefined, rows: [['hits'], ['publishTime']] },
    ]);
  });

  it('lets a standard action drop its confirmation and gives custom actions theirs and a scope', () => {
    const [del, publish, stats] = r.actions;
    expect(del.confirm).toBeUndefined();
    expect(publish).toMatchObject({ scope: 'row', confirm: { zh: '确定发布？', en: 'Publish?' } });
    expect(stats).toMatchObject({ scope: 'toolbar', path: '/api/cms/contents/stats', method: 'GET' });
  });

  it('normalises the public block into the list at its path and the row at path/{id}', () => {
    const where = { field: 'status', op: 'eq', value: 1 };
    const filters = [{ field: 'title', op: 'like' }];
    const sort = [{ field: 'hits', desc: false }];
    expect(r.public).toEqual({
      path: 'contents',
      fields: ['title', 'publishTime'],
      listFields: ['title', 'publishTime'],
      filters,
      where,
      sort,
      submit: undefined,
      views: [
        { path: 'contents', shape: 'list', fields: ['title', 'publishTime'], filters, where: [where], sort },
        {
          path: 'contents/{id}',
          shape: 'one',
          fields: ['title', 'publishTime'],
          filters: [],
          where: [where],
          sort,
          by: 'id',
        },
      ],
    });
  });
});

describe('actions that set values', () => {
  const text = `resource: messages
module: cms
title: { zh: 留言, en: Messages }
fields:
  status: { type: enum, options: [{ value: 0, zh: 新, en: New }, { value: 2, zh: 已回复, en: Answered }] }
  shown: { type: boolean, exclusive: true }
  replyTime: { type: datetime, readOnly: true }
  answeredOn: { type: date, readOnly: true }
actions:
  - name: answer
    title: { zh: 回复, en: Answer }
    method: PUT
    path: /answer/{id}
    set: { status: '2', shown: true, replyTime: now, answeredOn: '2025-09-01' }
  - name: reset
    title: { zh: 重置, en: Reset }
    method: PUT
    path: /reset
    scope: batch
    set: { status: 0 }
`;
  const { resources, problems } = loadSchemaTexts([{ path: 'cms/messages.yaml', text }]);

  it('reads each value as its field type and keeps "now" for the server to fill in', () => {
    expect(problems).toEqual([]);
    const [answer, reset] = resources[0].actions;
    expect(answer.set).toEqual({ status: 2, shown: true, replyTime: 'now', answeredOn: '2025-09-01' });
    expect(reset).toMatchObject({ scope: 'batch', set: { status: 0 } });
  });

  it('keeps the exclusive flag of a boolean field', () => {
    expect(resources[0].fields.find((f) => f.name === 'shown')?.exclusive).toBe(true);
    expect(resources[0].fields.find((f) => f.name === 'status')?.exclusive).toBeUndefined();
  });
});

describe('the order staff arrange rows in', () => {
  const schema = (order: string) => `
resource: links
module: cms
title: { zh: 链接, en: Links }
fields:
  linkName: { type: string }
  categoryId: { type: integer }
  orderNum: { type: integer, minimum: 0, maximum: 9999 }
${order}
actions: [create, reorder]
`;

  it('reads the short form as the position field alone, the whole table one group', () => {
    const { resources, problems } = loadSchemaTexts([
      { path: 'cms/links.yaml', text: schema('order: orderNum') },
    ]);
    expect(problems).toEqual([]);
    expect(resources[0].order).toEqual({ field: 'orderNum' });
  });

  it('reads a group and gives reorder its call and permission code', () => {
    const { resources, problems } = loadSchemaTexts([
      { path: 'cms/links.yaml', text: schema('order: { field: orderNum, group: categoryId }') },
    ]);
    expect(problems).toEqual([]);
    expect(resources[0].order).toEqual({ field: 'orderNum', group: 'categoryId' });
    expect(resources[0].actions.find((a) => a.name === 'reorder')).toMatchObject({
      standard: true,
      method: 'PUT',
      path: '/api/cms/links/order',
      permission: 'cms:links:reorder',
    });
  });

  it('has no order unless the schema declares one', () => {
    const { resources } = loadSchemaTexts([
      { path: 'cms/links.yaml', text: schema('').replace('[create, reorder]', '[create]') },
    ]);
    expect(resources[0].order).toBeUndefined();
  });
});

describe('a resource with a recycle bin', () => {
  const schema = (head: string, actions = '[create, delete, batchDelete]') => `resource: notices
module: cms
title: { zh: 通知管理, en: Notices }
${head}
fields:
  name: { type: string }
actions: ${actions}
`;
  const load = (head: string, actions?: string) =>
    loadSchemaTexts([{ path: 'cms/notices.yaml', text: schema(head, actions) }]);

  it('gets the purge button with its own permission, and delete confirmations that name the bin', () => {
    const { resources, problems } = load('softDelete: true');
    expect(problems).toEqual([]);
    const r = resources[0];
    expect(r.softDelete).toBe(true);
    const byName = Object.fromEntries(r.actions.map((a) => [a.name, a]));
    expect(byName.purge).toMatchObject({
      standard: true,
      method: 'DELETE',
      path: '/api/cms/notices/bin',
      permission: 'cms:notices:purge',
      title: { zh: '永久删除', en: 'Delete permanently' },
      danger: true,
    });
    expect(byName.delete.confirm).toEqual({
      zh: '确定删除该通知？删除后可在回收站中恢复',
      en: 'Delete this record? It goes to the recycle bin, where it can be restored.',
    });
    expect(byName.batchDelete.confirm?.zh).toContain('回收站');
  });

  it('leaves the switch out of a resource without it, and refuses purge there', () => {
    const plain = load('');
    expect(plain.problems).toEqual([]);
    expect(plain.resources[0].softDelete).toBeUndefined();
    expect(plain.resources[0].actions.map((a) => a.name)).toEqual(['create', 'delete', 'batchDelete']);
    const { problems } = load('', '[create, delete, purge]');
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ path: 'actions[2]' });
    expect(problems[0].message).toContain('softDelete: true');
  });

  it("refuses a field whose column is one of the bin's", () => {
    const text = schema('softDelete: true').replace(
      'fields:\n',
      'fields:\n  deletedAt: { type: datetime }\n',
    );
    const { problems } = loadSchemaTexts([{ path: 'cms/notices.yaml', text }]);
    expect(problems).toHaveLength(1);
    expect(problems[0].message).toContain('deleted_at');
  });

  it('keeps a purge the schema declares, once, with its own title', () => {
    const { resources, problems } = load(
      'softDelete: true',
      '[create, delete, { name: purge, title: { zh: 彻底删除, en: Erase } }]',
    );
    expect(problems).toEqual([]);
    const purges = resources[0].actions.filter((a) => a.name === 'purge');
    expect(purges).toHaveLength(1);
    expect(purges[0].title).toEqual({ zh: '彻底删除', en: 'Erase' });
  });
});
