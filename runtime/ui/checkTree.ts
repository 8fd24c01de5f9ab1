// The logic of the check tree (RefCheckTree.tsx), apart from the DOM: the referenced rows nested,
// what a set of ticks means for each branch, and the explicit branch actions. Ticks are
// independent of each other: nothing here adds or drops a tick that was not asked for.
import type { Id } from '../client/resourceClient.ts';
import { buildTree, type TreeRow } from './buildTree.ts';

/** An option of the tree (useRefOptions' RefOption has this shape). */
export interface TreeOption {
  value: Id;
  label: string;
  parent?: Id;
  /** a second text, shown beside the label and searched as it is (a menu's permission code) */
  detail?: string;
}

export interface CheckNode {
  /** the option's id as a string: tree keys and ids from the server compare as text */
  key: string;
  option: TreeOption;
  children: CheckNode[];
}

/** The options nested by their parent; an option whose parent is not listed is a root. */
export function nestOptions(options: readonly TreeOption[]): CheckNode[] {
  const rows = options.map((option) => ({ id: option.value, parent: option.parent, option }));
  const convert = (row: TreeRow): CheckNode => ({
    key: String(row.id),
    option: row.option as TreeOption,
    children: (row.children ?? []).map(convert),
  });
  return buildTree(rows, 'parent').map(convert);
}

/** Every node of the trees, parents before their children. */
export function flatten(roots: readonly CheckNode[]): CheckNode[] {
  const out: CheckNode[] = [];
  const visit = (node: CheckNode) => {
    out.push(node);
    node.children.forEach(visit);
  };
  roots.forEach(visit);
  return out;
}

/** The keys of every node below `node`. */
export function descendantKeys(node: CheckNode): string[] {
  return flatten(node.children).map((n) => n.key);
}

export interface BranchCount {
  /** ticked entries below the node (the node itself not counted) */
  ticked: number;
  /** entries below the node */
  total: number;
}

/** For every node with children: how much of what lies below it is ticked. */
export function branchCounts(
  roots: readonly CheckNode[],
  ticked: ReadonlySet<string>,
): Map<string, BranchCount> {
  const out = new Map<string, BranchCount>();
  const visit = (node: CheckNode): BranchCount => {
    const count = { ticked: 0, total: 0 };
    for (const child of node.children) {
      const below = visit(child);
      count.total += 1 + below.total;
      count.ticked += (ticked.has(child.key) ? 1 : 0) + below.ticked;
    }
    if (node.children.length > 0) out.set(node.key, count);
    return count;
  };
  roots.forEach(visit);
  return out;
}

/**
 * The nodes shown half-ticked: not ticked themselves, with something ticked below. A ticked node
 * shows its own tick; its branch count says how much of the branch goes with it.
 */
export function halfTickedKeys(
  counts: ReadonlyMap<string, BranchCount>,
  ticked: ReadonlySet<string>,
): string[] {
  return [...counts].filter(([key, count]) => count.ticked > 0 && !ticked.has(key)).map(([key]) => key);
}

/** `value` with one entry ticked or unticked; every other tick stays as it was. */
export function setTick(value: readonly Id[], id: Id, on: boolean): Id[] {
  const key = String(id);
  const rest = value.filter((v) => String(v) !== key);
  return on ? [...rest, id] : rest;
}

/** `value` with a node and everything below it ticked (or unticked): the explicit branch action. */
export function setBranch(value: readonly Id[], node: CheckNode, on: boolean): Id[] {
  const branch = [node, ...flatten(node.children)];
  const keys = new Set(branch.map((n) => n.key));
  const rest = value.filter((v) => !keys.has(String(v)));
  return on ? [...rest, ...branch.map((n) => n.option.value)] : rest;
}

/**
 * The trees cut down to the nodes whose label or detail contains `term` (any case), with their
 * ancestors, so a hit is shown where it lives, and what lies below them, so a hit's buttons show.
 */
export function filterTree(roots: readonly CheckNode[], term: string): CheckNode[] {
  const needle = term.trim().toLowerCase();
  if (!needle) return [...roots];
  const hits = (node: CheckNode) =>
    node.option.label.toLowerCase().includes(needle) ||
    (node.option.detail?.toLowerCase().includes(needle) ?? false);
  const cut = (node: CheckNode): CheckNode | null => {
    if (hits(node)) return node;
    const children = node.children.map(cut).filter((n): n is CheckNode => n !== null);
    return children.length > 0 ? { ...node, children } : null;
  };
  return roots.map(cut).filter((n): n is CheckNode => n !== null);
}

/** Each node's labels from its root down to it, for naming an entry out of its tree. */
export function labelPaths(roots: readonly CheckNode[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const visit = (node: CheckNode, above: string[]) => {
    const path = [...above, node.option.label];
    out.set(node.key, path);
    for (const child of node.children) visit(child, path);
  };
  for (const root of roots) visit(root, []);
  return out;
}
