// The tree picker with the real content-category schema: a parent picker keeps a row from moving
// under itself or its descendants; a ref into the tree from another resource keeps every choice.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Field, Resource } from '../../../runtime/schema/types.ts';
import { RefTreeSelect } from '../../../runtime/ui/RefTreeSelect.tsx';
import { ok, startServer, type TestServer } from '../client/testServer.ts';
import { loadResources, Providers, resourceNamed, testHttp } from './harness.tsx';

const CATEGORIES = [
  { id: 1, parentId: 0, categoryName: '学校新闻' },
  { id: 2, parentId: 1, categoryName: '校园动态' },
  { id: 3, parentId: 2, categoryName: '班级风采' },
  { id: 4, parentId: 0, categoryName: '通知公告' },
];

let server: TestServer;
let resources: Resource[];
beforeAll(async () => {
  server = await startServer(() => ok({ rows: CATEGORIES, total: CATEGORIES.length }));
  resources = await loadResources();
});
afterAll(async () => {
  await server.close();
});

function fieldOf(resource: string, name: string): Field {
  return resourceNamed(resources, resource).fields.find((f) => f.name === name)!;
}

async function openPicker(field: Field, selfId: number) {
  render(
    <Providers http={testHttp(server)} resources={resources}>
      <RefTreeSelect id="picker" field={field} lang="zh" selfId={selfId} value={null} onChange={() => {}} />
    </Providers>,
  );
  fireEvent.mouseDown(document.querySelector('#picker')!);
  await waitFor(() => expect(screen.getByTitle('班级风采')).toBeTruthy());
}

/** the titles of the options that cannot be picked */
const disabled = () =>
  [...document.querySelectorAll('.ant-select-tree-treenode-disabled [title]')].map((n) =>
    n.getAttribute('title'),
  );

describe('RefTreeSelect', () => {
  it('keeps a category from moving under itself or anything below it', async () => {
    await openPicker(fieldOf('contentCategorys', 'parentId'), 2);
    expect(disabled().sort()).toEqual(['校园动态', '班级风采']);
    expect(screen.getByTitle('顶级')).toBeTruthy();
  });

  it('ticks each entry of a multiple pick on its own: a parent brings nothing below it', async () => {
    const field: Field = { ...fieldOf('contents', 'categoryId'), multiple: true };
    const changes: unknown[] = [];
    render(
      <Providers http={testHttp(server)} resources={resources}>
        <RefTreeSelect
          id="picker"
          field={field}
          multiple
          lang="zh"
          value={[]}
          onChange={(v) => changes.push(v)}
        />
      </Providers>,
    );
    fireEvent.mouseDown(document.querySelector('#picker')!);
    await waitFor(() => expect(screen.getByTitle('班级风采')).toBeTruthy());
    const parent = screen.getByTitle('学校新闻').closest('.ant-select-tree-treenode')!;
    fireEvent.click(parent.querySelector('.ant-select-tree-checkbox')!);
    expect(changes).toEqual([[1]]);
  });

  it('offers every category to a content, whatever the content id', async () => {
    // content 3 refers to the category tree; category 3 has nothing to do with it
    await openPicker(fieldOf('contents', 'categoryId'), 3);
    expect(disabled()).toEqual([]);
    expect(screen.queryByTitle('顶级')).toBeNull();
  });
});
