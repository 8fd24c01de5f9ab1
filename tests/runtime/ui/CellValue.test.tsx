import { render, screen } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ColumnDescriptor } from '../../../runtime/schema/columns.ts';
import { CellValue } from '../../../runtime/ui/CellValue.tsx';
import { formatTime } from '../../../runtime/ui/formatTime.ts';

function column(cell: ColumnDescriptor['cell'], extra: Partial<ColumnDescriptor> = {}): ColumnDescriptor {
  return { field: 'f', title: 'F', sortable: false, ellipsis: false, cell, ...extra };
}

describe('formatTime', () => {
  it('shows YYYY-MM-DD HH:mm:ss with two-digit padding', () => {
    expect(formatTime('2026-03-01 08:03:05')).toBe('2026-03-01 08:03:05');
    expect(formatTime(new Date(2026, 0, 2, 3, 4, 5))).toBe('2026-01-02 03:04:05');
  });

  it('reads a 10-digit number as seconds and a 13-digit one as milliseconds', () => {
    const ms = new Date(2026, 4, 6, 7, 8, 9).getTime();
    const expected = dayjs(ms).format('YYYY-MM-DD HH:mm:ss');
    expect(formatTime(ms / 1000)).toBe(expected);
    expect(formatTime(String(ms / 1000))).toBe(expected);
    expect(formatTime(ms)).toBe(expected);
  });

  it('shows what it cannot read as it came, and nothing for nothing', () => {
    expect(formatTime('not a date')).toBe('not a date');
    expect(formatTime(null)).toBe('');
  });
});

describe('CellValue', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('tags a publish time still ahead as scheduled, and only the publish time', () => {
    const ahead = new Date(Date.now() + 86_400_000).toISOString();
    const past = new Date(Date.now() - 86_400_000).toISOString();
    const { unmount } = render(
      <CellValue column={column('datetime', { publishAt: true })} value={ahead} lang="zh" />,
    );
    expect(screen.getByText('已排期')).toBeTruthy();
    expect(screen.getByText(formatTime(ahead))).toBeTruthy();
    unmount();
    const other = render(<CellValue column={column('datetime')} value={ahead} lang="en" />);
    expect(screen.queryByText('Scheduled')).toBeNull();
    other.unmount();
    render(<CellValue column={column('datetime', { publishAt: true })} value={past} lang="en" />);
    expect(screen.queryByText('Scheduled')).toBeNull();
    expect(screen.getByText(formatTime(past))).toBeTruthy();
  });

  it('tags a time ahead as scheduled only on a row the public would then see, not on a draft', () => {
    const ahead = new Date(Date.now() + 86_400_000).toISOString();
    const publishTime = column('datetime', {
      publishAt: true,
      publishedWhen: { field: 'status', op: 'eq', value: 1 },
    });
    const draft = render(<CellValue column={publishTime} value={ahead} lang="zh" row={{ status: 0 }} />);
    expect(screen.queryByText('已排期')).toBeNull();
    expect(screen.getByText(formatTime(ahead))).toBeTruthy();
    draft.unmount();
    render(<CellValue column={publishTime} value={ahead} lang="zh" row={{ status: 1 }} />);
    expect(screen.getByText('已排期')).toBeTruthy();
  });

  it('shows a relative column as a time ago, with the full time on hover', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T12:00:00+08:00'));
    const value = '2026-11-25T11:55:00+08:00';
    render(<CellValue column={column('datetime', { relative: true })} value={value} lang="zh" />);
    const time = screen.getByText('5分钟前');
    expect(time.tagName).toBe('TIME');
    expect(time.getAttribute('title')).toBe(formatTime(value));
  });

  it('shows an uploaded picture by its thumbnail, and an outside picture as it is', () => {
    const { container, unmount } = render(
      <CellValue column={column('image')} value="/uploads/0123abcd.jpg" lang="en" />,
    );
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/uploads/0123abcd_thumb.webp');
    unmount();
    const outside = render(
      <CellValue column={column('image')} value="https://example.org/a.png" lang="en" />,
    );
    expect(outside.container.querySelector('img')?.getAttribute('src')).toBe('https://example.org/a.png');
  });

  it('draws an enum value as its coloured tag', () => {
    render(
      <CellValue
        column={column('tag', { options: [{ value: 1, label: '冻结', color: 'red' }] })}
        value={1}
        lang="zh"
      />,
    );
    expect(screen.getByText('冻结').className).toMatch(/red/);
  });

  it('draws booleans as yes / no in the page language', () => {
    const { rerender } = render(<CellValue column={column('boolean')} value={true} lang="zh" />);
    expect(screen.getByText('是')).toBeTruthy();
    rerender(<CellValue column={column('boolean')} value={false} lang="en" />);
    expect(screen.getByText('No')).toBeTruthy();
  });

  it('formats datetimes and dates', () => {
    const { rerender } = render(
      <CellValue column={column('datetime')} value="2026-03-01 08:30:05" lang="zh" />,
    );
    expect(screen.getByText('2026-03-01 08:30:05')).toBeTruthy();
    rerender(<CellValue column={column('date')} value="2026-03-01 08:30:05" lang="zh" />);
    expect(screen.getByText('2026-03-01')).toBeTruthy();
  });

  it('shows ref labels, one tag per id for a multiple ref, and the id when no label is known', () => {
    const labels = new Map([
      ['1', '管理员'],
      ['2', '编辑'],
    ]);
    render(
      <CellValue column={column('ref', { multiple: true })} value={[1, 2, 9]} lang="zh" refLabels={labels} />,
    );
    expect(screen.getByText('管理员')).toBeTruthy();
    expect(screen.getByText('编辑')).toBeTruthy();
    expect(screen.getByText('9')).toBeTruthy();
  });

  it('links web addresses but never a script URL', () => {
    const { rerender } = render(<CellValue column={column('link')} value="https://school.cn" lang="zh" />);
    expect(screen.getByRole('link', { name: 'https://school.cn' }).getAttribute('target')).toBe('_blank');
    rerender(<CellValue column={column('link')} value="javascript:alert(1)" lang="zh" />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('javascript:alert(1)')).toBeTruthy();
  });

  it('shows a head icon avatar from public/avatars, written into the code', () => {
    render(<CellValue column={column('avatar', { title: '头像' })} value="head_3" lang="zh" />);
    const src = screen.getByRole('img').getAttribute('src') ?? '';
    expect(src).toMatch(/^data:image\/svg\+xml,/);
    expect(decodeURIComponent(src)).toContain('<title>head_3</title>');
  });

  it('never shows a secret, and shows HTML as text', () => {
    const { rerender } = render(<CellValue column={column('secret')} value="hash" lang="zh" />);
    expect(screen.queryByText('hash')).toBeNull();
    rerender(<CellValue column={column('html')} value="<b>bold</b> <script>x()</script>news" lang="zh" />);
    expect(document.querySelector('b')).toBeNull();
    expect(document.querySelector('script')).toBeNull();
    expect(screen.getByText(/bold/).textContent).toContain('news');
  });
});
