// The parts of antd's table body a long list replaces (DataTable.tsx): the body gets a spacer
// above and below the rows drawn, standing for the rows left out, so the page scrolls as if all
// were there; each row drawn reports its height to the virtualizer; and a tree's "load more"
// row is one cell across the table with its button, indented as the level it continues.
import { Button } from 'antd';
import { createContext, type HTMLAttributes, useContext } from 'react';
import type { Lang } from '../schema/types.ts';
import { t } from './i18n.ts';
import type { MoreMark } from './treeTableRows.ts';

export interface TableBodyValue {
  /** how many columns a cell across the table spans */
  span: number;
  /** the virtualizer's measure of a drawn row (absent when every row is drawn) */
  measure?: (row: HTMLTableRowElement | null) => void;
  lang: Lang;
  onLoadMore?: (parent: string) => void;
}

export const TableBodyContext = createContext<TableBodyValue>({ span: 1, lang: 'zh' });

/** The heights of the rows left out above and below the ones drawn: they change as the page
 * scrolls, so they have a context of their own, which the rows do not read. */
export const TableSpacerContext = createContext({ before: 0, after: 0 });

const INDENT = 20;

function Spacer({ height, span }: { height: number; span: number }) {
  if (height <= 0) return null;
  return (
    <tr aria-hidden="true" data-spacer="">
      <td colSpan={span} style={{ height, padding: 0, border: 0 }} />
    </tr>
  );
}

export function BodyWrapper({ children, ...props }: HTMLAttributes<HTMLTableSectionElement>) {
  const { span } = useContext(TableBodyContext);
  const { before, after } = useContext(TableSpacerContext);
  return (
    <tbody {...props}>
      <Spacer height={before} span={span} />
      {children}
      <Spacer height={after} span={span} />
    </tbody>
  );
}

/** What DataTable's onRow hands each drawn row: its index in the whole list, a "load more" mark. */
export interface BodyRowProps extends HTMLAttributes<HTMLTableRowElement> {
  'data-index'?: number;
  more?: MoreMark;
  depth?: number;
}

export function BodyRow({ more, depth = 0, children, ...props }: BodyRowProps) {
  const { measure, span, lang, onLoadMore } = useContext(TableBodyContext);
  if (!more)
    return (
      <tr ref={measure} {...props}>
        {children}
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
