// The picker for a tree-parent field, or a ref to a tree resource (a content's category): the
// referenced rows shown as their tree, read a level at a time however large the table
// (useTreePicker.ts). A tree-parent picker offers the root (0) as well; a multiple pick ticks
// each entry on its own, as the check tree (RefCheckTree.tsx) does. The chosen value shows as
// its path, read by id, so the picker names it before anything is opened.
import { LoadingOutlined } from '@ant-design/icons';
import { TreeSelect } from 'antd';
import { createContext, startTransition, useCallback, useContext, useMemo, useRef, useState } from 'react';
import type { Id } from '../client/resourceClient.ts';
import type { Field, Lang } from '../schema/types.ts';
import { t } from './i18n.ts';
import {
  branchValues,
  levelTree,
  type PickNode,
  pathOf,
  ROOT_KEY,
  searchTree,
  type TreeEntry,
} from './pickerTree.ts';
import { useDrawnTree } from './useDrawnTree.ts';
import { useTreePicker } from './useTreePicker.ts';

export interface RefTreeSelectProps {
  field: Field;
  value?: Id | Id[] | null;
  onChange: (value: Id | Id[] | undefined) => void;
  multiple?: boolean;
  lang: Lang;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
  /** the row being edited: in a parent picker it cannot become its own parent or its descendants' child */
  selfId?: Id;
  style?: React.CSSProperties;
}

const ROOT_ID = 0;

interface Labeled {
  value: Id;
  label: string;
}

/** The ids of a pick, which antd hands over as `{ label, value }` pairs (labelInValue). */
function idsOf(next: unknown): Id[] {
  const items = Array.isArray(next) ? next : next === null || next === undefined ? [] : [next];
  return items.map((item) =>
    typeof item === 'object' && item !== null ? (item as { value: Id }).value : (item as Id),
  );
}

function listOf(value: Id | Id[] | null | undefined): Id[] {
  return Array.isArray(value) ? value : value === null || value === undefined ? [] : [value];
}

/** The levels whose next page is being read, read by the "load more" entries alone: a read starting
 * or ending draws them, not the select and its list (a new tree would be indexed again whole). */
const ReadingMoreContext = createContext<readonly string[]>([]);

interface MoreEntryProps {
  parent: string;
  shown: number;
  total: number;
  lang: Lang;
  onLoadMore: (parent: string) => void;
}

/** A level's "load more" entry: no choice, it reads the level's next page, and spins while it does. */
function MoreEntry({ parent, shown, total, lang, onLoadMore }: MoreEntryProps) {
  const reading = useContext(ReadingMoreContext).includes(parent);
  return (
    <a
      href="#more"
      data-more={parent}
      aria-busy={reading}
      onClick={(event) => {
        event.preventDefault();
        event.stopPropagation();
        if (!reading) onLoadMore(parent);
      }}
    >
      {t('loadMore', lang, { shown, total })}
      {reading && <LoadingOutlined style={{ marginInlineStart: 8 }} />}
    </a>
  );
}

export function RefTreeSelect({
  field,
  value,
  onChange,
  multiple,
  lang,
  placeholder,
  disabled,
  id,
  selfId,
  style,
}: RefTreeSelectProps) {
  const [opened, setOpened] = useState(false);
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const picker = useTreePicker(field, search, value, opened);
  const isParentPicker = field.type === 'tree-parent';
  const [expanded, setExpanded] = useState<Array<string | number>>(isParentPicker ? [ROOT_ID] : []);

  // The tree is built again only when what it shows changes: antd's tree goes over every entry
  // it is handed (its index of keys, its flat list of open rows), which on a level read to a few
  // thousand entries costs a frame each time. A fetch starting or ending, the list opening or a
  // keystroke draws with the same tree.
  const { shown, total } = picker.searchCount;
  const read = useMemo(
    () => ({
      searching: picker.searching,
      entries: picker.entries,
      hits: picker.hits,
      order: picker.order,
      levels: picker.levels,
      shown,
      total,
    }),
    [picker.searching, picker.entries, picker.hits, picker.order, picker.levels, shown, total],
  );
  // a "load more" read is drawn in a render React cuts into slices, a level's first page at once
  const drawn = useDrawnTree(read);
  const { searching, entries, hits, order, levels, shown: shownHits, total: totalHits } = drawn;
  // the latest props and reader, for the select and the "load more" entries kept from an earlier
  // render (the select is one element while what it shows stays, below)
  const latest = useRef({ onChange, loadLevel: picker.loadLevel, loadMore: picker.loadMore });
  latest.current = { onChange, loadLevel: picker.loadLevel, loadMore: picker.loadMore };
  const onLoadMore = useCallback((parent: string) => latest.current.loadMore(parent), []);
  const nodes = useMemo(() => {
    // a row cannot move under itself or under one of its own descendants. Only a parent picker
    // points into the edited row's own tree: a ref from a content to its category must not lose
    // the category that happens to share the content's id
    const self = isParentPicker && selfId !== undefined ? String(selfId) : undefined;
    const blocked = (key: string) => key === self;
    if (searching) return searchTree(entries, hits, order, blocked, { shown: shownHits, total: totalHits });
    const tops = levelTree(entries, levels, ROOT_KEY, blocked);
    if (!isParentPicker) return tops;
    // the root holds the whole tree, so choosing it means "top level"
    const root: PickNode = { value: ROOT_ID, title: t('root', lang), children: tops, isLeaf: false };
    return [root];
  }, [searching, entries, hits, order, shownHits, totalHits, levels, isParentPicker, selfId, lang]);

  const treeData = useMemo(() => {
    type Drawn = Omit<PickNode, 'title' | 'children'> & { title: React.ReactNode; children?: Drawn[] };
    const draw = (node: PickNode): Drawn => {
      if (!node.more) return { ...node, children: node.children?.map(draw) };
      const { parent, shown, total } = node.more;
      return {
        ...node,
        title: <MoreEntry parent={parent} shown={shown} total={total} lang={lang} onLoadMore={onLoadMore} />,
      };
    };
    return nodes.map(draw);
  }, [nodes, lang, onLoadMore]);

  // the levels read so far: antd asks for the others when their node opens
  const loadedKeys = useMemo(() => {
    const keys: Array<string | number> = [];
    for (const parent of levels.keys()) {
      if (parent === ROOT_KEY) keys.push(ROOT_ID);
      else {
        const entry = entries.get(parent);
        if (entry) keys.push(entry.id);
      }
    }
    return keys;
  }, [levels, entries]);

  const label = (entryId: Id): string => {
    if (isParentPicker && String(entryId) === ROOT_KEY) return t('root', lang);
    const path = pathOf(picker.entries as ReadonlyMap<string, TreeEntry>, String(entryId));
    return path.length > 0 ? path.join(' / ') : String(entryId);
  };
  // The select is one element for as long as what it shows stays. Each read renders this picker
  // three or four times (the read starting, its page arriving, the read ending, the new tree), and
  // each render of antd's select drew its open list again, every entry in view, in a render React
  // does not cut: 0.6 s of the 2.4 s such renders took over the 99 reads of bench:treetable's
  // picker (docs/benchmarks.md, "Tree tables"). A "load more" read spins its own entry (the
  // context above), not the select.
  const labeledKey = JSON.stringify(listOf(value).map((v) => ({ value: v, label: label(v) })));
  const labeled = useMemo(() => JSON.parse(labeledKey) as Labeled[], [labeledKey]);
  const onPick = useCallback(
    (next: unknown) => {
      const ids = idsOf(next);
      latest.current.onChange(multiple ? ids : ids[0]);
    },
    [multiple],
  );
  const loadData = useCallback(
    (node: { value?: unknown }) => latest.current.loadLevel(String(node.value)),
    [],
  );
  // a search tree is shown open; the browsing tree as the user opened it
  const expandedKeys = useMemo(
    () => (searching ? branchValues(nodes) : expanded),
    [searching, nodes, expanded],
  );
  const onTreeExpand = useCallback(
    (keys: Array<string | number>) => {
      if (!searching) setExpanded(keys);
    },
    [searching],
  );
  // The list opens in a render React cuts into slices: mounting the popup, its tree and its
  // virtual list took 40-60 ms in the pointer's event, one frame (docs/benchmarks.md, "Tree
  // tables"). It closes at once.
  const onOpenChange = useCallback((next: boolean) => {
    if (!next) setOpen(false);
    else
      startTransition(() => {
        setOpened(true);
        setOpen(true);
      });
  }, []);
  const { serverSearch, loadingList } = picker;
  const showSearch = useMemo(
    () => ({
      searchValue: search,
      onSearch: setSearch,
      // when the server searches, its answer is already the match tree; otherwise filter what is loaded
      filterTreeNode: serverSearch ? false : undefined,
      treeNodeFilterProp: 'title',
    }),
    [search, serverSearch],
  );
  const shownStyle = useMemo(() => ({ minWidth: 180, ...style }), [style]);

  const select = useMemo(
    () => (
      <TreeSelect<Labeled | Labeled[]>
        id={id}
        labelInValue
        value={multiple ? labeled : labeled[0]}
        onChange={onPick}
        treeData={treeData}
        loadData={loadData}
        treeLoadedKeys={loadedKeys}
        multiple={multiple}
        treeCheckable={multiple}
        // each entry ticked on its own: a cascade would save entries nobody chose (docs/schema.md)
        treeCheckStrictly={multiple}
        treeExpandedKeys={expandedKeys}
        onTreeExpand={onTreeExpand}
        open={open}
        onOpenChange={onOpenChange}
        allowClear
        loading={loadingList}
        disabled={disabled}
        placeholder={placeholder}
        showSearch={showSearch}
        style={shownStyle}
      />
    ),
    [
      id,
      multiple,
      labeled,
      onPick,
      treeData,
      loadData,
      loadedKeys,
      expandedKeys,
      onTreeExpand,
      open,
      onOpenChange,
      loadingList,
      disabled,
      placeholder,
      showSearch,
      shownStyle,
    ],
  );
  return <ReadingMoreContext.Provider value={picker.loadingMore}>{select}</ReadingMoreContext.Provider>;
}
