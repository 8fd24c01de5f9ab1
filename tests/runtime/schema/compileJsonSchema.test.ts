// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { toJsonSchema } from '../../../runtime/schema/compileJsonSchema.ts';
import { loadSchemaDir, loadSchemaTexts } from '../../../runtime/schema/load.ts';
import type { Resource } from '../../../runtime/schema/types.ts';

async function resource(name: string): Promise<Resource> {
  const { resources } = await loadSchemaDir('schemas');
  return resources.find((r) => r.name === name)!;
}

describe('toJsonSchema', () => {
  it('asks on create for every writable field the create form allows', async () => {
    const { schema } = toJsonSchema(await resource('users'), 'create', 'en');
    expect(Object.keys(schema.properties)).toEqual([
      'userName',
      'realName',
      'password',
      'email',
      'phone',
      'dpmtId',
      'roleIds',
      'rank',
      'personImage',
    ]);
    expect(schema.required).toEqual(['userName', 'realName', 'password']);
    expect(schema.additionalProperties).toBe(false);
  });

  it('leaves create-only and read-only fields out of update', async () => {
    const { schema } = toJsonSchema(await resource('users'), 'update', 'en');
    expect(Object.keys(schema.properties)).toEqual([
      'realName',
      'email',
      'phone',
      'dpmtId',
      'roleIds',
      'rank',
      'personImage',
    ]);
    expect(schema.required).toEqual(['realName']);
  });

  it('asks an action dialog for its form fields only', async () => {
    const { schema, uiSchema } = toJsonSchema(await resource('users'), { action: 'resetPassword' }, 'en');
    expect(Object.keys(schema.properties)).toEqual(['password']);
    expect(uiSchema['ui:order']).toEqual(['password']);
  });

  it('requires nothing in a batch update and leaves unique fields out', async () => {
    const { schema } = toJsonSchema(await resource('roles'), { action: 'batchUpdate' }, 'en');
    expect(Object.keys(schema.properties)).toEqual(['menuIds', 'sortOrder', 'status', 'remark']);
    expect(schema.required).toEqual([]);
  });

  it('carries limits, formats and titles in the chosen language', async () => {
    const { schema } = toJsonSchema(await resource('users'), 'create', 'zh');
    expect(schema.properties.userName).toEqual({
      title: '用户名',
      type: 'string',
      minLength: 2,
      maxLength: 32,
      pattern: '^[A-Za-z0-9_.@-]+$',
    });
    expect(schema.properties.realName.minLength).toBe(1);
    expect(schema.properties.email).toEqual({
      title: '邮箱',
      type: ['string', 'null'],
      format: 'email',
      maxLength: 128,
    });
    expect(schema.properties.roleIds).toEqual({
      title: '角色',
      type: 'array',
      items: { type: 'integer', minimum: 1, maximum: 2147483647 },
      uniqueItems: true,
    });
    expect(schema.properties.personImage.default).toBe('head_1');
  });

  it('keeps every value within what its column stores, unless the field is narrower', async () => {
    const { schema } = toJsonSchema(await resource('users'), 'create', 'en');
    // a reference is an int4 id
    expect(schema.properties.dpmtId).toMatchObject({ minimum: 1, maximum: 2147483647 });
    // an avatar is a varchar(200)
    expect(schema.properties.personImage.maxLength).toBe(200);
    const menus = toJsonSchema(await resource('menus'), 'create', 'en').schema;
    // the field's own 0..9999 is narrower than int4 and wins
    expect(menus.properties.orderNum).toMatchObject({ minimum: 0, maximum: 9999 });
  });

  it('gives enum options as oneOf with titles, and defaults only on create', async () => {
    const menus = await resource('menus');
    const create = toJsonSchema(menus, 'create', 'en').schema;
    expect(create.properties.menuType).toEqual({
      title: 'Type',
      type: 'string',
      oneOf: [
        { const: 'M', title: 'Directory' },
        { const: 'C', title: 'Page' },
        { const: 'F', title: 'Button' },
      ],
      default: 'C',
    });
    expect(create.properties.status.oneOf).toContainEqual({ const: null, title: '' });
    expect(toJsonSchema(menus, 'update', 'en').schema.properties.menuType.default).toBeUndefined();
  });

  it('orders the form by its layout and tells the widget, help and ref target; a check tree has no placeholder', async () => {
    const { uiSchema } = toJsonSchema(await resource('roles'), 'create', 'en');
    expect(uiSchema['ui:order']).toEqual(['roleName', 'roleKey', 'sortOrder', 'status', 'menuIds', 'remark']);
    expect(uiSchema['ui:options']).toEqual({
      groups: [{ rows: [['roleName', 'roleKey'], ['sortOrder', 'status'], ['menuIds'], ['remark']] }],
    });
    // roles.menuIds asks for the check tree: the whole menu tree inline, nothing to type or pick
    expect(uiSchema.menuIds).toEqual({
      'ui:widget': 'checkTree',
      'ui:options': { ref: 'menus', refLabel: 'menuName', multiple: true },
      'ui:help': 'The menus and buttons ticked are what this role may do',
    });
    expect(uiSchema.remark).toEqual({ 'ui:widget': 'textarea', 'ui:placeholder': 'Enter remark' });
  });

  it('gives inputs a placeholder from the title unless the schema names one, as the filter bar does', async () => {
    const uiSchema = toJsonSchema(await resource('users'), 'create', 'zh').uiSchema as Record<
      string,
      Record<string, unknown>
    >;
    expect(uiSchema.userName['ui:placeholder']).toBe('请输入用户名');
    expect(uiSchema.email['ui:placeholder']).toBe('请输入邮箱');
    expect(uiSchema.dpmtId['ui:placeholder']).toBe('请选择部门');
    expect(uiSchema.roleIds['ui:placeholder']).toBe('请选择角色');
    // an avatar is chosen from pictures: no text to prompt for
    expect(uiSchema.personImage['ui:placeholder']).toBeUndefined();
  });

  it('appends writable fields the layout leaves out, and turns requiredWhen into if/then', () => {
    const text = `resource: notes
module: cms
title: { zh: 笔记, en: Notes }
fields:
  kind: { type: enum, required: true, options: [{ value: a, zh: 甲, en: A }, { value: b, zh: 乙, en: B }] }
  link: { type: url, requiredWhen: kind == b, placeholder: { zh: 网址, en: https://… } }
  note: { type: text }
form:
  layout: [kind, link]
`;
    const { resources, problems } = loadSchemaTexts([{ path: 'cms/notes.yaml', text }]);
    expect(problems).toEqual([]);
    const { schema, uiSchema } = toJsonSchema(resources[0], 'create', 'en');
    expect(uiSchema['ui:order']).toEqual(['kind', 'link', 'note']);
    expect(uiSchema['ui:options']).toEqual({
      groups: [{ rows: [['kind'], ['link']] }, { rows: [['note']] }],
    });
    expect(uiSchema.link).toEqual({ 'ui:widget': 'uri', 'ui:placeholder': 'https://…' });
    expect(schema.allOf).toHaveLength(1);
    expect(schema.allOf?.[0].if).toEqual({ properties: { kind: { const: 'b' } }, required: ['kind'] });
    expect(schema.allOf?.[0].then).toEqual({ required: ['link'] });
  });

  it('settles a requiredWhen on a field the action sets: the reply dialog requires the answer', async () => {
    const messages = await resource('reportedmessages');
    const reply = toJsonSchema(messages, { action: 'reply' }, 'en');
    expect(Object.keys(reply.schema.properties)).toEqual(['replierId', 'reply']);
    expect(reply.schema.required).toEqual(['replierId', 'reply']);
    expect(reply.schema.allOf).toBeUndefined();
    // handle sets status 1, under which the answer is not required; it asks for nothing anyway
    expect(toJsonSchema(messages, { action: 'handle' }, 'en').schema.properties).toEqual({});
  });

  it('compiles what the public may send, defaults included, from public.submit', async () => {
    const { schema, uiSchema } = toJsonSchema(await resource('reportedmessages'), 'public', 'en');
    expect(Object.keys(schema.properties)).toEqual([
      'mailboxTypeId',
      'title',
      'content',
      'reporterName',
      'reporterPhone',
      'reporterEmail',
      'allowPublic',
    ]);
    expect(schema.required).toEqual(['mailboxTypeId', 'title', 'content', 'reporterName', 'reporterPhone']);
    expect(schema.properties.allowPublic.default).toBe(false);
    expect(uiSchema['ui:order']).toEqual(Object.keys(schema.properties));
    await expect(resource('contents').then((r) => toJsonSchema(r, 'public', 'en'))).rejects.toThrow(
      'resource contents takes no public submissions',
    );
  });

  it('picks a ref into a tree with the tree select', async () => {
    const { uiSchema } = toJsonSchema(await resource('contents'), 'create', 'en');
    expect(uiSchema.categoryId).toMatchObject({ 'ui:widget': 'treeSelect' });
    expect(uiSchema.sourceOfficeId).toMatchObject({ 'ui:widget': 'refSelect' });
  });

  it('lays the content form out in its two tabs', async () => {
    const { uiSchema } = toJsonSchema(await resource('contents'), 'create', 'zh');
    const groups = (uiSchema['ui:options'] as { groups: Array<{ title?: string; rows: string[][] }> }).groups;
    expect(groups.map((g) => g.title)).toEqual(['基本信息', '正文']);
    expect(groups[1].rows).toEqual([['body'], ['attachment']]);
  });
});
