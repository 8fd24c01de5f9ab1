// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { loadSchemaTexts } from '../../../runtime/schema/load.ts';
import type { PublicView } from '../../../runtime/schema/types.ts';

const text = `resource: articles
module: cms
title: { zh: 文章, en: Articles }
fields:
  parentId: { type: tree-parent, label: title }
  title: { type: string, required: true }
  body: { type: richtext }
  cover: { type: image }
  categoryId: { type: integer }
  pinned: { type: boolean }
  writer: { type: string }
  phone: { type: phone }
  status: { type: enum, options: [{ value: 0, zh: 草稿, en: Draft }, { value: 1, zh: 发布, en: Published }] }
  createTime: { type: datetime, readOnly: true }
list:
  sort: -createTime
public:
  path: articles
  fields: [parentId, title, body, cover, categoryId, pinned]
  listFields: [title, cover, pinned]
  filters: [categoryId]
  where: status == 1
  sort: [-pinned, -createTime]
  submit: [title, writer, phone]
  views:
    - { path: articles/count, shape: count }
    - { path: articles/pictures, where: cover, sort: id }
    - { path: 'articles/byCategory/{id}', by: categoryId, fields: [title] }
    - { path: articlesTree, shape: tree, filters: [] }
`;

describe('normalising a public block', () => {
  const { resources, problems } = loadSchemaTexts([{ path: 'cms/articles.yaml', text }]);
  const exposure = resources[0].public!;
  const view = (path: string): PublicView => exposure.views.find((v) => v.path === path)!;
  const published = { field: 'status', op: 'eq', value: 1 };

  it('loads without problems', () => {
    expect(problems).toEqual([]);
  });

  it('serves the list fields at the path and every public field at path/{id}', () => {
    expect(exposure.views.map((v) => [v.path, v.shape])).toEqual([
      ['articles', 'list'],
      ['articles/{id}', 'one'],
      ['articles/count', 'count'],
      ['articles/pictures', 'list'],
      ['articles/byCategory/{id}', 'list'],
      ['articlesTree', 'tree'],
    ]);
    expect(view('articles').fields).toEqual(['title', 'cover', 'pinned']);
    expect(view('articles/{id}')).toMatchObject({
      fields: ['parentId', 'title', 'body', 'cover', 'categoryId', 'pinned'],
      by: 'id',
      filters: [],
    });
  });

  it('takes several sort keys in order', () => {
    expect(exposure.sort).toEqual([
      { field: 'pinned', desc: true },
      { field: 'createTime', desc: true },
    ]);
    expect(view('articles').sort).toBe(exposure.sort);
    expect(view('articles/pictures').sort).toEqual([{ field: 'id', desc: false }]);
  });

  it("adds a view's own condition to the exposure's where", () => {
    expect(view('articles').where).toEqual([published]);
    expect(view('articles/pictures').where).toEqual([published, { field: 'cover', op: 'truthy' }]);
  });

  it('lets a view key its {id} on a field, narrow the fields and drop the filters', () => {
    expect(view('articles/byCategory/{id}')).toMatchObject({
      by: 'categoryId',
      fields: ['title'],
      filters: [{ field: 'categoryId', op: 'eq' }],
    });
    expect(view('articles/count').fields).toEqual([]);
    expect(view('articlesTree').filters).toEqual([]);
    expect(view('articlesTree').fields).toEqual(['title', 'cover', 'pinned']);
  });

  it('names what the public may send, including fields it may not read back', () => {
    expect(exposure.submit).toEqual(['title', 'writer', 'phone']);
    expect(exposure.fields).not.toContain('phone');
  });

  it('follows the list page sort when the block gives none', () => {
    const plain = text.replace('  sort: [-pinned, -createTime]\n', '');
    const [r] = loadSchemaTexts([{ path: 'cms/articles.yaml', text: plain }]).resources;
    expect(r.public?.sort).toEqual([{ field: 'createTime', desc: true }]);
  });

  it('reports a view that names one row by id and gives a shape as well', () => {
    const both = text.replace(
      "{ path: 'articles/byCategory/{id}', by: categoryId",
      "{ path: 'articles/x/{id}', shape: list",
    );
    const { problems: found } = loadSchemaTexts([{ path: 'cms/articles.yaml', text: both }]);
    expect(found.map((p) => [p.path, p.message])).toEqual([
      [
        'public.views[2].shape',
        "the path's {id} names one row, so the view has no shape; use `by` to list rows",
      ],
    ]);
  });

  it('reports a count that names fields and a sort on an undeclared field', () => {
    const bad = text
      .replace(
        '{ path: articles/count, shape: count }',
        '{ path: articles/count, shape: count, fields: [title] }',
      )
      .replace('sort: [-pinned, -createTime]', 'sort: [-pinned, -created]');
    const { problems: found } = loadSchemaTexts([{ path: 'cms/articles.yaml', text: bad }]);
    expect(found.map((p) => [p.path, p.message.split(';')[0]])).toEqual([
      ['public.sort[1]', 'sort "created" is not a declared field'],
      ['public.views[0].fields', 'a count returns no fields'],
    ]);
  });
});
