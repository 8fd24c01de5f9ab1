import { describe, expect, it } from 'vitest';
import { toTree } from '../../../src/utils/tree.ts';

describe('tree helper (spec §3: id, parentId, children)', () => {
  it('nests rows under their parentId, parentId 0 being the root', () => {
    const tree = toTree([
      { id: 1, parentId: 0, name: 'news' },
      { id: 2, parentId: 1, name: 'school news' },
      { id: 3, parentId: 1, name: 'notices' },
      { id: 4, parentId: 0, name: 'about' },
      { id: 5, parentId: 2, name: 'sports' },
    ]);
    expect(tree.map((node) => node.id)).toEqual([1, 4]);
    expect(tree[0].children?.map((node) => node.id)).toEqual([2, 3]);
    expect(tree[0].children?.[0].children?.map((node) => node.id)).toEqual([5]);
    expect(tree[1].children).toBeUndefined();
  });
});
