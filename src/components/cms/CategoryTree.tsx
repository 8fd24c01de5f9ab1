// The category tree beside the home-page blocks, each category marked with the blocks that show
// it. The tree is read as every tree view reads one (useTreeReads.ts): the top level first, a
// level when the user opens it, a page at a time, with a "load more" entry at the end of a level
// not read to its end; each page of categories read brings one read of the blocks that show any of
// them. It is drawn as antd's tree draws one, its entries in view alone (TreeList.tsx), so a level
// of 5,000 categories reads and scrolls as one of twenty does.

import { DownOutlined, LoadingOutlined } from '@ant-design/icons';
import { Button, ConfigProvider, Empty, Spin } from 'antd';
import useTreeStyle from 'antd/es/tree/style';
import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { LIST_ALL_MAX_PAGES } from '../../../runtime/client/constants.ts';
import { type AllRows, listAll } from '../../../runtime/client/listAll.ts';
import type { ResourceClient } from '../../../runtime/client/resourceClient.ts';
import { t } from '../../../runtime/ui/i18n.ts';
import { ROOT_KEY } from '../../../runtime/ui/listReads.ts';
import {
  entriesOf,
  entryReuse,
  levelTree,
  nodeReuse,
  type PickNode,
  type ShownNode,
  shownNodes,
  withKey,
} from '../../../runtime/ui/pickerTree.ts';
import { queryKeys } from '../../../runtime/ui/queryKeys.ts';
import { type MoreProps, TreeList } from '../../../runtime/ui/TreeList.tsx';
import { useQueriesInTransition } from '../../../runtime/ui/useQueriesInTransition.ts';
import { useTreeKeyboard } from '../../../runtime/ui/useTreeKeyboard.ts';
import { useTreeReads } from '../../../runtime/ui/useTreeReads.ts';
import { useLanguageStore } from '../../stores/language.ts';

/** Categories a read of a level brings. */
export const TREE_LEVEL_SIZE = 100;
/** The tree's height: a longer tree scrolls inside it, drawing only the entries in view. */
export const TREE_HEIGHT = 480;
/** The blocks' field that names the category a block shows. */
const SHOWN_FIELD = 'categoryId';
/** nothing is chosen in this tree */
const NONE: ReadonlySet<string> = new Set();

export interface CategoryTreeProps {
  categories: ResourceClient;
  /** the blocks, when the user may list them; their `categoryId` marks the categories */
  blocks?: ResourceClient;
  /** the tree's name, read by assistive technology */
  label: string;
}

/** Block names by the id of the category they show: read by the titles in view, so that new marks
 * draw those titles and not the tree's entries. */
const MarksContext = createContext<ReadonlyMap<string, string[]>>(new Map());

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

/** A category's name and the blocks that show it. */
function CategoryTitle({ node }: { node: PickNode }) {
  const shownBy = useContext(MarksContext).get(String(node.value));
  return <>{shownBy?.length ? `${node.title} · ${shownByText(shownBy)}` : node.title}</>;
}

/** A level's "load more" entry: a button, as the tree table's "load more" row (TableBody.tsx),
 * that reads when clicked. The spinner is the button's icon, and the button always has one: antd's
 * `loading` sets state from layout effects. */
function MoreEntry({ parent, shown, total, reading, lang, onLoadMore }: MoreProps) {
  return (
    <Button
      type="link"
      size="small"
      aria-busy={reading}
      // the icons are drawn, not read: the button is named by its text alone
      icon={reading ? <LoadingOutlined aria-hidden /> : <DownOutlined aria-hidden />}
      onClick={() => {
        if (!reading) onLoadMore(parent);
      }}
    >
      {t('loadMore', lang, { shown, total })}
    </Button>
  );
}

export function CategoryTree({ categories, blocks, label }: CategoryTreeProps) {
  const resource = categories.resource;
  const lang = useLanguageStore((s) => s.lang);
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

  // The entries shown, top to bottom: the levels read, as far as they are open. A page read adds
  // its nodes and leaves the others the same objects (nodeReuse), and the list draws the entries
  // in its view (TreeList.tsx): antd's own tree indexed every node again for each page, a level
  // of thousands in one render React could not cut (docs/benchmarks.md, "Tree tables").
  const [reuse] = useState(nodeReuse);
  const nodes = useMemo(
    () => levelTree(entries, reads.levels, ROOT_KEY, () => false, false, reuse),
    [entries, reads.levels, reuse],
  );
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const rows = useMemo(() => shownNodes(nodes, expanded), [nodes, expanded]);
  const opening = useMemo(() => new Set(reads.loadingLevels), [reads.loadingLevels]);
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const active = activeKey === null ? -1 : rows.findIndex((row) => row.key === activeKey);

  // what the handlers read, as of the last render: the entries' handlers stay the same functions,
  // so a read draws the entries in view that changed and not the others
  const latest = useRef(reads);
  latest.current = reads;
  // A category opens, and its level is asked for, in transitions, which React may cut into slices,
  // as the tree table's rows
  const onSwitch = useCallback((row: ShownNode) => {
    const { key, open } = row;
    startTransition(() => setExpanded((was) => withKey(was, key, !open)));
    if (!open && row.node.children === undefined) latest.current.openLevel(key);
  }, []);
  const onLoadMore = useCallback((parent: string) => latest.current.loadMore(parent), []);
  // the keyboard, as in antd's tree (useTreeKeyboard.ts); Enter opens or closes a category
  const keyboard = useTreeKeyboard({
    rows,
    active,
    handlers: {
      move: setActiveKey,
      toggle: onSwitch,
      more: onLoadMore,
      activate: (row) => {
        if (row.branch) onSwitch(row);
      },
    },
  });
  const ownId = useId();

  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const tree = getPrefixCls('tree');
  const [hashId, cssVarCls] = useTreeStyle(tree);
  const top = reads.levels.get(ROOT_KEY);
  if (top && top.total === 0) return <Empty />;
  return (
    <MarksContext.Provider value={marks}>
      <Spin spinning={!top && reads.loadingList}>
        <TreeList
          tree={tree}
          rows={rows}
          height={TREE_HEIGHT}
          idPrefix={ownId}
          multiple={false}
          chosen={NONE}
          opening={opening}
          readingMore={reads.loadingMore}
          active={active}
          lang={lang}
          onSwitch={onSwitch}
          onLoadMore={onLoadMore}
          readOnView={false}
          focusRing
          Title={CategoryTitle}
          More={MoreEntry}
          rootProps={{
            'data-testid': 'category-tree',
            className: [`${tree}-block-node`, `${tree}-unselectable`, hashId, cssVarCls].join(' '),
          }}
          treeProps={{ ...keyboard, 'aria-label': label }}
        />
      </Spin>
    </MarksContext.Provider>
  );
}
