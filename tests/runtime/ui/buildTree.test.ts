import { describe, expect, it } from 'vitest';
import { buildTree } from '../../../runtime/ui/buildTree.ts';

describe('buildTree', () => {
  it('nests rows under their parent; 0 is the root', () => {
    const tree = buildTree(
      [
        { id: 1, parentId: 0, name: 'a' },
        { id: 2, parentId: 1, name: 'b' },
        { id: 3, parentId: 2, name: 'c' },
        { id: 4, parentId: 0, name: 'd' },
      ],
      'parentId',
    );
    expect(tree.map((n) => n.id)).toEqual([1, 4]);
    expect(tree[0].children?.[0].id).toBe(2);
    expect(tree[0].children?.[0].children?.[0].id).toBe(3);
    expect(tree[1].children).toBeUndefined();
  });

  it('shows a row whose parent is not among the rows at the top, as a search hit', () => {
    const tree = buildTree([{ id: 7, parentId: 3 }], 'parentId');
    expect(tree.map((n) => n.id)).toEqual([7]);
  });
});
