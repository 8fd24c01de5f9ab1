// The list page of a tree resource (the content categories) against the real server app on
// PGlite (realServer.ts): it reads the tree a level at a time and never the table, pages a long
// level with a "load more" row, shows the rows a filter matches under the rows above them, draws
// only a window of a 2,000-row level, and a delete refreshes the level the row was in.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createResourceClient } from '../../../runtime/client/resourceClient.ts';
import type { Resource } from '../../../runtime/schema/types.ts';
import { treePage } from '../../../runtime/ui/listReads.ts';
import { ResourcePage } from '../../../runtime/ui/ResourcePage.tsx';
import { CATEGORIES, makeTree } from './categoryTree.ts';
import { loadResources, Providers, realHttp, refusingHttp, resourceNamed } from './harness.tsx';
import { type RealServer, startRealServer } from './realServer.ts';
import { restoreWindowScroll, scrollWindow } from './windowScroll.ts';

let real: RealServer;
let resources: Resource[];

beforeAll(async () => {
  [real, resources] = await Promise.all([startRealServer(), loadResources()]);
}, 120_000);
afterAll(async () => {
  await real?.close();
});
afterEach(restoreWindowScroll);

function renderPage(initialEntry = '/', http = realHttp(real)) {
  real.http.received.length = 0;
  const resource = resourceNamed(resources, 'contentCategorys');
  return render(
    <Providers http={http} resources={resources} initialEntry={initialEntry}>
      <ResourcePage
        resource={resource}
        client={createResourceClient(http, resource)}
        lang="zh"
        can={() => true}
      />
    </Providers>,
  );
}

const reads = () =>
  real.http.received.filter((r) => r.method === 'GET' && r.path === CATEGORIES).map((r) => r.query);

/** The table row showing a category. */
const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

/** Past the end of any table here: the window shows its last rows. */
const END = 1_000_000;

const expand = async (name: string) =>
  fireEvent.click(within(await rowOf(name)).getByRole('button', { name: '展开' }));

describe('the list page of a tree resource', () => {
  it('reads the top level, then a level as its row opens; a leaf has nothing to open', async () => {
    const ids = await makeTree(real, '·层', [
      ['学校新闻', 0],
      ['校园动态', '学校新闻'],
      ['班级风采', '校园动态'],
      ['通知公告', 0],
    ]);
    renderPage();
    await screen.findByText('学校新闻·层');
    expect(screen.getByText('通知公告·层')).toBeTruthy();
    expect(screen.queryByText('校园动态·层')).toBeNull();
    // nothing but the top level was read, a page of it, each row saying whether it has children
    expect(reads().map((q) => [q.get('parentId'), q.get('hasChildren'), q.get('limit')])).toEqual([
      ['0', 'true', String(treePage(resourceNamed(resources, 'contentCategorys')))],
    ]);
    expect(within(await rowOf('通知公告·层')).queryByRole('button', { name: '展开' })).toBeNull();

    await expand('学校新闻·层');
    await screen.findByText('校园动态·层');
    expect(reads().at(-1)!.get('parentId')).toBe(String(ids.get('学校新闻')));
    expect(screen.queryByText('班级风采·层')).toBeNull();
    await expand('校园动态·层');
    await screen.findByText('班级风采·层');
    expect(within(await rowOf('班级风采·层')).queryByRole('button', { name: '展开' })).toBeNull();

    fireEvent.click(within(await rowOf('学校新闻·层')).getByRole('button', { name: '收起' }));
    await waitFor(() => expect(screen.queryByText('校园动态·层')).toBeNull());
  });

  it('shows a level being read on its own row; the table does not spin', async () => {
    const ids = await makeTree(real, '·读', [
      ['学校新闻', 0],
      ['校园动态', '学校新闻'],
      ['通知公告', 0],
      ['考试安排', '通知公告'],
    ]);
    // the opened row's children are held until the test lets them through
    const http = realHttp(real);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // a failing check lets the held read go too, so the server closes at once
    onTestFinished(() => release());
    const parent = String(ids.get('学校新闻'));
    http.interceptors.request.use(async (config) => {
      if (String(config.params?.parentId) === parent) await held;
      return config;
    });
    renderPage('/', http);
    await screen.findByText('学校新闻·读');
    const spinning = () => document.querySelector('[data-list-table] .ant-spin-spinning') !== null;
    await waitFor(() => expect(spinning()).toBe(false));
    const seen = { tableSpinning: false };
    const watch = new MutationObserver(() => {
      if (spinning()) seen.tableSpinning = true;
    });
    watch.observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['class'],
    });
    const control = async (name: string, label: '展开' | '收起') =>
      within(await rowOf(name)).getByRole('button', { name: label });

    await expand('学校新闻·读');
    // the row's own control spins while its children are read
    await waitFor(async () =>
      expect((await control('学校新闻·读', '收起')).getAttribute('aria-busy')).toBe('true'),
    );
    expect((await control('学校新闻·读', '收起')).querySelector('.anticon-loading')).not.toBeNull();
    // and the rest of the table is there to use: another row opens meanwhile
    expect((await control('通知公告·读', '展开')).getAttribute('aria-busy')).toBe('false');
    await expand('通知公告·读');
    await screen.findByText('考试安排·读');
    expect(screen.queryByText('校园动态·读')).toBeNull();

    release();
    await screen.findByText('校园动态·读');
    await waitFor(async () =>
      expect((await control('学校新闻·读', '收起')).getAttribute('aria-busy')).toBe('false'),
    );
    expect((await control('学校新闻·读', '收起')).querySelector('.anticon-minus-square')).not.toBeNull();
    watch.disconnect();
    expect(seen).toEqual({ tableSpinning: false });
  });

  it('shows the rows a filter matches under every row above them, opened', async () => {
    await makeTree(real, '·筛', [
      ['学校新闻', 0],
      ['校园动态', '学校新闻'],
      ['班级风采', '校园动态'],
      ['班级日志', 0],
    ]);
    renderPage('/?f.categoryName=班级');
    await screen.findByText('班级风采·筛');
    // the hit is shown where it sits, under rows that do not match themselves
    expect(screen.getByText('学校新闻·筛')).toBeTruthy();
    expect(screen.getByText('校园动态·筛')).toBeTruthy();
    expect(screen.getByText('班级日志·筛')).toBeTruthy();
    const search = reads().find((q) => q.get('categoryName') === '班级')!;
    expect(search.get('ancestors')).toBe('true');
    expect(search.get('parentId')).toBeNull();
    // no level was read besides the search
    expect(reads().every((q) => q.get('categoryName') === '班级')).toBe(true);
    // a hit's row can be closed like any other
    fireEvent.click(within(await rowOf('学校新闻·筛')).getByRole('button', { name: '收起' }));
    await waitFor(() => expect(screen.queryByText('班级风采·筛')).toBeNull());
  });

  it('pages a long level with a "load more" row, and draws a window of its 2,000 rows', async () => {
    const ids = await makeTree(real, '·大', [['大栏目', 0]]);
    const parent = ids.get('大栏目')!;
    await real.sql(`
      insert into cms_content_categorys (parent_id, category_name, kind, status, show_in_nav, regulation, order_num)
      select ${parent}, '子栏目' || lpad(i::text, 4, '0') || '·大', 0, 0, true, false, i
      from generate_series(1, 2000) i`);
    renderPage();
    await expand('大栏目·大');
    await screen.findByText('子栏目0001·大');
    // the level's rows are read a page at a time; its "load more" row is drawn once scrolled to
    expect(screen.queryByText(/加载更多/)).toBeNull();
    scrollWindow(END);
    const more = async (shown: number) =>
      (await screen.findByText(`加载更多（已显示 ${shown} / 2000）`)).closest('button') as HTMLElement;
    const page = treePage(resourceNamed(resources, 'contentCategorys'));
    // what each read drew, whenever it happened: the "load more" button reading (its own icon, not
    // antd's `loading`, TableBody.tsx), the table spinning
    const drawn = { buttonReading: false, antdLoading: false, tableSpinning: false };
    const watch = new MutationObserver(() => {
      if (document.querySelector('button[data-more][aria-busy="true"] .anticon-loading'))
        drawn.buttonReading = true;
      if (document.querySelector('button[data-more].ant-btn-loading')) drawn.antdLoading = true;
      if (document.querySelector('[data-list-table] .ant-spin-spinning')) drawn.tableSpinning = true;
    });
    watch.observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['class'],
    });
    for (let shown = page; shown < 2000; shown += page) {
      const button = await more(shown);
      // at rest the button shows an icon of its own: a button without one mounts antd's hidden
      // loading icon, which sets state in a layout effect (a render before the paint)
      expect(button.querySelector('.anticon-down')).not.toBeNull();
      // named by its text alone: the icon is drawn, not read
      expect(
        within(button.closest('tr') as HTMLElement).getByRole('button', {
          name: `加载更多（已显示 ${shown} / 2000）`,
        }),
      ).toBe(button);
      fireEvent.click(button);
    }
    await screen.findByText('子栏目2000·大');
    watch.disconnect();
    // a page of a level is read where the user asked for it; the table stays as it is
    expect(drawn).toEqual({ buttonReading: true, antdLoading: false, tableSpinning: false });
    expect(screen.queryByText(/加载更多/)).toBeNull();
    expect(screen.queryByText('子栏目0001·大')).toBeNull();
    const pages = reads().filter((q) => q.get('parentId') === String(parent));
    expect(pages.map((q) => q.get('page'))).toEqual(['1', '2', '3', '4']);

    // the table holds the 2,000 rows and the other top rows, but draws a window of them
    const drawnRows = document.querySelectorAll('tbody tr[data-row-key]');
    expect(drawnRows.length).toBeGreaterThan(10);
    expect(drawnRows.length).toBeLessThan(100);
    // the rows left out stand as a spacer above the drawn ones, so the page scrolls as if all were there
    const spacer = document.querySelector('tbody tr[data-spacer] td') as HTMLElement;
    expect(Number.parseInt(spacer.style.height, 10)).toBeGreaterThan(1900 * 40);
    scrollWindow(0);
    await screen.findByText('大栏目·大');
  });

  it('reads a page whose read failed again on the next click of its "load more" row', async () => {
    const ids = await makeTree(real, '·断', [['断栏目', 0]]);
    const parent = ids.get('断栏目')!;
    const page = treePage(resourceNamed(resources, 'contentCategorys'));
    const count = page + 20;
    await real.sql(`
      insert into cms_content_categorys (parent_id, category_name, kind, status, show_in_nav, regulation, order_num)
      select ${parent}, '子栏目' || lpad(i::text, 4, '0') || '·断', 0, 0, true, false, i
      from generate_series(1, ${count}) i`);
    // the session refused while the test says so: the read answers 401, as one whose session ended
    const { http, state } = refusingHttp(real);
    renderPage('/', http);
    await expand('断栏目·断');
    await screen.findByText('子栏目0001·断');
    scrollWindow(END);
    const button = async () =>
      (await screen.findByText(`加载更多（已显示 ${page} / ${count}）`)).closest('button') as HTMLElement;
    const pageTwo = () =>
      reads().filter((q) => q.get('parentId') === String(parent) && q.get('page') === '2');
    state.refuse = true;
    fireEvent.click(await button());
    await waitFor(() => expect(state.failures).toEqual(['session']));
    await waitFor(async () => expect((await button()).getAttribute('aria-busy')).toBe('false'));
    expect(pageTwo()).toHaveLength(1);
    // the next click reads that page again, not the one after it (past the level's end here)
    state.refuse = false;
    fireEvent.click(await button());
    await screen.findByText(`子栏目${String(count).padStart(4, '0')}·断`);
    expect(screen.queryByText(/加载更多/)).toBeNull();
    expect(pageTwo()).toHaveLength(2);
    expect(
      reads()
        .filter((q) => q.get('parentId') === String(parent))
        .map((q) => q.get('page')),
    ).toEqual(['1', '2', '2']);
  });

  it('takes no pointer events in its rows while the window scrolls, but in its "load more" row', async () => {
    const ids = await makeTree(real, '·滚', [['滚栏目', 0]]);
    const parent = ids.get('滚栏目')!;
    const page = treePage(resourceNamed(resources, 'contentCategorys'));
    await real.sql(`
      insert into cms_content_categorys (parent_id, category_name, kind, status, show_in_nav, regulation, order_num)
      select ${parent}, '子栏目' || lpad(i::text, 4, '0') || '·滚', 0, 0, true, false, i
      from generate_series(1, ${page + 20}) i`);
    renderPage();
    await expand('滚栏目·滚');
    await screen.findByText('子栏目0001·滚');
    const body = (await rowOf('子栏目0001·滚')).closest('tbody') as HTMLElement;
    // at rest every row takes the pointer
    expect(body.style.pointerEvents).toBe('');
    scrollWindow(END);
    // scrolling: rows passing under a still pointer send it no over/out events to dispatch
    expect(body.style.pointerEvents).toBe('none');
    const more = (await screen.findByText(`加载更多（已显示 ${page} / ${page + 20}）`)).closest(
      'tr',
    ) as HTMLElement;
    expect(more.style.pointerEvents).toBe('auto');
    // once the window is still (react-virtual's scroll end), the rows take the pointer again
    await waitFor(() => expect(body.style.pointerEvents).toBe(''));
  });

  it('refreshes the level a row is deleted from', async () => {
    await makeTree(real, '·删', [
      ['学校新闻', 0],
      ['校园动态', '学校新闻'],
      ['社团活动', '学校新闻'],
    ]);
    renderPage();
    await expand('学校新闻·删');
    const row = await rowOf('社团活动·删');
    fireEvent.click(within(row).getByRole('button', { name: /删\s*除/ }));
    const popover = (await screen.findByText(/确定/, { selector: '.ant-popconfirm-title' })).closest(
      '.ant-popover',
    ) as HTMLElement;
    fireEvent.click(within(popover).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(screen.queryByText('社团活动·删')).toBeNull());
    expect(screen.getByText('校园动态·删')).toBeTruthy();
  });
});
