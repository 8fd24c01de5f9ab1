// The category tree beside the home-page blocks, each category marked with the blocks that show
// it. The tree is read as every tree view reads one (useTreeReads.ts): the top level first, a
// level when the user opens it, a page at a time, with a "load more" entry at the end of a level
// not read to its end; each page of categories read brings one read of the blocks that show any of
// them. The tree draws only the entries in its view (antd's virtual tree), so a level of 5,000
// categories reads and scrolls as one of twenty does.

import { DownOutlined, LoadingOutlined } from '@ant-design/icons';
import { Button, Empty, Spin, Tree, type TreeDataNode } from 'antd';
import { createContext, startTransition, useCallback, useContext, useMemo, useState } from 'react';
import { LIST_ALL_MAX_PAGES } from '../../../runtime/client/constants.ts';
import { type AllRows, listAll } from '../../../runtime/client/listAll.ts';
import type { ResourceClient } from '../../../runtime/client/resourceClient.ts';
import { t } from '../../../runtime/ui/i18n.ts';
import { ROOT_KEY } from '../../../runtime/ui/listReads.ts';
import { entriesOf, entryReuse, levelTree, type PickNode } from '../../../runtime/ui/pickerTree.ts';
import { queryKeys } from '../../../runtime/ui/queryKeys.ts';
import { useQueriesInTransition } from '../../../runtime/ui/useQueriesInTransition.ts';
import { useTreeReads } from '../../../runtime/ui/useTreeReads.ts';
import { useLanguageStore } from '../../stores/language.ts';

/** Categories a read of a level brings. */
export const TREE_LEVEL_SIZE = 100;
/** The tree's height: a longer tree scrolls inside it, drawing only the entries in view. */
export const TREE_HEIGHT = 480;
/** The blocks' field that names the category a block shows. */
const SHOWN_FIELD = 'categoryId';

export interface CategoryTreeProps {
  categories: ResourceClient;
  /** the blocks, when the user may list them; their `categoryId` marks the categories */
  blocks?: ResourceClient;
}

/** What the entries in view show beside the tree's shape: the marks, and the reads under way. */
interface TreeState {
  /** block names by the id of the category they show */
  marks: ReadonlyMap<string, string[]>;
  /** the levels whose first page is being read (a category opened) */
  loadingLevels: readonly string[];
  /** the levels whose next page is being read */
  loadingMore: readonly string[];
  loadMore(parent: string): void;
}

const TreeStateContext = createContext<TreeState>({
  marks: new Map(),
  loadingLevels: [],
  loadingMore: [],
  loadMore() {},
});

/** The read category ids in pages of TREE_LEVEL_SIZE, a level at a time: each page's marks are
 * read once, and a level read further adds a page without changing the ones before. */
function idPages(levels: ReadonlyMap<string, { keys: string[] }>): string[][] {
  const pages: string[][] = [];
  for (const { keys } of levels.values())
    for (let at = 0; at < keys.length; at += TREE_LEVEL_SIZE)
      pages.push(keys.slice(at, at + TREE_LEVEL_SIZE));
  return pages;
}

/** The blocks named after a category's name; past a few, how many more, to keep it one line. */
const NAMED_BLOCKS = 3;
const shownByText = (blocks: readonly string[]) =>
  blocks.length > NAMED_BLOCKS
    ? `${blocks.slice(0, NAMED_BLOCKS).join(', ')}, +${blocks.length - NAMED_BLOCKS}`
    : blocks.join(', ');

/** A category's name and the blocks that show it; a spinner while its level is read. */
function CategoryTitle({ id, name }: { id: string; name: string }) {
  const { marks, loadingLevels } = useContext(TreeStateContext);
  const shownBy = marks.get(id);
  return (
    <>
      {shownBy?.length ? `${name} · ${shownByText(shownBy)}` : name}
      {loadingLevels.includes(id) && <LoadingOutlined aria-hidden style={{ marginInlineStart: 8 }} />}
    </>
  );
}

/** A level's "load more" entry. The spinner is the button's icon, and the button always has one,
 * as the tree table's "load more" row (TableBody.tsx): antd's `loading` sets state from layout
 * effects. */
function MoreEntry({ parent, shown, total }: { parent: string; shown: number; total: number }) {
  const lang = useLanguageStore((s) => s.lang);
  const { loadingMore, loadMore } = useContext(TreeStateContext);
  const reading = loadingMore.includes(parent);
  return (
    <Button
      type="link"
      size="small"
      aria-busy={reading}
      // the icons are drawn, not read: the button is named by its text alone
      icon={reading ? <LoadingOutlined aria-hidden /> : <DownOutlined aria-hidden />}
      onClick={() => {
        if (!reading) loadMore(parent);
      }}
    >
      {t('loadMore', lang, { shown, total })}
    </Button>
  );
}

/** The tree's shape: a node an entry. Titles are components that read the marks and the reads
 * under way from the context, so that neither changes the tree's data: antd's tree works out every
 * node's place again for new data, a thousand nodes in one render that React cannot cut. */
function toData(node: PickNode): TreeDataNode {
  const { more } = node;
  const key = String(node.value);
  if (more)
    return {
      key,
      isLeaf: true,
      selectable: false,
      title: <MoreEntry parent={more.parent} shown={more.shown} total={more.total} />,
    };
  return {
    key,
    title: <CategoryTitle id={key} name={node.title} />,
    // said either way: a level not read yet (no children) is still a branch, read when it opens
    isLeaf: node.isLeaf === true || node.children?.length === 0,
    children: node.children?.map(toData),
  };
}

export function CategoryTree({ categories, blocks }: CategoryTreeProps) {
  const resource = categories.resource;
  // the label the blocks' own form shows for a category, else the tree's parent picker's
  const labelField =
    blocks?.resource.fields.find((field) => field.name === SHOWN_FIELD)?.refLabel ??
    resource.fields.find((field) => field.name === resource.treeParent)?.refLabel;
  const reads = useTreeReads({
    client: categories,
    pageSize: TREE_LEVEL_SIZE,
    sort: resource.order?.field,
    enabled: true,
  });
  const [made] = useState(entryReuse);
  const entries = useMemo(
    () => entriesOf(reads.rows, resource.treeParent, labelField, made),
    [reads.rows, resource.treeParent, labelField, made],
  );

  // The blocks showing a page of a hundred categories: a block or two each, read to their end
  // (listAll.ts) so no mark is lost however many there are. The reads are handed to React in a
  // transition (useQueriesInTransition.ts), as the levels' are.
  const pages = useMemo(() => idPages(reads.levels), [reads.levels]);
  const markQueries = useMemo(
    () =>
      pages.map((ids) => ({
        queryKey: [...queryKeys.resource(blocks?.resource.name ?? ''), 'showing', ids.join(',')],
        queryFn: ({ signal }: { signal: AbortSignal }) =>
          listAll(
            blocks!,
            { filters: { [SHOWN_FIELD]: ids } },
            { maxPages: LIST_ALL_MAX_PAGES, signal, silent: true },
          ),
        enabled: Boolean(blocks),
        staleTime: 30_000,
      })),
    [pages, blocks],
  );
  const marks = useQueriesInTransition(
    markQueries,
    useCallback((results: Array<{ data?: AllRows }>) => {
      const byCategory = new Map<string, string[]>();
      for (const result of results)
        for (const block of result.data?.rows ?? []) {
          const key = String(block[SHOWN_FIELD]);
          byCategory.set(key, [...(byCategory.get(key) ?? []), String(block.blockName)]);
        }
      return byCategory;
    }, []),
  );

  const treeData = useMemo(
    () => levelTree(entries, reads.levels, ROOT_KEY, () => false).map(toData),
    [entries, reads.levels],
  );
  const { loadingLevels, loadingMore, loadMore, openLevel } = reads;
  // a new value each render (`loadMore` is): the titles reading it are the twenty or so in view,
  // which antd's tree draws again with each render of it anyway
  const state: TreeState = { marks, loadingLevels, loadingMore, loadMore };
  // A category opens, and its level is asked for, in transitions, which React may cut into
  // slices, as the tree table's rows: antd's own `loadData` has its level's rows drawn in one
  // render when they arrive (68 ms in bench:treetable).
  const [expanded, setExpanded] = useState<string[]>([]);

  const top = reads.levels.get(ROOT_KEY);
  if (top && top.total === 0) return <Empty />;
  return (
    <TreeStateContext.Provider value={state}>
      <Spin spinning={!top && reads.loadingList}>
        <Tree
          data-testid="category-tree"
          treeData={treeData}
          selectable={false}
          blockNode
          height={TREE_HEIGHT}
          expandedKeys={expanded}
          onExpand={(keys, { expanded: opening, node }) => {
            startTransition(() => setExpanded(keys.map(String)));
            if (opening) openLevel(String(node.key));
          }}
        />
      </Spin>
    </TreeStateContext.Provider>
  );
}
