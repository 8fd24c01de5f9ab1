// The tree picker with the real content-category schema against the real server app on PGlite
// (realServer.ts): it reads the tree a level at a time and never the table, names its value by
// its path, searches on the server and shows each hit under the rows above it, pages a large
// level, keeps a category from moving under itself or its descendants, and lets a content pick
// any category.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Id } from '../../../runtime/client/resourceClient.ts';
import type { Field, Resource } from '../../../runtime/schema/types.ts';
import { RefTreeSelect } from '../../../runtime/ui/RefTreeSelect.tsx';
import { PICKER_PAGE } from '../../../runtime/ui/useRefSearch.ts';
import { CATEGORIES, makeLevel, makeTree } from './categoryTree.ts';
import { loadResources, Providers, realHttp, refusingHttp, resourceNamed } from './harness.tsx';
import { type RealServer, startRealServer } from './realServer.ts';

let real: RealServer;
let resources: Resource[];

beforeAll(async () => {
  [real, resources] = await Promise.all([startRealServer(), loadResources()]);
}, 120_000);
afterAll(async () => {
  await real?.close();
});

function fieldOf(resource: string, name: string): Field {
  return resourceNamed(resources, resource).fields.find((f) => f.name === name)!;
}

const SCHOOL: Array<[string, string | 0]> = [
  ['学校新闻', 0],
  ['校园动态', '学校新闻'],
  ['班级风采', '校园动态'],
  ['通知公告', 0],
];

function renderPicker(props: {
  field: Field;
  selfId?: number;
  value?: Id | Id[] | null;
  multiple?: boolean;
  onChange?: (value: Id | Id[] | undefined) => void;
  /** draw only the entries in the list's window, as the app does. Off by default (antd's
   * `virtual={false}`, every entry drawn): the tests share one category table, and the roots the
   * other tests made would push a test's own entries out of the window */
  virtual?: boolean;
  /** the client's HTTP (the real server's, as a signed-in user's, unless a test says) */
  http?: ReturnType<typeof realHttp>;
}) {
  real.http.received.length = 0;
  const { virtual = false, http = realHttp(real), ...rest } = props;
  return render(
    <ConfigProvider virtual={virtual}>
      <Providers http={http} resources={resources}>
        <RefTreeSelect id="picker" lang="zh" value={null} onChange={() => {}} {...rest} />
      </Providers>
    </ConfigProvider>,
  );
}

const open = () => fireEvent.mouseDown(document.querySelector('#picker')!);
const title = (text: string) => screen.findByTitle(text);
const nodeOf = (el: HTMLElement) => el.closest('.ant-select-tree-treenode')!;
async function expand(text: string) {
  fireEvent.click(nodeOf(await title(text)).querySelector('.ant-select-tree-switcher')!);
}

/** An entry's height in jsdom, which lays nothing out: the list stands at its 256 px. */
const ENTRY = 28;

/** The open list scrolled to `top`, as the wheel would. */
function scrollList(top: number) {
  const holder = document.querySelector<HTMLElement>('.ant-select-tree-list-holder')!;
  holder.scrollTop = top;
  fireEvent.scroll(holder);
}

/**
 * The open list, which draws only the entries in its view, scrolled down to the root `name` (the
 * roots the other tests made come first), the root brought to the list's top and opened; gives
 * the root's offset in the list.
 */
async function openOwnRoot(name: string): Promise<number> {
  await waitFor(() => expect(document.querySelector('[role="treeitem"]')).not.toBeNull());
  for (let top = 0; !screen.queryByTitle(name); top += 200) {
    expect(top).toBeLessThan(100 * ENTRY);
    scrollList(top);
  }
  const rootTop = Number(nodeOf(screen.getByTitle(name)).getAttribute('data-index')) * ENTRY;
  scrollList(rootTop);
  await expand(name);
  return rootTop;
}

/** the titles of the options that cannot be picked */
const disabled = () =>
  [...document.querySelectorAll('.ant-select-tree-treenode-disabled [title]')].map((n) =>
    n.getAttribute('title'),
  );

/** every list request the picker sent: each names a level, ids or a search, never the whole table */
function listRequests() {
  return real.http.received.filter((r) => r.path === CATEGORIES);
}
function expectNoWholeTable() {
  for (const r of listRequests()) {
    const narrowed = r.query.has('parentId') || r.query.has('id') || r.query.has('categoryName');
    expect(narrowed, r.query.toString()).toBe(true);
    expect(Number(r.query.get('limit'))).toBeLessThanOrEqual(PICKER_PAGE);
  }
}

describe('RefTreeSelect', () => {
  it('reads the roots, then a level as its node opens, and keeps a category from moving under itself or anything below it', async () => {
    const tag = '·甲';
    const ids = await makeTree(real, tag, SCHOOL);
    renderPicker({ field: fieldOf('contentCategorys', 'parentId'), selfId: ids.get('校园动态') });
    open();
    await title(`学校新闻${tag}`);
    expect(screen.getByTitle('顶级')).toBeTruthy();
    // only the roots so far
    expect(screen.queryByTitle(`校园动态${tag}`)).toBeNull();
    await expand(`学校新闻${tag}`);
    await expand(`校园动态${tag}`);
    await title(`班级风采${tag}`);
    expect(disabled().sort()).toEqual([`校园动态${tag}`, `班级风采${tag}`].sort());
    // a row known to have no children shows no switcher to open
    expect(
      nodeOf(screen.getByTitle(`班级风采${tag}`)).querySelector('.ant-select-tree-switcher-noop'),
    ).toBeTruthy();
    const levels = listRequests().map((r) => r.query.get('parentId'));
    expect(levels).toEqual(['0', String(ids.get('学校新闻')), String(ids.get('校园动态'))]);
    expectNoWholeTable();
  });

  it('opens its list in a render after the pointer event, which React may cut into slices', async () => {
    const tag = '·开';
    const ids = await makeTree(real, tag, [['开栏目', 0]]);
    const view = renderPicker({ field: fieldOf('contents', 'categoryId') });
    const dropdown = () => document.querySelector('.ant-select-dropdown');
    // outside act(), as a browser runs it: an update made in the event is rendered before the
    // next task (React's microtask for urgent work), a transition in a task of the scheduler's
    const actEnvironment = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    try {
      document
        .querySelector('#picker')!
        .dispatchEvent(new MouseEvent('mousedown', { bubbles: true, cancelable: true }));
      for (let i = 0; i < 10; i++) await Promise.resolve();
      expect(dropdown()).toBeNull();
      await waitFor(() => expect(dropdown()).not.toBeNull());
      await title(`开栏目${tag}`);
      // taken away while act() is still off: the list's opening motion goes on after its entries
      view.unmount();
    } finally {
      (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = actEnvironment;
    }
    // the root made here is taken away again: the other tests' roots keep their place in the list
    await real.api('DELETE', `${CATEGORIES}/${ids.get('开栏目')}`);
  });

  it('names its value by its path before it is opened, reading it by id', async () => {
    const tag = '·乙';
    const ids = await makeTree(real, tag, SCHOOL);
    const { container } = renderPicker({
      field: fieldOf('contents', 'categoryId'),
      value: ids.get('班级风采'),
    });
    await waitFor(() =>
      expect(container.querySelector('.ant-select-content')?.textContent).toBe(
        `学校新闻${tag} / 校园动态${tag} / 班级风采${tag}`,
      ),
    );
    expect(listRequests().map((r) => [r.query.get('id'), r.query.get('ancestors')])).toEqual([
      [String(ids.get('班级风采')), 'true'],
    ]);
  });

  it('searches on the server and shows each hit under the rows above it, disabled below the edited row', async () => {
    const tag = '·丙';
    const ids = await makeTree(real, tag, SCHOOL);
    renderPicker({ field: fieldOf('contentCategorys', 'parentId'), selfId: ids.get('校园动态') });
    open();
    await title(`学校新闻${tag}`);
    fireEvent.change(document.querySelector('#picker')!, { target: { value: `班级风采${tag}` } });
    const hit = await title(`班级风采${tag}`);
    // the hit sits under its parents, shown open, though those levels were never read
    expect(screen.getByTitle(`校园动态${tag}`)).toBeTruthy();
    expect(screen.getByTitle(`学校新闻${tag}`)).toBeTruthy();
    expect(screen.queryByTitle(`通知公告${tag}`)).toBeNull();
    expect(nodeOf(hit).className).toContain('ant-select-tree-treenode-disabled');
    const searches = listRequests().filter((r) => r.query.has('categoryName'));
    expect(searches.map((r) => r.query.get('categoryName'))).toEqual([`班级风采${tag}`]);
    expectNoWholeTable();
  });

  it('pages a large level with a "load more" entry', async () => {
    const tag = '·丁';
    const ids = await makeTree(real, tag, [['大栏目', 0]]);
    const count = PICKER_PAGE + 10;
    await makeLevel(real, tag, ids.get('大栏目')!, count);
    renderPicker({ field: fieldOf('contents', 'categoryId') });
    open();
    await expand(`大栏目${tag}`);
    await title(`子0${tag}`);
    const more = await screen.findByText(`加载更多（已显示 ${PICKER_PAGE} / ${count}）`);
    expect(screen.queryByTitle(`子${count - 1}${tag}`)).toBeNull();
    // what each change to the page shows while the page is read: the entry spins, the select does
    // not (a select that spins draws its open list again, twice a read)
    const seen = { entrySpun: false, selectSpun: false };
    const watch = new MutationObserver(() => {
      if (document.querySelector('a[data-more][aria-busy="true"] .anticon-loading')) seen.entrySpun = true;
      if (document.querySelector('.ant-select .anticon-loading')) seen.selectSpun = true;
    });
    watch.observe(document.body, { subtree: true, childList: true, attributes: true });
    fireEvent.click(more);
    await title(`子${count - 1}${tag}`);
    watch.disconnect();
    expect(seen).toEqual({ entrySpun: true, selectSpun: false });
    expect(screen.queryByText(/加载更多/)).toBeNull();
    expect(
      listRequests()
        .filter((r) => r.query.get('parentId') === String(ids.get('大栏目')))
        .map((r) => r.query.get('page')),
    ).toEqual(['1', '2']);
  }, 90_000);

  it("draws only the entries in the list's view, and those further down as the list is scrolled", async () => {
    const tag = '·庚';
    const ids = await makeTree(real, tag, [['长栏目', 0]]);
    const count = PICKER_PAGE + 10;
    await makeLevel(real, tag, ids.get('长栏目')!, count);
    renderPicker({ field: fieldOf('contents', 'categoryId'), virtual: true });
    open();
    const drawn = () => [...document.querySelectorAll('[role="treeitem"]')].map((n) => n.textContent);
    const rootTop = await openOwnRoot(`长栏目${tag}`);
    await title(`子0${tag}`);
    // the "load more" entry ends the level: it is drawn once the list is scrolled down to it, and
    // scrolled into the list's view it reads the next page by itself, once
    expect(screen.queryByText(/加载更多/)).toBeNull();
    scrollList(rootTop + count * ENTRY);
    await waitFor(() => expect(screen.queryByText(/加载更多/)).toBeNull());
    scrollList(rootTop + count * ENTRY);
    await waitFor(() => expect(drawn()).toContain(`子${count - 1}${tag}`));
    expect(
      listRequests()
        .filter((r) => r.query.get('parentId') === String(ids.get('长栏目')))
        .map((r) => r.query.get('page')),
    ).toEqual(['1', '2']);
    // the list's 256 px hold about nine entries: a few more are drawn around them, never the level
    expect(drawn().length).toBeLessThan(25);
    expect(drawn()).not.toContain(`子0${tag}`);
    scrollList(rootTop);
    await waitFor(() => expect(drawn()).toContain(`子0${tag}`));
    expect(drawn()).not.toContain(`子${count - 1}${tag}`);
  }, 90_000);

  it('reads a page on its own once: a read that failed is read again from its entry', async () => {
    const tag = '·壬';
    const ids = await makeTree(real, tag, [['断栏目', 0]]);
    const count = PICKER_PAGE + 10;
    await makeLevel(real, tag, ids.get('断栏目')!, count);
    // the session refused while the test says so: the read answered 401, as one whose session ended
    const { http, state } = refusingHttp(real);
    renderPicker({ field: fieldOf('contents', 'categoryId'), virtual: true, http });
    open();
    const rootTop = await openOwnRoot(`断栏目${tag}`);
    await title(`子0${tag}`);
    const pageTwo = () =>
      listRequests().filter(
        (r) => r.query.get('parentId') === String(ids.get('断栏目')) && r.query.get('page') === '2',
      );
    const entry = () => document.querySelector<HTMLElement>(`a[data-more="${ids.get('断栏目')}"]`);
    state.refuse = true;
    scrollList(rootTop + count * ENTRY);
    // scrolled into view, the entry read the page by itself, and the read failed
    await waitFor(() => expect(pageTwo()).toHaveLength(1));
    await waitFor(() => expect(entry()?.getAttribute('aria-busy')).toBe('false'));
    // scrolled away and back: the entry is drawn again, and asks for nothing by itself
    scrollList(rootTop);
    await waitFor(() => expect(entry()).toBeNull());
    scrollList(rootTop + count * ENTRY);
    await waitFor(() => expect(entry()).not.toBeNull());
    expect(entry()!.getAttribute('aria-busy')).toBe('false');
    // clicked, it reads that page again (not the one after it), and the level is read to its end
    state.refuse = false;
    fireEvent.click(entry()!);
    await waitFor(() => expect(entry()).toBeNull());
    scrollList(rootTop + count * ENTRY);
    await title(`子${count - 1}${tag}`);
    expect(pageTwo()).toHaveLength(2);
  }, 90_000);

  it('moves along its entries with the arrow keys, opens a level with the right arrow and chooses with Enter', async () => {
    const tag = '·辛';
    const ids = await makeTree(real, tag, SCHOOL);
    const changes: unknown[] = [];
    renderPicker({ field: fieldOf('contents', 'categoryId'), onChange: (v) => changes.push(v) });
    open();
    await title(`学校新闻${tag}`);
    const input = document.querySelector('#picker')!;
    const active = () =>
      document.querySelector('.ant-select-tree-treenode-active [title]')?.getAttribute('title');
    const roots = [...document.querySelectorAll('[role="treeitem"] [title]')].map((n) =>
      n.getAttribute('title'),
    );
    // down to this test's root, whatever roots other tests made
    for (let i = 0; i <= roots.indexOf(`学校新闻${tag}`); i++) fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(active()).toBe(`学校新闻${tag}`);
    // the search box, which holds the focus, names the list and the keyboard's entry in it
    const activeId = document.querySelector('.ant-select-tree-treenode-active')!.id;
    expect(document.getElementById(input.getAttribute('aria-controls')!)?.getAttribute('role')).toBe('tree');
    expect(input.getAttribute('aria-activedescendant')).toBe(activeId);
    expect(document.querySelector('[role="tree"]')!.getAttribute('aria-activedescendant')).toBe(activeId);
    fireEvent.keyDown(input, { key: 'ArrowRight' });
    await title(`校园动态${tag}`);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(active()).toBe(`校园动态${tag}`);
    // Escape closes the list; opened again, the keyboard is where it was
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    open();
    await waitFor(() => expect(input.getAttribute('aria-expanded')).toBe('true'));
    expect(active()).toBe(`校园动态${tag}`);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(changes).toEqual([ids.get('校园动态')]);
    // a single choice closes the list
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('ticks each entry of a multiple pick on its own: a parent brings nothing below it', async () => {
    const tag = '·戊';
    const ids = await makeTree(real, tag, SCHOOL);
    const field: Field = { ...fieldOf('contents', 'categoryId'), multiple: true };
    const changes: unknown[] = [];
    renderPicker({ field, multiple: true, value: [], onChange: (v) => changes.push(v) });
    open();
    await expand(`学校新闻${tag}`);
    await title(`校园动态${tag}`);
    fireEvent.click(nodeOf(screen.getByTitle(`学校新闻${tag}`)).querySelector('.ant-select-tree-checkbox')!);
    expect(changes).toEqual([[ids.get('学校新闻')]]);
  });

  it('unticks a ticked entry of a multiple pick, leaving the others', async () => {
    const tag = '·壬';
    const ids = await makeTree(real, tag, SCHOOL);
    const field: Field = { ...fieldOf('contents', 'categoryId'), multiple: true };
    const changes: unknown[] = [];
    const value = [ids.get('学校新闻')!, ids.get('通知公告')!];
    renderPicker({ field, multiple: true, value, onChange: (v) => changes.push(v) });
    open();
    // the chosen entries' tags in the select carry their names as titles too: the list's entry
    const entry = await waitFor(() =>
      nodeOf(document.querySelector(`[role="tree"] [title="通知公告${tag}"]`)!),
    );
    expect(entry.querySelector('.ant-select-tree-checkbox-checked')).toBeTruthy();
    fireEvent.click(entry.querySelector('.ant-select-tree-node-content-wrapper')!);
    expect(changes).toEqual([[ids.get('学校新闻')]]);
  });

  it('offers every category to a content, whatever the content id', async () => {
    const tag = '·己';
    const ids = await makeTree(real, tag, SCHOOL);
    // a content whose id happens to be this category's: the category tree has nothing to do with it
    renderPicker({ field: fieldOf('contents', 'categoryId'), selfId: ids.get('学校新闻') });
    open();
    await expand(`学校新闻${tag}`);
    await title(`校园动态${tag}`);
    expect(disabled()).toEqual([]);
    expect(screen.queryByTitle('顶级')).toBeNull();
  });
});
