import { act, fireEvent, render, screen } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Pagination } from '../../../runtime/ui/Pagination.tsx';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function setup(props: Partial<Parameters<typeof Pagination>[0]> = {}) {
  const onPagination = vi.fn();
  const view = render(<Pagination total={95} onPagination={onPagination} autoScroll={false} {...props} />);
  return { onPagination, ...view };
}

async function openSizes() {
  const select = screen.getByRole('combobox', { name: '每页条数' });
  fireEvent.mouseDown(select);
  return await screen.findByRole('listbox');
}

describe('Pagination', () => {
  it('shows the total, page 1 and 20 a page by default', () => {
    setup();
    expect(screen.getByText('共 95 条')).toBeTruthy();
    expect(screen.getByTitle('1').className).toContain('active');
    expect(screen.getByText('20 条/页')).toBeTruthy();
    // 95 rows at 20 a page
    expect(screen.getByTitle('5')).toBeTruthy();
    expect(screen.queryByTitle('6')).toBeNull();
  });

  it('shows an estimated total as "about", rounded, and pages through all it implies', () => {
    setup({ total: 1_234_567, estimated: true });
    expect(screen.getByText('约 1,200,000 条')).toBeTruthy();
    expect(screen.queryByText(/共/)).toBeNull();
    // 1,234,567 rows at 20 a page: the last page is 61,729
    expect(screen.getByTitle('61729')).toBeTruthy();
  });

  it('shows an estimated total in English', () => {
    setup({ total: 98_765, estimated: true, lang: 'en' });
    expect(screen.getByText('About 99,000')).toBeTruthy();
  });

  it('offers the sizes 10, 20, 30 and 50', async () => {
    setup();
    await openSizes();
    const labels = ['10 条/页', '20 条/页', '30 条/页', '50 条/页'];
    for (const text of labels) expect(screen.getAllByText(text).length).toBeGreaterThan(0);
    expect(screen.queryByText('100 条/页')).toBeNull();
  });

  it('names its previous and next buttons by what they do, in the locale, not by their arrows', () => {
    const { onPagination } = setup({ page: 2, limit: 20 });
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    expect(onPagination).toHaveBeenLastCalledWith({ page: 3, limit: 20 });
    fireEvent.click(screen.getByRole('button', { name: '上一页' }));
    expect(onPagination).toHaveBeenLastCalledWith({ page: 1, limit: 20 });
    render(
      <ConfigProvider locale={enUS}>
        <Pagination total={5} onPagination={() => {}} autoScroll={false} lang="zh" />
      </ConfigProvider>,
    );
    expect(screen.getByRole('button', { name: 'Previous Page' })).toBeTruthy();
  });

  it('emits page and limit when the page changes', () => {
    const { onPagination } = setup({ page: 1, limit: 20 });
    fireEvent.click(screen.getByTitle('3'));
    expect(onPagination).toHaveBeenLastCalledWith({ page: 3, limit: 20 });
  });

  it('emits the new limit, keeping the page when it still exists and clamping it otherwise', async () => {
    const { onPagination, rerender } = setup({ page: 2, limit: 20 });
    await openSizes();
    fireEvent.click(document.querySelector('.ant-select-item-option[title="50 条/页"]')!);
    expect(onPagination).toHaveBeenLastCalledWith({ page: 2, limit: 50 });
    rerender(<Pagination total={95} page={5} limit={20} onPagination={onPagination} autoScroll={false} />);
    await openSizes();
    const options = document.querySelectorAll('.ant-select-item-option[title="50 条/页"]');
    fireEvent.click(options[options.length - 1]);
    expect(onPagination).toHaveBeenLastCalledWith({ page: 2, limit: 50 });
  });

  it('jumps to the page typed into the jumper, on Enter or when it loses focus', () => {
    const { onPagination } = setup();
    const jumper = screen.getByRole('spinbutton', { name: '跳至' });
    fireEvent.change(jumper, { target: { value: '4' } });
    fireEvent.keyDown(jumper, { key: 'Enter', keyCode: 13, which: 13 });
    expect(onPagination).toHaveBeenLastCalledWith({ page: 4, limit: 20 });
    // the box empties after a jump, as antd's own jumper does
    expect((jumper as HTMLInputElement).value).toBe('');
    fireEvent.change(jumper, { target: { value: '2' } });
    fireEvent.blur(jumper);
    expect(onPagination).toHaveBeenLastCalledWith({ page: 2, limit: 20 });
  });

  it('keeps a jump within the pages there are', () => {
    const { onPagination } = setup();
    const jumper = screen.getByRole('spinbutton', { name: '跳至' });
    fireEvent.change(jumper, { target: { value: '99' } });
    fireEvent.keyDown(jumper, { key: 'Enter', keyCode: 13, which: 13 });
    expect(onPagination).toHaveBeenLastCalledWith({ page: 5, limit: 20 });
  });

  it('shows the whole layout, jumper included, when everything fits on one page', () => {
    const onPagination = vi.fn();
    render(
      <ConfigProvider locale={zhCN}>
        <Pagination total={5} onPagination={onPagination} autoScroll={false} />
      </ConfigProvider>,
    );
    expect(screen.getByText('共 5 条')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: '每页条数' })).toBeTruthy();
    expect(screen.getByTitle('上一页')).toBeTruthy();
    expect(screen.getByTitle('1')).toBeTruthy();
    expect(screen.getByTitle('下一页')).toBeTruthy();
    const jumper = screen.getByRole('spinbutton', { name: '跳至' });
    expect(screen.getByText('页')).toBeTruthy();
    fireEvent.change(jumper, { target: { value: '3' } });
    fireEvent.keyDown(jumper, { key: 'Enter', keyCode: 13, which: 13 });
    expect(onPagination).toHaveBeenLastCalledWith({ page: 1, limit: 20 });
  });

  it("speaks the app's antd locale when it sets one", () => {
    render(
      <ConfigProvider locale={enUS}>
        <Pagination total={5} onPagination={() => {}} autoScroll={false} lang="zh" />
      </ConfigProvider>,
    );
    expect(screen.getByRole('spinbutton', { name: 'Go to' })).toBeTruthy();
    expect(screen.getByText('Page')).toBeTruthy();
    expect(screen.getByText('20 / page')).toBeTruthy();
    expect(screen.getByTitle('Previous Page')).toBeTruthy();
  });

  it('leaves out the parts the layout does not name', () => {
    setup({ layout: ['prev', 'pager', 'next'] });
    expect(screen.queryByText('共 95 条')).toBeNull();
    expect(screen.queryByRole('combobox', { name: '每页条数' })).toBeNull();
    expect(screen.queryByRole('spinbutton')).toBeNull();
    expect(screen.getByTitle('2')).toBeTruthy();
  });

  it('renders nothing when hidden, and centres when asked', () => {
    const { container, rerender } = setup({ hidden: true });
    expect(container.innerHTML).toBe('');
    rerender(<Pagination total={95} onPagination={() => {}} centered autoScroll={false} />);
    expect(screen.getByTestId('pagination').style.justifyContent).toBe('center');
  });

  it('speaks English when asked', () => {
    setup({ lang: 'en' });
    expect(screen.getByText('Total 95')).toBeTruthy();
    expect(screen.getByText('20 / page')).toBeTruthy();
  });

  it('with autoScroll scrolls the window smoothly to the top over 800 ms', () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'performance'] });
    Object.defineProperty(window, 'scrollY', { value: 600, configurable: true });
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const onPagination = vi.fn();
    render(<Pagination total={95} onPagination={onPagination} />);
    fireEvent.click(screen.getByTitle('2'));
    expect(onPagination).toHaveBeenCalledWith({ page: 2, limit: 20 });
    act(() => {
      vi.advanceTimersByTime(400);
    });
    const midway = scrollTo.mock.calls.at(-1)!;
    expect(midway[1]).toBeGreaterThan(0);
    expect(midway[1]).toBeLessThan(600);
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(scrollTo.mock.calls.at(-1)![1]).toBeGreaterThan(0);
    act(() => {
      vi.advanceTimersByTime(150);
    });
    expect(scrollTo.mock.calls.at(-1)).toEqual([0, 0]);
    const calls = scrollTo.mock.calls.length;
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(scrollTo.mock.calls.length).toBe(calls);
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });

  it('does not scroll without autoScroll', () => {
    Object.defineProperty(window, 'scrollY', { value: 600, configurable: true });
    const raf = vi.spyOn(window, 'requestAnimationFrame');
    const { onPagination } = setup({ autoScroll: false });
    fireEvent.click(screen.getByTitle('2'));
    expect(onPagination).toHaveBeenCalled();
    expect(raf).not.toHaveBeenCalled();
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });
});
