// The picker for a tree-parent field, or a ref to a tree resource (a content's category): the
// referenced rows shown as their tree, read a level at a time however large the table
// (useTreePicker.ts). A tree-parent picker offers the root (0) as well; a multiple pick ticks
// each entry on its own, as the check tree (RefCheckTree.tsx) does. The chosen value shows as
// its path, read by id, so the picker names it before anything is opened.
import { TreeSelect } from 'antd';
import { startTransition, useMemo, useRef, useState } from 'react';
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
  // the latest reader, for the "load more" entries drawn with an earlier tree
  const loadMoreRef = useRef(picker.loadMore);
  loadMoreRef.current = picker.loadMore;
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
        title: (
          <a
            href="#more"
            data-more={parent}
            onClick={(event) => {
              // the entry is no choice: it reads the next page of its level
              event.preventDefault();
              event.stopPropagation();
              loadMoreRef.current(parent);
            }}
          >
            {t('loadMore', lang, { shown, total })}
          </a>
        ),
      };
    };
    return nodes.map(draw);
  }, [nodes, lang]);

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
  const labeled: Labeled[] = listOf(value).map((v) => ({ value: v, label: label(v) }));

  return (
    <TreeSelect<Labeled | Labeled[]>
      id={id}
      labelInValue
      value={multiple ? labeled : labeled[0]}
      onChange={(next) => {
        const ids = idsOf(next);
        onChange(multiple ? ids : ids[0]);
      }}
      treeData={treeData}
      loadData={(node) => picker.loadLevel(String(node.value))}
      treeLoadedKeys={loadedKeys}
      multiple={multiple}
      treeCheckable={multiple}
      // each entry ticked on its own: a cascade would save entries nobody chose (docs/schema.md)
      treeCheckStrictly={multiple}
      // a search tree is shown open; the browsing tree as the user opened it
      treeExpandedKeys={searching ? branchValues(nodes) : expanded}
      onTreeExpand={(keys) => {
        if (!searching) setExpanded(keys);
      }}
      // The list opens in a render React cuts into slices: mounting the popup, its tree and its
      // virtual list took 40-60 ms in the pointer's event, one frame (docs/benchmarks.md, "Tree
      // tables"). It closes at once.
      open={open}
      onOpenChange={(next) => {
        if (!next) setOpen(false);
        else
          startTransition(() => {
            setOpened(true);
            setOpen(true);
          });
      }}
      allowClear
      loading={picker.loading}
      disabled={disabled}
      placeholder={placeholder}
      showSearch={{
        searchValue: search,
        onSearch: setSearch,
        // when the server searches, its answer is already the match tree; otherwise filter what is loaded
        filterTreeNode: picker.serverSearch ? false : undefined,
        treeNodeFilterProp: 'title',
      }}
      style={{ minWidth: 180, ...style }}
    />
  );
}
