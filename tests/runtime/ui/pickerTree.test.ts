// The tree a tree picker draws from what it has read: levels in the server's order with a "load
// more" entry, a search's hits under their ancestors, the edited row and all below it disabled,
// and a row's path.
import { describe, expect, it } from 'vitest';
import {
  entriesOf,
  entryOf,
  entryReuse,
  filterTree,
  type Level,
  levelTree,
  moreValue,
  nodeReuse,
  type PickNode,
  pathOf,
  searchTree,
  shownNodes,
  type TreeEntry,
  treeKeyAction,
  withKey,
} from '../../../runtime/ui/pickerTree.ts';

const rows = [
  { id: 1, parentId: 0, name: '学校新闻', hasChildren: true },
  { id: 2, parentId: 1, name: '校园动态', hasChildren: true },
  { id: 3, parentId: 2, name: '班级风采', hasChildren: false },
  { id: 4, parentId: 0, name: '通知公告', hasChildren: false },
];
const entries = new Map<string, TreeEntry>(rows.map((r) => [String(r.id), entryOf(r, 'parentId', 'name')]));
const none = () => false;
const titles = (nodes: PickNode[]): unknown[] =>
  nodes.map((n) => (n.children ? [n.title, titles(n.children)] : n.title));

describe('pickerTree', () => {
  it('draws the levels read so far, a level not read left for its node to load', () => {
    const levels = new Map<string, Level>([
      ['0', { keys: ['1', '4'], total: 2 }],
      ['1', { keys: ['2'], total: 1 }],
    ]);
    const nodes = levelTree(entries, levels, '0', none);
    expect(titles(nodes)).toEqual([['学校新闻', ['校园动态']], '通知公告']);
    // 校园动态 has children not read yet: no children array, not a leaf
    expect(nodes[0].children![0]).toMatchObject({ isLeaf: false, children: undefined });
    expect(nodes[1].isLeaf).toBe(true);
  });

  it('ends a level holding more rows than are read with a "load more" entry', () => {
    const levels = new Map<string, Level>([['0', { keys: ['1', '4'], total: 7 }]]);
    const last = levelTree(entries, levels, '0', none).at(-1)!;
    expect(last).toMatchObject({ value: moreValue('0'), selectable: false, more: { shown: 2, total: 7 } });
  });

  it('disables the edited row and everything below it', () => {
    const levels = new Map<string, Level>([
      ['0', { keys: ['1', '4'], total: 2 }],
      ['1', { keys: ['2'], total: 1 }],
      ['2', { keys: ['3'], total: 1 }],
    ]);
    const nodes = levelTree(entries, levels, '0', (key) => key === '2');
    const flat = (list: PickNode[]): PickNode[] => list.flatMap((n) => [n, ...flat(n.children ?? [])]);
    expect(
      flat(nodes)
        .filter((n) => n.disabled)
        .map((n) => n.title),
    ).toEqual(['校园动态', '班级风采']);
    // a search tree holds to the same rule
    const found = searchTree(entries, ['3'], ['1', '2', '3'], (key) => key === '2');
    expect(
      flat(found)
        .filter((n) => n.disabled)
        .map((n) => n.title),
    ).toEqual(['校园动态', '班级风采']);
  });

  it('shows a hit under every row above it, open', () => {
    const nodes = searchTree(entries, ['3'], ['1', '2', '3'], none, { shown: 1, total: 3 });
    expect(titles(nodes).slice(0, 1)).toEqual([['学校新闻', [['校园动态', ['班级风采']]]]]);
    expect(nodes.at(-1)!.more).toEqual({ parent: 'search', shown: 1, total: 3 });
    // the open list shows it open whole
    expect(shownNodes(nodes, new Set(), true).map((n) => [n.node.title || 'more', n.depth, n.open])).toEqual([
      ['学校新闻', 0, true],
      ['校园动态', 1, true],
      ['班级风采', 2, false],
      ['more', 0, false],
    ]);
  });

  it('lists the entries of the open levels, top to bottom, each at its depth', () => {
    const levels = new Map<string, Level>([
      ['0', { keys: ['1', '4'], total: 3 }],
      ['1', { keys: ['2'], total: 1 }],
    ]);
    const nodes = levelTree(entries, levels, '0', none);
    const shown = (open: string[]) =>
      shownNodes(nodes, new Set(open)).map((n) => [n.key, n.depth, n.branch, n.open]);
    // closed, 学校新闻 hides its level; 校园动态's level is not read yet, but it may hold rows
    expect(shown([])).toEqual([
      ['1', 0, true, false],
      ['4', 0, false, false],
      [moreValue('0'), 0, false, false],
    ]);
    expect(shown(['1', '2'])).toEqual([
      ['1', 0, true, true],
      ['2', 1, true, true],
      ['4', 0, false, false],
      [moreValue('0'), 0, false, false],
    ]);
    // a level read and found empty leaves its node a leaf
    const empty = levelTree(entries, new Map([...levels, ['2', { keys: [], total: 0 }]]), '0', none);
    expect(shownNodes(empty, new Set(['1', '2'])).find((n) => n.key === '2')).toMatchObject({
      branch: false,
      open: false,
    });
  });

  it('searches what it has read: the matches, the rows above them opened, what was read below a match kept', () => {
    const levels = new Map<string, Level>([
      ['0', { keys: ['1', '4'], total: 3 }],
      ['1', { keys: ['2'], total: 1 }],
      ['2', { keys: ['3'], total: 1 }],
    ]);
    const nodes = levelTree(entries, levels, '0', none);
    const found = filterTree(nodes, ' 风采 ');
    expect(titles(found.nodes)).toEqual([['学校新闻', [['校园动态', ['班级风采']]]]]);
    expect([...found.open]).toEqual(['2', '1']);
    // a match on a branch keeps its rows, shown as the user opens them; no "load more" entry
    const branch = filterTree(nodes, '校园');
    expect(titles(branch.nodes)).toEqual([['学校新闻', [['校园动态', ['班级风采']]]]]);
    expect([...branch.open]).toEqual(['1']);
    expect(filterTree(nodes, 'NOTHING').nodes).toEqual([]);
    expect(filterTree([{ value: 9, title: 'Abc' }], 'aB').nodes.map((n) => n.title)).toEqual(['Abc']);
  });

  it('gives a row its path from the top, as far as it is known', () => {
    expect(pathOf(entries, '3')).toEqual(['学校新闻', '校园动态', '班级风采']);
    expect(pathOf(entries, '99')).toEqual([]);
  });

  it("makes a row's entry once, and again for other fields", () => {
    const reuse = entryReuse();
    const read = new Map(rows.map((r) => [String(r.id), r]));
    const first = entriesOf(read, 'parentId', 'name', reuse);
    const again = entriesOf(new Map(read), 'parentId', 'name', reuse);
    expect(again.get('2')).toBe(first.get('2'));
    expect(again.get('2')).toEqual(entryOf(rows[1], 'parentId', 'name'));
    // a row read again as a new object (its title edited) gets a new entry
    const edited = { ...rows[1], name: '校园新闻' };
    expect(entriesOf(new Map([...read, ['2', edited]]), 'parentId', 'name', reuse).get('2')).toMatchObject({
      label: '校园新闻',
    });
    // another label field: entries of it, not the ones kept
    expect(entriesOf(read, 'parentId', undefined, reuse).get('2')?.label).toBe('2');
  });

  it('hands back what did not change as the same objects, and makes the nodes of a new page', () => {
    const many = Array.from({ length: 6 }, (_, i) => ({
      id: 10 + i,
      parentId: 0,
      name: `栏目${i}`,
      hasChildren: false,
    }));
    const reuse = nodeReuse();
    const made = entriesOf(new Map(many.map((r) => [String(r.id), r])), 'parentId', 'name', entryReuse());
    const page = (n: number) =>
      new Map<string, Level>([['0', { keys: many.slice(0, n).map((r) => String(r.id)), total: 6 }]]);
    const first = levelTree(made, page(3), '0', none, false, reuse);
    expect(first.map((n) => n.title)).toEqual(['栏目0', '栏目1', '栏目2', '']);
    // the same levels again: the same list
    expect(levelTree(made, page(3), '0', none, false, reuse)).toBe(first);
    // a page more: a new list, its first nodes those of before, a new "load more" entry
    const second = levelTree(made, page(5), '0', none, false, reuse);
    expect(second).not.toBe(first);
    expect(second.slice(0, 3)).toEqual(first.slice(0, 3));
    for (const [i, node] of second.slice(0, 3).entries()) expect(node).toBe(first[i]);
    expect(second.at(-1)?.more).toEqual({ parent: '0', shown: 5, total: 6 });
    // what is built is what a tree built without reuse holds
    expect(second).toEqual(levelTree(made, page(5), '0', none));
    // a node whose state changes is made again; the others are kept
    const blocked = levelTree(made, page(5), '0', (key) => key === '11', false, reuse);
    expect(blocked[1]).not.toBe(second[1]);
    expect(blocked[1].disabled).toBe(true);
    expect(blocked[0]).toBe(second[0]);
  });

  it('makes a node again when a level below it is read', () => {
    const reuse = nodeReuse();
    const top = new Map<string, Level>([['0', { keys: ['1', '4'], total: 2 }]]);
    const before = levelTree(entries, top, '0', none, false, reuse);
    const opened = new Map<string, Level>([...top, ['1', { keys: ['2'], total: 1 }]]);
    const after = levelTree(entries, opened, '0', none, false, reuse);
    expect(after[0]).not.toBe(before[0]);
    expect(titles(after)).toEqual([['学校新闻', ['校园动态']], '通知公告']);
    expect(after[1]).toBe(before[1]);
  });

  it('moves, opens and closes with the keys of the WAI-ARIA tree, and reads or activates on Enter', () => {
    const levels = new Map<string, Level>([
      ['0', { keys: ['1', '4'], total: 9 }],
      ['1', { keys: ['2'], total: 1 }],
    ]);
    const nodes = levelTree(entries, levels, '0', none);
    // 学校新闻 open: 学校新闻, 校园动态 (a closed branch), 通知公告, load more
    const rows = shownNodes(nodes, new Set(['1']));
    expect(rows.map((r) => r.key)).toEqual(['1', '2', '4', moreValue('0')]);
    expect(treeKeyAction('ArrowDown', rows, -1)).toEqual({ move: 0 });
    expect(treeKeyAction('ArrowDown', rows, 3)).toEqual({ move: 3 });
    expect(treeKeyAction('ArrowUp', rows, 0)).toEqual({ move: 0 });
    expect(treeKeyAction('End', rows, 0)).toEqual({ move: 3 });
    expect(treeKeyAction('Home', rows, 3)).toEqual({ move: 0 });
    // right: an open branch moves into its level, a closed one opens, a leaf does nothing
    expect(treeKeyAction('ArrowRight', rows, 0)).toEqual({ move: 1 });
    expect(treeKeyAction('ArrowRight', rows, 1)).toEqual({ toggle: rows[1] });
    expect(treeKeyAction('ArrowRight', rows, 2)).toBeUndefined();
    // left: an open branch closes, anything else moves to the entry above it in the tree
    expect(treeKeyAction('ArrowLeft', rows, 0)).toEqual({ toggle: rows[0] });
    expect(treeKeyAction('ArrowLeft', rows, 1)).toEqual({ move: 0 });
    expect(treeKeyAction('ArrowLeft', rows, 2)).toBeUndefined();
    expect(treeKeyAction('Enter', rows, 3)).toEqual({ more: '0' });
    expect(treeKeyAction('Enter', rows, 2)).toEqual({ activate: rows[2] });
    expect(treeKeyAction('Enter', rows, -1)).toBeUndefined();
    expect(treeKeyAction('a', rows, 0)).toBeUndefined();
    expect(treeKeyAction('ArrowDown', [], -1)).toBeUndefined();
  });

  it('adds or takes away a key in a new set, leaving the old one as it was', () => {
    const was: ReadonlySet<string> = new Set(['1']);
    expect([...withKey(was, '2', true)]).toEqual(['1', '2']);
    expect([...withKey(was, '1', false)]).toEqual([]);
    expect([...withKey(was, '3', false)]).toEqual(['1']);
    expect([...was]).toEqual(['1']);
  });
});
