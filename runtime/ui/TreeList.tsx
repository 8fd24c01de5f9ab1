// A tree's entries drawn as antd's tree draws them, the same elements with the same classes (so
// antd's own styles draw them, and they look as antd's do), but only the entries in the list's
// view and a few around them (@tanstack/react-virtual). antd's tree indexes every node it holds
// again whenever its data changes, in one render React cannot cut: a level read to thousands made
// each new page a long frame. This list's cost is the entries in view (docs/benchmarks.md, "Tree
// tables"). Its users: the open list of a tree picker (TreePickerList.tsx) and the category tree
// beside the home-page blocks (CategoryTree.tsx). What the entries are, which are open and which
// keyboard entry is active, its user holds (pickerTree.ts: shownNodes, treeKeyAction).
import { CaretDownFilled, LoadingOutlined } from '@ant-design/icons';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { ConfigProvider, theme } from 'antd';
import {
  type ComponentType,
  type HTMLAttributes,
  memo,
  useCallback,
  useContext,
  useEffect,
  useRef,
} from 'react';
import type { Lang } from '../schema/types.ts';
import { t } from './i18n.ts';
import type { PickNode, ShownNode } from './pickerTree.ts';
import { sizeAfterLayout } from './useVirtualRows.ts';

/** An entry's element id in the list whose entries' ids start with `idPrefix`. */
export const entryId = (idPrefix: string, key: string) => `${idPrefix}_${key}`;

/** A level's "load more" entry, as a list's user draws it in place of the default link. */
export interface MoreProps {
  parent: string;
  shown: number;
  total: number;
  /** its page is being read */
  reading: boolean;
  lang: Lang;
  onLoadMore(parent: string): void;
}

export interface TreeListProps {
  /** antd's class prefix of the tree drawn: a tree's (`ant-tree`) or a tree select's */
  tree: string;
  /** the entries, top to bottom, as the list shows them */
  rows: readonly ShownNode[];
  /** the list's height: more entries scroll inside it */
  height: number;
  /** the start of every entry's element id (entryId) */
  idPrefix: string;
  /** choosing: an entry with a checkbox in a multiple pick */
  multiple: boolean;
  /** the keys of the chosen entries */
  chosen: ReadonlySet<string>;
  /** the keys of the entries shown half-chosen in a multiple pick: a check tree's parent with ticks
   * below it and none of its own (checkTree.ts: halfTickedKeys) */
  half?: ReadonlySet<string>;
  /** the keys of the entries whose level is being read, as they are opened */
  opening: ReadonlySet<string>;
  /** the levels whose next page is being read ("load more") */
  readingMore: readonly string[];
  /** the entry the keyboard is on (an index into rows), or -1: kept in view as it moves */
  active: number;
  lang: Lang;
  /** the entry's switcher: open or close it */
  onSwitch(row: ShownNode): void;
  /** the entry clicked; left out, a click on an entry does nothing */
  onPick?(row: ShownNode): void;
  onLoadMore(parent: string): void;
  /** a level's "load more" entry scrolled into view reads the next page (a picker's long list is
   * scrolled through, not clicked through a hundred times); else it reads when clicked */
  readOnView: boolean;
  /** an entry's title in place of the node's text (the node's text stays its tooltip) */
  Title?: ComponentType<{ node: PickNode }>;
  /** a "load more" entry in place of the default link */
  More?: ComponentType<MoreProps>;
  /** the tree takes the focus itself (a tree view, not a picker's list under its search box): antd
   * draws its focus ring outside the active entry, and the list keeps room for the ring inside
   * its scrolling holder, which would cut it at the edges */
  focusRing?: boolean;
  /** the attributes of the element whose role is tree: its name, the keyboard's handlers */
  treeProps?: HTMLAttributes<HTMLDivElement>;
  /** the outer element's own attributes: its classes beside the tree's, a test id */
  rootProps?: HTMLAttributes<HTMLDivElement> & { 'data-testid'?: string };
}

interface EntryProps {
  row: ShownNode;
  index: number;
  /** the element id of the entry */
  id: string;
  tree: string;
  multiple: boolean;
  lang: Lang;
  onSwitch: TreeListProps['onSwitch'];
  onPick: TreeListProps['onPick'];
  onLoadMore: TreeListProps['onLoadMore'];
  Title: TreeListProps['Title'];
  More: TreeListProps['More'];
  chosen: boolean;
  half: boolean;
  active: boolean;
  opening: boolean;
  readingMore: boolean;
  measure?: (element: HTMLDivElement | null) => void;
}

/** The default "load more" entry: a link, read on Enter too. */
function MoreLink({ parent, shown, total, reading, lang, onLoadMore }: MoreProps) {
  return (
    <a
      href="#more"
      data-more={parent}
      aria-busy={reading}
      onClick={(event) => {
        event.preventDefault();
        if (!reading) onLoadMore(parent);
      }}
    >
      {t('loadMore', lang, { shown, total })}
      {reading && <LoadingOutlined aria-hidden style={{ marginInlineStart: 8 }} />}
    </a>
  );
}

/** One entry, with the elements and classes of antd's tree node. */
const Entry = memo(function Entry({
  row,
  index,
  id,
  tree,
  multiple,
  lang,
  onSwitch,
  onPick,
  onLoadMore,
  Title,
  More = MoreLink,
  chosen,
  half,
  active,
  opening,
  readingMore,
  measure,
}: EntryProps) {
  const { node, depth, branch, open } = row;
  const more = node.more;
  const disabled = !!node.disabled;
  const pickable = !!onPick && !more && node.selectable !== false && !disabled;
  const checkable = multiple && !more && node.checkable !== false;
  const switcherClass = branch ? `${tree}-switcher_${open ? 'open' : 'close'}` : `${tree}-switcher-noop`;
  const nodeClass = [
    `${tree}-treenode`,
    disabled && `${tree}-treenode-disabled`,
    branch ? `${tree}-treenode-switcher-${open ? 'open' : 'close'}` : `${tree}-treenode-leaf`,
    chosen && (multiple ? `${tree}-treenode-checkbox-checked` : `${tree}-treenode-selected`),
    checkable && half && !chosen && `${tree}-treenode-checkbox-indeterminate`,
    active && `${tree}-treenode-active`,
  ]
    .filter(Boolean)
    .join(' ');
  const wrapperClass = [
    `${tree}-node-content-wrapper`,
    `${tree}-node-content-wrapper-${branch ? (open ? 'open' : 'close') : 'normal'}`,
    chosen && !multiple && `${tree}-node-selected`,
  ]
    .filter(Boolean)
    .join(' ');
  // a checkbox's state, as WAI-ARIA's tree names a half-chosen entry
  const checked = chosen ? true : half ? ('mixed' as const) : false;
  const pick = () => {
    if (pickable) onPick?.(row);
  };
  return (
    <div
      ref={measure}
      data-index={index}
      role="treeitem"
      id={id}
      aria-level={depth + 1}
      aria-expanded={branch ? open : undefined}
      aria-selected={onPick && !multiple && !more ? chosen : undefined}
      aria-checked={checkable ? checked : undefined}
      aria-disabled={disabled}
      className={nodeClass}
    >
      <span aria-hidden="true" className={`${tree}-indent`}>
        {Array.from({ length: depth }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: one unit per level above the entry, never reordered
          <span key={i} className={`${tree}-indent-unit`} />
        ))}
      </span>
      <span
        className={`${tree}-switcher ${switcherClass}`}
        onClick={branch ? () => onSwitch(row) : undefined}
      >
        {branch &&
          (opening ? (
            <LoadingOutlined aria-hidden className={`${tree}-switcher-loading-icon`} />
          ) : (
            <CaretDownFilled aria-hidden className={`${tree}-switcher-icon`} />
          ))}
      </span>
      {checkable && (
        <span
          className={[
            `${tree}-checkbox`,
            chosen && `${tree}-checkbox-checked`,
            half && !chosen && `${tree}-checkbox-indeterminate`,
            disabled && `${tree}-checkbox-disabled`,
          ]
            .filter(Boolean)
            .join(' ')}
          role="checkbox"
          aria-checked={checked}
          aria-disabled={disabled}
          onClick={pick}
        >
          <span className={`${tree}-checkbox-inner`} />
        </span>
      )}
      {more ? (
        <span className={wrapperClass}>
          <span className={`${tree}-title`}>
            <More
              parent={more.parent}
              shown={more.shown}
              total={more.total}
              reading={readingMore}
              lang={lang}
              onLoadMore={onLoadMore}
            />
          </span>
        </span>
      ) : (
        <span title={node.title} className={wrapperClass} onClick={pick}>
          <span className={`${tree}-title`}>{Title ? <Title node={node} /> : node.title}</span>
        </span>
      )}
    </div>
  );
});

/** The list: the tree's element, its scrolling holder, and the entries in view. */
export function TreeList(props: TreeListProps) {
  const { tree, rows, active, height, idPrefix, readingMore, onLoadMore, readOnView } = props;
  const { virtual } = useContext(ConfigProvider.ConfigContext);
  const { token } = theme.useToken();
  const holder = useRef<HTMLDivElement>(null);
  // antd's tree node: a title of the small control's height, half the extra-small padding below
  const entryHeight = token.controlHeightSM;
  const gap = token.paddingXS / 2;
  // antd's focus ring: its width, drawn a pixel outside the entry (genFocusOutline's offset)
  const ring = props.focusRing ? token.lineWidthFocus + 1 : 0;
  const whole = virtual === false;
  // the same function while the entries are the same, as in useVirtualRows.ts: a new one makes
  // react-virtual work out every entry's place again
  const getItemKey = useCallback((index: number) => rows[index]?.key ?? index, [rows]);
  const virtualizer = useVirtualizer<HTMLDivElement, HTMLDivElement>({
    count: rows.length,
    getScrollElement: () => holder.current,
    estimateSize: () => entryHeight,
    gap,
    // the ring's room above the first entry and below the last, and beside an entry the keyboard
    // scrolls into view
    paddingStart: ring,
    paddingEnd: ring,
    scrollPaddingStart: ring,
    scrollPaddingEnd: ring,
    overscan: 5,
    // the list's height from the first render on, as useVirtualRows.ts does for the window:
    // react-virtual's own first guess is nothing, which drew no entry in the first render and the
    // entries in view in one React ran at once from the layout effect that measured the holder
    // (the role form's menu tree: 40 ms of entries drawn inside the commit's task)
    initialRect: { width: 0, height },
    getItemKey,
    // a list not laid out (jsdom, a hidden popup) is taken as its full height, as antd's list is
    observeElementRect: (instance, report) =>
      observeElementRect(instance, (rect) => report(rect.height > 0 ? rect : { width: rect.width, height })),
    // an entry whose title wraps grows: sizes come from the observer, after the browser's layout
    measureElement: sizeAfterLayout(entryHeight),
    enabled: !whole,
    useFlushSync: false,
  });
  // the keyboard's entry is scrolled into view as it moves
  useEffect(() => {
    if (active >= 0 && !whole) virtualizer.scrollToIndex(active, { align: 'auto' });
  }, [active, virtualizer, whole]);
  // A level's "load more" entry scrolled into the list's view reads the level's next page. Once an
  // entry: a read that failed leaves the same entry, which is not asked again and again (it still
  // reads the page when clicked or on Enter); a new search or a page that arrived makes a new
  // one. A list drawn whole (antd's `virtual={false}`) knows no view: its entries read when
  // clicked.
  const asked = useRef(new WeakSet<object>());
  useEffect(() => {
    const view = whole || !readOnView ? null : virtualizer.range;
    if (!view) return;
    for (let i = Math.max(0, view.startIndex); i <= view.endIndex && i < rows.length; i++) {
      const more = rows[i].node.more;
      if (!more || readingMore.includes(more.parent) || asked.current.has(more)) continue;
      asked.current.add(more);
      onLoadMore(more.parent);
    }
  });

  const inView = whole ? undefined : virtualizer.getVirtualItems();
  const indexes = inView ? inView.map((item) => item.index) : rows.map((_, index) => index);
  const offset = inView?.[0]?.start ?? 0;
  const activeRow = rows[active];
  const { rootProps, treeProps } = props;
  return (
    <div {...rootProps} className={[tree, rootProps?.className].filter(Boolean).join(' ')}>
      <div
        {...treeProps}
        className={`${tree}-list`}
        role="tree"
        aria-multiselectable={props.multiple || undefined}
        aria-activedescendant={activeRow ? entryId(idPrefix, activeRow.key) : undefined}
        style={{ position: 'relative' }}
      >
        <div
          ref={holder}
          className={`${tree}-list-holder`}
          style={{ maxHeight: height, overflowY: 'auto', overflowAnchor: 'none' }}
        >
          <div style={whole ? undefined : { height: virtualizer.getTotalSize() + gap, position: 'relative' }}>
            <div
              className={`${tree}-list-holder-inner`}
              style={{
                display: 'flex',
                flexDirection: 'column',
                paddingInline: ring,
                ...(whole
                  ? { paddingBlock: ring }
                  : { position: 'absolute', insetInline: 0, top: 0, transform: `translateY(${offset}px)` }),
              }}
            >
              {indexes.map((index) => {
                const row = rows[index];
                const more = row.node.more;
                return (
                  <Entry
                    key={row.key}
                    row={row}
                    index={index}
                    id={entryId(idPrefix, row.key)}
                    tree={tree}
                    multiple={props.multiple}
                    lang={props.lang}
                    onSwitch={props.onSwitch}
                    onPick={props.onPick}
                    onLoadMore={onLoadMore}
                    Title={props.Title}
                    More={props.More}
                    chosen={props.chosen.has(row.key)}
                    half={!!props.half?.has(row.key)}
                    active={index === active}
                    opening={props.opening.has(row.key)}
                    readingMore={!!more && readingMore.includes(more.parent)}
                    measure={whole ? undefined : virtualizer.measureElement}
                  />
                );
              })}
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}
