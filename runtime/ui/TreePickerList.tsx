// The open list of a tree picker (RefTreeSelect.tsx): its tree's entries as antd's tree select
// draws them, the same elements with the same classes (so antd's own styles draw them, and they
// look as antd's do), but only the entries in the list's view and a few around them
// (@tanstack/react-virtual). antd's tree indexed every entry it held again on each new page of
// a level, a frame that grew with the level; this list's cost is the entries in view
// (docs/benchmarks.md, "Tree tables", eighth sitting). The picker hands it what to draw through a
// context, so a page read draws this list and not the select around it.
import { CaretDownFilled, LoadingOutlined } from '@ant-design/icons';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { ConfigProvider, Empty, Spin, theme } from 'antd';
import {
  createContext,
  type MouseEvent,
  memo,
  useCallback,
  useContext,
  useEffect,
  useId,
  useRef,
} from 'react';
import type { Lang } from '../schema/types.ts';
import { t } from './i18n.ts';
import type { ShownNode } from './pickerTree.ts';
import { sizeAfterLayout } from './useVirtualRows.ts';

/** antd's tree select's list height, its default `listHeight` */
export const LIST_HEIGHT = 256;

export interface PickerList {
  /** the list's element id, which antd's select names in its search box's `aria-controls` */
  listId?: string;
  /** the entries, top to bottom, as the list shows them */
  rows: readonly ShownNode[];
  multiple: boolean;
  /** the keys of the chosen entries */
  chosen: ReadonlySet<string>;
  /** the keys of the entries whose level is being read, as they are opened */
  opening: ReadonlySet<string>;
  /** the levels whose next page is being read ("load more") */
  readingMore: readonly string[];
  /** the entry the keyboard is on (an index into rows), or -1 */
  active: number;
  /** the first level is being read: nothing to show yet */
  loading: boolean;
  lang: Lang;
  /** the entry's switcher: open or close it */
  onSwitch(row: ShownNode): void;
  /** the entry clicked: chosen, or unchosen in a multiple pick */
  onPick(row: ShownNode): void;
  onLoadMore(parent: string): void;
}

export const PickerListContext = createContext<PickerList | null>(null);

/** An entry's element id in the list `listId`. */
export const entryId = (listId: string, key: string) => `${listId}_${key}`;

/** The list's own mouse presses keep the focus in the select's search box, as antd's list does:
 * the select closes when it loses the focus. */
const keepFocus = (event: MouseEvent) => event.preventDefault();

interface EntryProps {
  row: ShownNode;
  index: number;
  /** the element id of the entry */
  id: string;
  tree: string;
  multiple: boolean;
  lang: Lang;
  onSwitch: PickerList['onSwitch'];
  onPick: PickerList['onPick'];
  onLoadMore: PickerList['onLoadMore'];
  chosen: boolean;
  active: boolean;
  opening: boolean;
  readingMore: boolean;
  measure?: (element: HTMLDivElement | null) => void;
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
  chosen,
  active,
  opening,
  readingMore,
  measure,
}: EntryProps) {
  const { node, depth, branch, open } = row;
  const more = node.more;
  const disabled = !!node.disabled;
  const pickable = !more && node.selectable !== false && !disabled;
  const checkable = multiple && !more && node.checkable !== false;
  const switcherClass = branch ? `${tree}-switcher_${open ? 'open' : 'close'}` : `${tree}-switcher-noop`;
  const nodeClass = [
    `${tree}-treenode`,
    disabled && `${tree}-treenode-disabled`,
    branch ? `${tree}-treenode-switcher-${open ? 'open' : 'close'}` : `${tree}-treenode-leaf`,
    chosen && (multiple ? `${tree}-treenode-checkbox-checked` : `${tree}-treenode-selected`),
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
  const pick = () => {
    if (pickable) onPick(row);
  };
  return (
    <div
      ref={measure}
      data-index={index}
      role="treeitem"
      id={id}
      aria-level={depth + 1}
      aria-expanded={branch ? open : undefined}
      aria-selected={!multiple && !more ? chosen : undefined}
      aria-checked={checkable ? chosen : undefined}
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
            disabled && `${tree}-checkbox-disabled`,
          ]
            .filter(Boolean)
            .join(' ')}
          role="checkbox"
          aria-checked={chosen}
          aria-disabled={disabled}
          onClick={pick}
        >
          <span className={`${tree}-checkbox-inner`} />
        </span>
      )}
      {more ? (
        <span className={wrapperClass}>
          <span className={`${tree}-title`}>
            <a
              href="#more"
              data-more={more.parent}
              aria-busy={readingMore}
              onClick={(event) => {
                event.preventDefault();
                if (!readingMore) onLoadMore(more.parent);
              }}
            >
              {t('loadMore', lang, { shown: more.shown, total: more.total })}
              {readingMore && <LoadingOutlined aria-hidden style={{ marginInlineStart: 8 }} />}
            </a>
          </span>
        </span>
      ) : (
        <span title={node.title} className={wrapperClass} onClick={pick}>
          <span className={`${tree}-title`}>{node.title}</span>
        </span>
      )}
    </div>
  );
});

/** The open list: drawn in the select's popup (its `popupRender`), from the context. */
export function TreePickerList() {
  const list = useContext(PickerListContext);
  if (!list) throw new Error('TreePickerList is drawn by a tree picker');
  const { getPrefixCls, virtual } = useContext(ConfigProvider.ConfigContext);
  const { token } = theme.useToken();
  const tree = `${getPrefixCls('select')}-tree`;
  const { rows, active } = list;
  const holder = useRef<HTMLDivElement>(null);
  const ownId = useId();
  const idPrefix = list.listId ?? ownId;
  // antd's tree node: a title of the small control's height, half the extra-small padding below
  const entryHeight = token.controlHeightSM;
  const gap = token.paddingXS / 2;
  const whole = virtual === false;
  // the same function while the entries are the same, as in useVirtualRows.ts: a new one makes
  // react-virtual work out every entry's place again
  const getItemKey = useCallback((index: number) => rows[index]?.key ?? index, [rows]);
  const virtualizer = useVirtualizer<HTMLDivElement, HTMLDivElement>({
    count: rows.length,
    getScrollElement: () => holder.current,
    estimateSize: () => entryHeight,
    gap,
    overscan: 5,
    getItemKey,
    // a list not laid out (jsdom, a hidden popup) is taken as its full height, as antd's list is
    observeElementRect: (instance, report) =>
      observeElementRect(instance, (rect) =>
        report(rect.height > 0 ? rect : { width: rect.width, height: LIST_HEIGHT }),
      ),
    // an entry whose title wraps grows: sizes come from the observer, after the browser's layout
    measureElement: sizeAfterLayout(entryHeight),
    enabled: !whole,
    useFlushSync: false,
  });
  // the keyboard's entry is scrolled into view as it moves
  useEffect(() => {
    if (active >= 0 && !whole) virtualizer.scrollToIndex(active, { align: 'auto' });
  }, [active, virtualizer, whole]);
  // A level's "load more" entry scrolled into the list's view reads the level's next page, as a
  // long list reads on while it is scrolled: a level of 5,000 is scrolled through, not clicked
  // through a hundred times. Once an entry: a read that failed leaves the same entry, which is
  // not asked again and again (a link, it still reads the page when clicked or on Enter); a new
  // search or a page that arrived makes a new one. A list drawn whole (antd's `virtual={false}`)
  // knows no view: its entries read when clicked.
  const asked = useRef(new WeakSet<object>());
  const { readingMore, onLoadMore } = list;
  useEffect(() => {
    const view = whole ? null : virtualizer.range;
    if (!view) return;
    for (let i = Math.max(0, view.startIndex); i <= view.endIndex && i < rows.length; i++) {
      const more = rows[i].node.more;
      if (!more || readingMore.includes(more.parent) || asked.current.has(more)) continue;
      asked.current.add(more);
      onLoadMore(more.parent);
    }
  });

  if (rows.length === 0)
    return (
      <div className={`${tree}-empty`} onMouseDown={keepFocus} style={{ padding: token.paddingXS }}>
        {list.loading ? (
          <Spin size="small" style={{ display: 'block', margin: '0 auto' }} />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
        )}
      </div>
    );
  const inView = whole ? undefined : virtualizer.getVirtualItems();
  const indexes = inView ? inView.map((item) => item.index) : rows.map((_, index) => index);
  const offset = inView?.[0]?.start ?? 0;
  const activeRow = rows[active];
  return (
    <div className={tree} onMouseDown={keepFocus}>
      <div
        id={list.listId}
        className={`${tree}-list`}
        role="tree"
        aria-multiselectable={list.multiple || undefined}
        aria-activedescendant={activeRow ? entryId(idPrefix, activeRow.key) : undefined}
        style={{ position: 'relative' }}
      >
        <div
          ref={holder}
          className={`${tree}-list-holder`}
          style={{ maxHeight: LIST_HEIGHT, overflowY: 'auto', overflowAnchor: 'none' }}
        >
          <div style={whole ? undefined : { height: virtualizer.getTotalSize() + gap, position: 'relative' }}>
            <div
              className={`${tree}-list-holder-inner`}
              style={{
                display: 'flex',
                flexDirection: 'column',
                ...(whole
                  ? {}
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
                    multiple={list.multiple}
                    lang={list.lang}
                    onSwitch={list.onSwitch}
                    onPick={list.onPick}
                    onLoadMore={onLoadMore}
                    chosen={list.chosen.has(row.key)}
                    active={index === active}
                    opening={list.opening.has(row.key)}
                    readingMore={!!more && list.readingMore.includes(more.parent)}
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
