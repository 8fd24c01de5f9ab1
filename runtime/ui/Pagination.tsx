// The pagination control every list shares (spec §2, §4, §9). antd's own control puts the size
// changer after the pager and drops the jumper when there is a single page; the spec's layout is
// total, sizes, prev, pager, next, jumper whatever the count, so total, sizes and the jumper are
// drawn here and antd draws prev, pager and next. The words come from the app's antd locale
// (ConfigProvider), falling back to the page language outside one.
import { Pagination as AntPagination, ConfigProvider, Select, Space, theme } from 'antd';
import { cloneElement, isValidElement, type ReactNode, useContext } from 'react';
import { DEFAULT_LIMIT, DEFAULT_PAGE, PAGE_SIZES, SCROLL_DURATION_MS } from '../client/constants.ts';
import type { Lang } from '../schema/types.ts';
import { t } from './i18n.ts';
import { PageJumper } from './PageJumper.tsx';
import { scrollToTop } from './scrollToTop.ts';

export type PaginationPart = 'total' | 'sizes' | 'prev' | 'pager' | 'next' | 'jumper';

export interface PaginationProps {
  total: number;
  /** the total is an estimate (docs/api.md): shown as "about", rounded, and the pager still offers every page it implies */
  estimated?: boolean;
  page?: number;
  limit?: number;
  onPagination: (value: { page: number; limit: number }) => void;
  pageSizes?: readonly number[];
  layout?: readonly PaginationPart[];
  /** filled page buttons */
  background?: boolean;
  /** scroll the window to the top after a change */
  autoScroll?: boolean;
  hidden?: boolean;
  /** centred; otherwise right-aligned as the list pages place it */
  centered?: boolean;
  lang?: Lang;
}

const FULL_LAYOUT: readonly PaginationPart[] = ['total', 'sizes', 'prev', 'pager', 'next', 'jumper'];

/** An estimate to its first two digits: 1,234,567 is about 1,200,000. */
function rounded(total: number): number {
  if (total < 100) return total;
  const unit = 10 ** (Math.floor(Math.log10(total)) - 1);
  return Math.round(total / unit) * unit;
}

export function Pagination({
  total,
  estimated = false,
  page = DEFAULT_PAGE,
  limit = DEFAULT_LIMIT,
  onPagination,
  pageSizes = PAGE_SIZES,
  layout = FULL_LAYOUT,
  background = true,
  autoScroll = true,
  hidden = false,
  centered = false,
  lang = 'zh',
}: PaginationProps) {
  const { token } = theme.useToken();
  const words = useContext(ConfigProvider.ConfigContext).locale?.Pagination;
  if (hidden) return null;
  const has = (part: PaginationPart) => layout.includes(part);

  const emit = (next: { page: number; limit: number }) => {
    onPagination(next);
    if (autoScroll) scrollToTop(SCROLL_DURATION_MS);
  };
  const changeSize = (size: number) => {
    // keep the page unless the new size leaves it past the end, as the spec's control did
    const lastPage = Math.max(1, Math.ceil(total / size));
    emit({ page: Math.min(page, lastPage), limit: size });
  };
  const itemRender = (_: number, type: string, element: ReactNode) => {
    if (type === 'prev' && !has('prev')) return null;
    if (type === 'next' && !has('next')) return null;
    if ((type === 'page' || type === 'jump-prev' || type === 'jump-next') && !has('pager')) return null;
    // antd's previous and next buttons hold an arrow icon alone, named "left" and "right"
    if ((type === 'prev' || type === 'next') && isValidElement<{ 'aria-label'?: string }>(element)) {
      const label =
        type === 'prev'
          ? (words?.prev_page ?? t('prevPage', lang))
          : (words?.next_page ?? t('nextPage', lang));
      return cloneElement(element, { 'aria-label': label });
    }
    return element;
  };
  const pageCount = Math.max(1, Math.ceil(total / limit));
  const perPage = (size: number) =>
    words?.items_per_page ? `${size} ${words.items_per_page}` : t('perPage', lang, { size });
  const itemStyle = background
    ? { background: token.colorFillTertiary, borderRadius: token.borderRadius }
    : undefined;

  return (
    <Space
      wrap
      data-testid="pagination"
      style={{
        display: 'flex',
        justifyContent: centered ? 'center' : 'flex-end',
        padding: `${token.padding}px 0`,
      }}
    >
      {has('total') && (
        <span>
          {estimated
            ? t('totalEstimated', lang, {
                total: rounded(total).toLocaleString(lang === 'zh' ? 'zh-CN' : 'en'),
              })
            : t('total', lang, { total })}
        </span>
      )}
      {has('sizes') && (
        <Select
          aria-label={t('pageSize', lang)}
          value={limit}
          onChange={changeSize}
          options={pageSizes.map((size) => ({ value: size, label: perPage(size) }))}
          style={{ minWidth: 110 }}
        />
      )}
      <AntPagination
        total={total}
        current={page}
        pageSize={limit}
        showSizeChanger={false}
        showQuickJumper={false}
        itemRender={itemRender}
        styles={itemStyle ? { item: itemStyle } : undefined}
        onChange={(nextPage) => emit({ page: nextPage, limit })}
      />
      {has('jumper') && (
        <PageJumper
          pageCount={pageCount}
          onJump={(nextPage) => emit({ page: nextPage, limit })}
          before={words?.jump_to ?? t('jumpTo', lang)}
          after={words?.page ?? t('page', lang)}
        />
      )}
    </Space>
  );
}
