// The picker for a tree-parent field, or a ref to a tree resource (a content's category): the
// referenced rows shown as their tree, read a level at a time however large the table
// (useTreePicker.ts). A tree-parent picker offers the root (0) as well; a multiple pick ticks
// each entry on its own, as the check tree (RefCheckTree.tsx) does. The chosen value shows as
// its path, read by id, so the picker names it before anything is opened.
import { TreeSelect } from 'antd';
import { startTransition, useCallback, useMemo, useRef, useState } from 'react';
import type { Id } from '../client/resourceClient.ts';
import type { Field, Lang } from '../schema/types.ts';
import { t } from './i18n.ts';
import { ROOT_KEY } from './listReads.ts';
import {
  filterTree,
  levelTree,
  nodeReuse,
  onTreeKey,
  type PickNode,
  pathOf,
  type ShownNode,
  searchTree,
  shownNodes,
  withKey,
} from './pickerTree.ts';
import { entryId } from './TreeList.tsx';
import { type PickerList, PickerListContext, TreePickerList } from './TreePickerList.tsx';
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
  /** the picker's name for assistive technology, where no label element names it */
  'aria-label'?: string;
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

/** antd's select holds no tree of its own: the open list is the picker's (TreePickerList.tsx) */
const NO_TREE: never[] = [];
const NOTHING: ReadonlySet<string> = new Set();
const drawList = () => <TreePickerList />;

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
  'aria-label': ariaLabel,
}: RefTreeSelectProps) {
  const [opened, setOpened] = useState(false);
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const picker = useTreePicker(field, search, value, opened);
  const isParentPicker = field.type === 'tree-parent';
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(
    () => new Set(isParentPicker ? [ROOT_KEY] : []),
  );
  // the entries whose level is being read as they are opened: their switchers spin
  const [opening, setOpening] = useState<ReadonlySet<string>>(NOTHING);
  // the entry the keyboard is on, by key: the rows around it change as levels are read
  const [activeKey, setActiveKey] = useState<string | null>(null);

  const { searching, entries, hits, order, levels, serverSearch, loadingList } = picker;
  const { shown: shownHits, total: totalHits } = picker.searchCount;
  // the nodes of the last render, for the next to reuse where nothing changed (NodeReuse): a read
  // of 50 entries makes their nodes, not the nodes of every entry read before
  const [reuse] = useState(nodeReuse);
  const nodes = useMemo(() => {
    // a row cannot move under itself or under one of its own descendants. Only a parent picker
    // points into the edited row's own tree: a ref from a content to its category must not lose
    // the category that happens to share the content's id
    const self = isParentPicker && selfId !== undefined ? String(selfId) : undefined;
    const blocked = (key: string) => key === self;
    if (searching) return searchTree(entries, hits, order, blocked, { shown: shownHits, total: totalHits });
    const tops = levelTree(entries, levels, ROOT_KEY, blocked, false, reuse);
    if (!isParentPicker) return tops;
    // the root holds the whole tree, so choosing it means "top level"
    const root: PickNode = { value: ROOT_ID, title: t('root', lang), children: tops, isLeaf: false };
    return [root];
  }, [searching, entries, hits, order, shownHits, totalHits, levels, isParentPicker, selfId, lang, reuse]);

  // The entries the list shows: a server search's tree open whole; a search the picker makes
  // itself (a label the server cannot search) in what it has read, open down to each match; else
  // the tree as the user opened it.
  const localSearch = !serverSearch && search.trim() !== '';
  const rows = useMemo(() => {
    if (searching) return shownNodes(nodes, NOTHING, true);
    if (!localSearch) return shownNodes(nodes, expanded);
    const found = filterTree(nodes, search);
    return shownNodes(found.nodes, new Set([...expanded, ...found.open]));
  }, [searching, localSearch, nodes, expanded, search]);

  const label = (entryId: Id): string => {
    if (isParentPicker && String(entryId) === ROOT_KEY) return t('root', lang);
    const path = pathOf(entries, String(entryId));
    return path.length > 0 ? path.join(' / ') : String(entryId);
  };
  // The select is one element for as long as what it shows stays: a page read, a level opened or
  // the keyboard moving draws the list (through its context), not antd's select around it.
  const labeledKey = JSON.stringify(listOf(value).map((v) => ({ value: v, label: label(v) })));
  const labeled = useMemo(() => JSON.parse(labeledKey) as Labeled[], [labeledKey]);
  const chosen = useMemo(() => new Set(listOf(value).map(String)), [value]);

  const active = activeKey === null ? -1 : rows.findIndex((row) => row.key === activeKey);
  // what the list's handlers and the keyboard read, as of the last render
  const latest = useRef({ onChange, value, rows, searching, picker, active });
  latest.current = { onChange, value, rows, searching, picker, active };
  const onSwitch = useCallback((row: ShownNode) => {
    if (latest.current.searching) return;
    const { key, open: isOpen, node } = row;
    setExpanded((was) => withKey(was, key, !isOpen));
    // a level not read yet is read as it opens; the switcher spins meanwhile
    if (isOpen || node.children !== undefined) return;
    setOpening((was) => withKey(was, key, true));
    void latest.current.picker.loadLevel(key).finally(() => setOpening((was) => withKey(was, key, false)));
  }, []);
  const onPick = useCallback(
    (row: ShownNode) => {
      const id = row.node.value as Id;
      setActiveKey(row.key);
      // as antd's select does: a choice clears what was typed, and a single choice closes the list
      setSearch('');
      if (!multiple) {
        setOpen(false);
        latest.current.onChange(id);
        return;
      }
      const ids = listOf(latest.current.value);
      const has = ids.some((chosenId) => String(chosenId) === row.key);
      latest.current.onChange(has ? ids.filter((chosenId) => String(chosenId) !== row.key) : [...ids, id]);
    },
    [multiple],
  );
  const onLoadMore = useCallback((parent: string) => latest.current.picker.loadMore(parent), []);
  // the arrow keys move along the entries and open or close one; Enter chooses it (or reads the
  // next page, on a "load more" entry): treeKeyAction; Escape closes the list, as in antd's tree
  // select
  const onKeyDown = useCallback(
    (event: React.KeyboardEvent) => {
      // antd's select leaves Escape to its list, as it does the other keys
      if (event.key === 'Escape') {
        setOpen(false);
        return;
      }
      // Home and End move the search box's caret
      if (event.key === 'Home' || event.key === 'End') return;
      const { rows, active: at } = latest.current;
      const done = onTreeKey(event.key, rows, at, {
        move: setActiveKey,
        toggle: onSwitch,
        more: onLoadMore,
        activate: (row) => {
          if (!row.node.disabled && row.node.selectable !== false) onPick(row);
        },
      });
      if (done) event.preventDefault();
    },
    [onSwitch, onLoadMore, onPick],
  );
  const onSelectChange = useCallback(
    (next: unknown) => {
      const ids = idsOf(next);
      latest.current.onChange(multiple ? ids : ids[0]);
    },
    [multiple],
  );
  // The list opens in a render React cuts into slices: mounting the popup and its list in the
  // pointer's event took a frame (docs/benchmarks.md, "Tree tables"). It closes at once. The
  // keyboard starts on the first chosen entry, or where it was.
  const onOpenChange = useCallback((next: boolean) => {
    if (!next) {
      setOpen(false);
      return;
    }
    const first = listOf(latest.current.value)[0];
    if (first !== undefined) setActiveKey(String(first));
    startTransition(() => {
      setOpened(true);
      setOpen(true);
    });
  }, []);
  const onSearch = useCallback((text: string) => {
    setSearch(text);
    setActiveKey(null);
  }, []);
  const showSearch = useMemo(() => ({ searchValue: search, onSearch }), [search, onSearch]);
  const shownStyle = useMemo(() => ({ minWidth: 180, ...style }), [style]);

  // antd's select names its list `<id>_list` in its search box's aria-controls; the box, which
  // holds the focus, names the keyboard's entry too (rc-select's activeDescendantId, which antd
  // passes on without typing it)
  const listId = id ? `${id}_list` : undefined;
  const activeDescendantId = open && listId && active >= 0 ? entryId(listId, rows[active].key) : undefined;
  const list = useMemo<PickerList>(
    () => ({
      listId,
      rows,
      multiple: !!multiple,
      chosen,
      opening,
      readingMore: picker.loadingMore,
      active,
      loading: loadingList,
      lang,
      onSwitch,
      onPick,
      onLoadMore,
    }),
    [
      listId,
      rows,
      multiple,
      chosen,
      opening,
      picker.loadingMore,
      active,
      loadingList,
      lang,
      onSwitch,
      onPick,
      onLoadMore,
    ],
  );

  const select = useMemo(
    () => (
      <TreeSelect<Labeled | Labeled[]>
        id={id}
        aria-label={ariaLabel}
        labelInValue
        value={multiple ? labeled : labeled[0]}
        onChange={onSelectChange}
        treeData={NO_TREE}
        popupRender={drawList}
        onKeyDown={onKeyDown}
        {...({ activeDescendantId } as object)}
        multiple={multiple}
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
      ariaLabel,
      multiple,
      labeled,
      onSelectChange,
      onKeyDown,
      activeDescendantId,
      open,
      onOpenChange,
      loadingList,
      disabled,
      placeholder,
      showSearch,
      shownStyle,
    ],
  );
  return <PickerListContext.Provider value={list}>{select}</PickerListContext.Provider>;
}
