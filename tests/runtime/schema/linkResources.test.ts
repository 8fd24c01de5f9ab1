// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { loadSchemaTexts } from '../../../runtime/schema/load.ts';

describe('linkResources', () => {
  it('marks a ref into a tree resource, and only that', () => {
    const { resources, problems } = loadSchemaTexts([
      {
        path: 'cms/categories.yaml',
        text: `resource: categories
module: cms
title: { zh: 栏目, en: Categories }
fields:
  parentId: { type: tree-parent, label: name }
  name: { type: string }
`,
      },
      {
        path: 'cms/tags.yaml',
        text: `resource: tags
module: cms
title: { zh: 标签, en: Tags }
fields:
  name: { type: string }
`,
      },
      {
        path: 'cms/news.yaml',
        text: `resource: news
module: cms
title: { zh: 新闻, en: News }
fields:
  categoryId: { type: ref, ref: categories, label: name }
  tagIds: { type: ref, ref: tags, label: name, multiple: true }
`,
      },
    ]);
    expect(problems).toEqual([]);
    const news = resources.find((r) => r.name === 'news')!;
    expect(news.fields.map((f) => [f.name, f.refTree])).toEqual([
      ['categoryId', true],
      ['tagIds', undefined],
    ]);
    // a tree-parent is a tree picker by its type already
    expect(resources.find((r) => r.name === 'categories')!.fields[0].refTree).toBeUndefined();
  });
});
