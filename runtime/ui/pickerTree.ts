// The tree a tree picker (RefTreeSelect.tsx) shows, apart from the DOM. The picker never holds
// the whole table: it knows the rows it has read (a level at a time, a search's hits with the
// rows above them, the chosen value with its path) as entries, and each level it has read as
// the keys of its rows in the server's order with the level's total. From these it draws a
// browsing tree, or a search tree of the hits under their ancestors; a row that may not be
// chosen (the edited row in its own parent picker) is disabled, and so is all below it.
import type { Id, Row } from '../client/resourceClient.ts';
import { ROOT_KEY } from './listReads.ts';
import { sameItems } from './sameItems.ts';

export interface TreeEntry {
  id: Id;
  key: string;
  /** the parent's key; ROOT_KEY at the top */
  parent: string;
  label: string;
  /** whether some row has this one as parent; unknown when the server was not asked */
  hasChildren?: boolean;
}

/** A level read so far: its rows' keys in the server's order, and how many rows it holds. */
export interface Level {
  keys: string[];
  total: number;
}

/** A node as antd's TreeSelect takes it; `more` marks the "load more" entry of a level. */
export interface PickNode {
  value: Id | string;
  title: string;
  isLeaf?: boolean;
  disabled?: boolean;
  selectable?: boolean;
  checkable?: boolean;
  children?: PickNode[];
  more?: { parent: string; shown: number; total: number };
}

export function entryOf(
  row: Row,
  parentField: string | undefined,
  labelField: string | undefined,
): TreeEntry {
  const parent = parentField ? row[parentField] : undefined;
  const hasChildren = row.hasChildren;
  return {
    id: row.id,
    key: String(row.id),
    parent: parent === null || parent === undefined || parent === '' ? ROOT_KEY : String(parent),
    label: labelField && row[labelField] != null ? String(row[labelField]) : String(row.id),
    hasChildren: typeof hasChildren === 'boolean' ? hasChildren : undefined,
  };
}

/** The entries made so far, by the row object each was made from, and the fields they read. */
export interface EntryReuse {
  made: WeakMap<Row, TreeEntry>;
  fields?: string;
}

export const entryReuse = (): EntryReuse => ({ made: new WeakMap() });

/** The entries by key, as the trees below look them up. */
export interface Entries {
  get(key: string): TreeEntry | undefined;
}

/**
 * The entries of the rows read, by key: a view over the rows, each row's entry made when first
 * looked up and kept in `reuse` for as long as the row object lives (react-query hands back the
 * rows of earlier reads as they were). A read then makes the entries of its own rows, and no map
 * of every entry read so far (a map of 5,000 made again at each of a picker's 99 reads was a
 * tenth of what they allocated, docs/benchmarks.md, "Tree tables").
 */
export function entriesOf(
  rows: ReadonlyMap<string, Row>,
  parentField: string | undefined,
  labelField: string | undefined,
  reuse: EntryReuse,
): Entries {
  const fields = `${parentField ?? ''}\n${labelField ?? ''}`;
  if (reuse.fields !== fields) {
    reuse.made = new WeakMap();
    reuse.fields = fields;
  }
  const { made } = reuse;
  return {
    get(key) {
      const row = rows.get(key);
      if (row === undefined) return undefined;
      let entry = made.get(row);
      if (!entry) {
        entry = entryOf(row, parentField, labelField);
        made.set(row, entry);
      }
      return entry;
    },
  };
}

/** The value of the "load more" entry of a level: never an id. */
export const moreValue = (parent: string) => `more:${parent}`;

function moreNode(parent: string, shown: number, total: number): PickNode {
  return {
    value: moreValue(parent),
    title: '',
    isLeaf: true,
    selectable: false,
    checkable: false,
    more: { parent, shown, total },
  };
}

/**
 * The nodes a tree drew last, for the next to reuse: a node whose entry, state and children are
 * unchanged is the same object, and so is a level all of whose nodes are. A read adding a page to
 * a level of thousands then makes the nodes of its own rows; the others, and the objects below
 * them (a table's rows, react-table's), stay as they were, which leaves the garbage collector the
 * new page's objects to move rather than every row's (docs/benchmarks.md, "Tree tables").
 */
export interface NodeReuse {
  nodes: WeakMap<TreeEntry, PickNode>;
  levels: Map<string, PickNode[]>;
}

export const nodeReuse = (): NodeReuse => ({ nodes: new WeakMap(), levels: new Map() });

/**
 * The levels read so far below `parent`, as nested nodes: a level not read yet is left for the
 * picker to load when its node opens; a row known to have no children is a leaf. With `reuse`,
 * what is unchanged since the last call is handed back as the same objects.
 */
export function levelTree(
  entries: Entries,
  levels: ReadonlyMap<string, Level>,
  parent: string,
  blocked: (key: string) => boolean,
  parentBlocked = false,
  reuse?: NodeReuse,
): PickNode[] {
  const level = levels.get(parent);
  if (!level) return [];
  const before = reuse?.levels.get(parent);
  const nodes: PickNode[] = [];
  for (const key of level.keys) {
    const entry = entries.get(key);
    if (!entry) continue;
    const disabled = parentBlocked || blocked(key);
    const isLeaf = entry.hasChildren === false;
    const children = levels.has(key) ? levelTree(entries, levels, key, blocked, disabled, reuse) : undefined;
    const known = reuse?.nodes.get(entry);
    if (known && known.disabled === disabled && known.isLeaf === isLeaf && known.children === children) {
      nodes.push(known);
      continue;
    }
    const node: PickNode = { value: entry.id, title: entry.label, disabled, isLeaf, children };
    reuse?.nodes.set(entry, node);
    nodes.push(node);
  }
  if (level.keys.length < level.total) {
    const last = before?.at(-1)?.more;
    nodes.push(
      last && last.shown === level.keys.length && last.total === level.total
        ? before!.at(-1)!
        : moreNode(parent, level.keys.length, level.total),
    );
  }
  if (!reuse) return nodes;
  const kept = before && sameItems(before, nodes) ? before : nodes;
  reuse.levels.set(parent, kept);
  return kept;
}

/**
 * A search's hits under every row above them, so the user sees where each sits. `order` holds
 * the hits and their ancestors in the order siblings are shown; `more` adds a "load more" entry
 * when the search holds more hits than are loaded.
 */
export function searchTree(
  entries: Entries,
  hits: readonly string[],
  order: readonly string[],
  blocked: (key: string) => boolean,
  more?: { shown: number; total: number },
): PickNode[] {
  const included = new Set<string>();
  for (const hit of hits) {
    let key: string | undefined = hit;
    while (key !== undefined && key !== ROOT_KEY && !included.has(key)) {
      const entry = entries.get(key);
      if (!entry) break;
      included.add(key);
      key = entry.parent;
    }
  }
  const children = new Map<string, string[]>();
  const tops: string[] = [];
  for (const key of order) {
    if (!included.has(key)) continue;
    const parent = entries.get(key)!.parent;
    if (included.has(parent)) children.set(parent, [...(children.get(parent) ?? []), key]);
    else tops.push(key);
  }
  const build = (keys: string[], parentBlocked: boolean): PickNode[] =>
    keys.map((key) => {
      const entry = entries.get(key)!;
      const disabled = parentBlocked || blocked(key);
      const below = children.get(key);
      return {
        value: entry.id,
        title: entry.label,
        disabled,
        isLeaf: !below,
        children: below ? build(below, disabled) : undefined,
      };
    });
  const nodes = build(tops, false);
  if (more && more.shown < more.total) nodes.push(moreNode('search', more.shown, more.total));
  return nodes;
}

/** The labels from the top of the tree down to `key`, as far as they are known. */
export function pathOf(entries: Entries, key: string): string[] {
  const labels: string[] = [];
  const seen = new Set<string>();
  let current = entries.get(key);
  while (current && !seen.has(current.key)) {
    seen.add(current.key);
    labels.unshift(current.label);
    current = current.parent === ROOT_KEY ? undefined : entries.get(current.parent);
  }
  return labels;
}

/** An entry of the open list as it is drawn: a node of the tree, how deep it sits, and whether
 * its level is shown open. */
export interface ShownNode {
  node: PickNode;
  key: string;
  depth: number;
  /** it may hold rows: shown with a switcher to open or close it */
  branch: boolean;
  open: boolean;
}

/**
 * The entries of the open list, top to bottom: every node whose parents are all open. A node
 * whose level was read and found empty, or known to have no children, is a leaf; one whose level
 * was not read yet is a branch, which the picker reads when it is opened. One pass over the
 * entries shown, so a level read to thousands costs a few milliseconds to list again.
 */
export function shownNodes(
  nodes: readonly PickNode[],
  expanded: ReadonlySet<string>,
  allOpen = false,
): ShownNode[] {
  const shown: ShownNode[] = [];
  const walk = (level: readonly PickNode[], depth: number) => {
    for (const node of level) {
      const key = String(node.value);
      const branch = !node.more && !node.isLeaf && (node.children === undefined || node.children.length > 0);
      const open = branch && (allOpen || expanded.has(key));
      shown.push({ node, key, depth, branch, open });
      if (open && node.children) walk(node.children, depth + 1);
    }
  };
  walk(nodes, 0);
  return shown;
}

/**
 * The tree cut down to the nodes whose title holds `text` (any case) and the nodes above them, for
 * a picker whose server cannot search the label: it searches what it has read, as antd's tree
 * select did. A match keeps what was read below it; `open` holds the nodes above a match, which
 * the list shows open.
 */
export function filterTree(
  nodes: readonly PickNode[],
  text: string,
): { nodes: PickNode[]; open: Set<string> } {
  const wanted = text.trim().toLowerCase();
  const open = new Set<string>();
  const keep = (level: readonly PickNode[]): PickNode[] =>
    level.flatMap((node) => {
      if (node.more) return [];
      if (node.title.toLowerCase().includes(wanted)) return [node];
      const below = node.children ? keep(node.children) : [];
      if (below.length === 0) return [];
      open.add(String(node.value));
      return [{ ...node, children: below }];
    });
  return { nodes: keep(nodes), open };
}

/** What a key pressed in a tree's list does (RefTreeSelect.tsx, CategoryTree.tsx), as WAI-ARIA's
 * tree pattern has it: up and down move along the entries, Home and End to the first and last;
 * right opens a closed branch or moves into an open one, left closes an open branch or moves to
 * the entry above it; Enter reads a "load more" entry's next page, or activates the entry (a
 * picker chooses it). `at` is the entry the keyboard is on, or -1. */
export type TreeKeyAction =
  | { move: number }
  | { toggle: ShownNode }
  | { more: string }
  | { activate: ShownNode };

export function treeKeyAction(
  key: string,
  rows: readonly ShownNode[],
  at: number,
): TreeKeyAction | undefined {
  if (rows.length === 0) return undefined;
  const row = rows[at] as ShownNode | undefined;
  const to = (index: number) => ({ move: Math.max(0, Math.min(rows.length - 1, index)) });
  switch (key) {
    case 'ArrowDown':
      return to(at + 1);
    case 'ArrowUp':
      return to(at < 0 ? 0 : at - 1);
    case 'Home':
      return to(0);
    case 'End':
      return to(rows.length - 1);
    case 'ArrowRight':
      if (!row?.branch) return undefined;
      return row.open ? (rows[at + 1]?.depth === row.depth + 1 ? to(at + 1) : undefined) : { toggle: row };
    case 'ArrowLeft': {
      if (!row) return undefined;
      if (row.open) return { toggle: row };
      for (let above = at - 1; above >= 0; above--) if (rows[above].depth < row.depth) return to(above);
      return undefined;
    }
    case 'Enter':
      if (!row) return undefined;
      return row.node.more ? { more: row.node.more.parent } : { activate: row };
    default:
      return undefined;
  }
}

/** What a tree's list does with each kind of key action. */
export interface TreeKeyHandlers {
  /** the keyboard moves to the entry `key` */
  move(key: string): void;
  toggle(row: ShownNode): void;
  more(parent: string): void;
  activate(row: ShownNode): void;
}

/** Does what `key` does in the list (treeKeyAction) through `handlers`: whether it did anything,
 * so the key's own default is kept from happening. */
export function onTreeKey(
  key: string,
  rows: readonly ShownNode[],
  at: number,
  handlers: TreeKeyHandlers,
): boolean {
  const action = treeKeyAction(key, rows, at);
  if (!action) return false;
  if ('move' in action) handlers.move(rows[action.move].key);
  else if ('toggle' in action) handlers.toggle(action.toggle);
  else if ('more' in action) handlers.more(action.more);
  else handlers.activate(action.activate);
  return true;
}

/** `keys` with `key` in it (`present`) or not, as a new set: the keys of the open or the opening
 * entries held in React state, which a change must not touch in place. */
export function withKey(keys: ReadonlySet<string>, key: string, present: boolean): ReadonlySet<string> {
  const next = new Set(keys);
  if (present) next.add(key);
  else next.delete(key);
  return next;
}
