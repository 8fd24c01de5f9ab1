// The parts of antd's table body a long list replaces (DataTable.tsx). antd's table is handed
// every row and builds an element for each, but the body draws only the rows in view
// (useVirtualRows.ts), with a spacer above and below standing for the rows left out, so the page
// scrolls as if all were there. The virtualizer lives here, in the body: a scroll renders the
// body alone, and as antd's row elements stay the same objects while the table does not render,
// a row that stays in view is not rendered again; only the rows coming into view are. Each row
// drawn reports its height to the virtualizer; a tree's "load more" row is one cell across the
// table with its button, indented as the level it continues.
//
// A long list's row that comes into view while the window scrolls is drawn in outline
// (rowDetail.ts: its values as text, no tags or buttons), and in full once the scroll stops, in a
// deferred render the next scroll interrupts: a quick scroll mounts a dozen rows a frame, and
// their tags, buttons and antd's style hooks cost several milliseconds a row, most of them for
// rows that are gone again a few frames later. A row drawn in full stays so while it is drawn.
import { Button } from 'antd';
import {
  createContext,
  type HTMLAttributes,
  type ReactNode,
  useContext,
  useDeferredValue,
  useRef,
  useState,
} from 'react';
import type { Lang } from '../schema/types.ts';
import { t } from './i18n.ts';
import { RowDetailContext, useRowDetail } from './rowDetail.ts';
import type { MoreMark } from './treeTableRows.ts';
import { useVirtualRows, VIRTUAL_FROM } from './useVirtualRows.ts';

export interface TableBodyValue {
  /** how many columns a cell across the table spans */
  span: number;
  /** every row the table holds, in the order drawn: the ones to draw are picked from these */
  rows: readonly { id: string }[];
  lang: Lang;
  onLoadMore?: (parent: string) => void;
}

export const TableBodyContext = createContext<TableBodyValue>({ span: 1, rows: [], lang: 'zh' });

/** The virtualizer's measure of a drawn row, from the body to its rows (absent when every row is
 * drawn); one function for the body's lifetime, so it never renders a row again. */
const MeasureContext = createContext<((row: HTMLTableRowElement | null) => void) | undefined>(undefined);

/** The window is not being scrolled, from the body to its rows: a row may be drawn in full. */
const StillContext = createContext(true);

const INDENT = 20;

function Spacer({ height, span }: { height: number; span: number }) {
  if (height <= 0) return null;
  return (
    <tr aria-hidden="true" data-spacer="">
      <td colSpan={span} style={{ height, padding: 0, border: 0 }} />
    </tr>
  );
}

/**
 * The rows of antd's body from `first` to `last`. antd's body hands its wrapper two children: the
 * row measuring the columns' widths (or nothing) and the list of row elements, one a row handed
 * to the table, in its order (or, with no rows, the "no data" row); the list is cut, the rest kept.
 */
function drawn(children: ReactNode, first: number, last: number): ReactNode {
  if (!Array.isArray(children)) return children;
  return children.map((part) => (Array.isArray(part) ? part.slice(first, last + 1) : part));
}

export function BodyWrapper({ children, ...props }: HTMLAttributes<HTMLTableSectionElement>) {
  const { span, rows } = useContext(TableBodyContext);
  const body = useRef<HTMLTableSectionElement>(null);
  const shown = useVirtualRows(body, rows);
  return (
    <tbody ref={body} {...props}>
      <Spacer height={shown.before} span={span} />
      <StillContext.Provider value={!shown.scrolling}>
        <MeasureContext.Provider value={shown.measure}>
          {shown.virtual ? drawn(children, shown.first, shown.last) : children}
        </MeasureContext.Provider>
      </StillContext.Provider>
      <Spacer height={shown.after} span={span} />
    </tbody>
  );
}

/** antd's checkbox: its box's size */
const BOX = 16;

/**
 * A row's selection box (rowSelection.renderCell): antd's checkbox, or in an outlined row a box
 * of its size and colours, which mounts none of the checkbox's components or style hooks.
 */
export function SelectionCell({ checked, children }: { checked: boolean; children: ReactNode }) {
  if (useRowDetail()) return children;
  return (
    <span
      aria-hidden="true"
      style={{
        display: 'inline-block',
        width: BOX,
        height: BOX,
        boxSizing: 'border-box',
        verticalAlign: 'middle',
        border: `1px solid var(${checked ? '--ant-color-primary' : '--ant-color-border'})`,
        borderRadius: 'var(--ant-border-radius-sm)',
        background: checked ? 'var(--ant-color-primary)' : undefined,
      }}
    />
  );
}

/** What DataTable's onRow hands each row: its index in the whole list, a "load more" mark. */
export interface BodyRowProps extends HTMLAttributes<HTMLTableRowElement> {
  'data-index'?: number;
  more?: MoreMark;
  depth?: number;
}

export function BodyRow({ more, depth = 0, children, ...props }: BodyRowProps) {
  const { span, rows, lang, onLoadMore } = useContext(TableBodyContext);
  const measure = useContext(MeasureContext);
  const still = useContext(StillContext);
  const virtual = rows.length > VIRTUAL_FROM;
  // a long list's row may be drawn in full from the first time the window is still while it is
  // drawn, and then for good (a scroll resuming leaves it as it is)
  const [settled, settle] = useState(false);
  if (virtual && still && !settled) settle(true);
  const wanted = !virtual || settled;
  // then it mounts in outline and renders in full at lower priority; a short list's row (no
  // initial value) is drawn in full at once, with no second render
  const full = useDeferredValue(wanted, virtual && wanted ? false : undefined);
  if (!more)
    return (
      <tr ref={measure} {...props}>
        <RowDetailContext.Provider value={full}>{children}</RowDetailContext.Provider>
      </tr>
    );
  return (
    <tr ref={measure} {...props}>
      <td colSpan={span}>
        {/* sticky: the button stays in sight however far the table scrolls sideways */}
        <span
          style={{
            display: 'inline-block',
            position: 'sticky',
            insetInlineStart: 0,
            paddingInlineStart: 48 + depth * INDENT,
          }}
        >
          <Button type="link" size="small" data-more={more.parent} onClick={() => onLoadMore?.(more.parent)}>
            {t('loadMore', lang, { shown: more.shown, total: more.total })}
          </Button>
        </span>
      </td>
    </tr>
  );
}
