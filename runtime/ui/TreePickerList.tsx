// The open list of a tree picker (RefTreeSelect.tsx): its tree's entries as antd's tree select
// draws them, only those in the list's view and a few around them (TreeList.tsx). The picker
// hands it what to draw through a context, so a page read draws this list and not the select
// around it.
import { ConfigProvider, Empty, Spin, theme } from 'antd';
import { createContext, type MouseEvent, useContext, useId } from 'react';
import type { Lang } from '../schema/types.ts';
import type { ShownNode } from './pickerTree.ts';
import { TreeList } from './TreeList.tsx';

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

/** The list's own mouse presses keep the focus in the select's search box, as antd's list does:
 * the select closes when it loses the focus. */
const keepFocus = (event: MouseEvent) => event.preventDefault();

/** The open list: drawn in the select's popup (its `popupRender`), from the context. */
export function TreePickerList() {
  const list = useContext(PickerListContext);
  if (!list) throw new Error('TreePickerList is drawn by a tree picker');
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const { token } = theme.useToken();
  const tree = `${getPrefixCls('select')}-tree`;
  const ownId = useId();
  if (list.rows.length === 0)
    return (
      <div className={`${tree}-empty`} onMouseDown={keepFocus} style={{ padding: token.paddingXS }}>
        {list.loading ? (
          <Spin size="small" style={{ display: 'block', margin: '0 auto' }} />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
        )}
      </div>
    );
  return (
    <TreeList
      tree={tree}
      rows={list.rows}
      height={LIST_HEIGHT}
      idPrefix={list.listId ?? ownId}
      multiple={list.multiple}
      chosen={list.chosen}
      opening={list.opening}
      readingMore={list.readingMore}
      active={list.active}
      lang={list.lang}
      onSwitch={list.onSwitch}
      onPick={list.onPick}
      onLoadMore={list.onLoadMore}
      readOnView
      rootProps={{ onMouseDown: keepFocus }}
      treeProps={{ id: list.listId }}
    />
  );
}
