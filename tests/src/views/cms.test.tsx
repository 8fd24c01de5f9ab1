import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LIST_MAX_LIMIT } from '../../../runtime/contract.ts';
import { http as appHttp } from '../../../src/api/http.ts';
import { type Call, fakeAdapter, fakeHttp, renderPage } from '../harness.tsx';

const { default: NewsDetailPage } = await import('../../../src/views/cms/newsDetail.tsx');
const { default: BlockLayoutPage } = await import('../../../src/views/cms/blockLayout.tsx');
const { default: LinkConfigPage } = await import('../../../src/views/cms/link.tsx');
const { default: ReplyPopPage } = await import('../../../src/views/cms/replyPop.tsx');
const { default: AllocationUserPage } = await import('../../../src/views/cms/allocationUser.tsx');
const { usePermissionStore } = await import('../../../src/stores/permission.ts');
const { useLanguageStore } = await import('../../../src/stores/language.ts');

const writes = (calls: Call[]) => calls.filter((call) => call.method !== 'GET');
const form = (call: Call) => [...new URLSearchParams(call.body).entries()];

beforeEach(() => {
  usePermissionStore.setState({ permissions: ['*'] });
  act(() => useLanguageStore.getState().setLang('en'));
});

describe('assign users', () => {
  const defaultAdapter = appHttp.defaults.adapter;
  afterEach(() => {
    appHttp.defaults.adapter = defaultAdapter;
  });

  /** 10,000 users without the role, two with it: the page asks for a page of each, searched by the server. */
  function server(calls: Call[]) {
    const page = (call: Call) => {
      const holding = call.params.holding === 'true';
      const search = String(call.params.search ?? '');
      if (holding) return { rows: [{ id: 7, userName: 'holder', realName: 'Hilda', status: 0 }], total: 1 };
      const rows = search
        ? [{ id: 4321, userName: 'u4321', realName: 'Searched', status: 1 }]
        : Array.from({ length: 10 }, (_, i) => ({
            id: i + 1,
            userName: `u${i + 1}`,
            realName: `User ${i + 1}`,
            status: 0,
          }));
      return { rows, total: search ? 1 : 10_000 };
    };
    appHttp.defaults.adapter = fakeAdapter(
      {
        'GET /api/sys/roles/3/users': page,
        'PUT /api/sys/roles/3/users': (call: Call) => {
          const body = new URLSearchParams(call.body);
          return {
            added: body.getAll('add').filter(Boolean).length,
            removed: body.getAll('remove').filter(Boolean).length,
          };
        },
      },
      calls,
    );
    return fakeHttp({
      'GET /api/sys/roles': { rows: [{ id: 3, roleName: 'Editors' }], total: 1 },
    });
  }

  it('reads a page of each side from the server, searches there, and moves the ticked users in one call', async () => {
    const calls: Call[] = [];
    const { element } = renderPage(<AllocationUserPage />, server(calls), '/allocationUser?roleId=3');
    render(element);
    const others = await screen.findByTestId('role-others');
    expect(await within(others).findByText('User 1')).toBeTruthy();
    expect(within(others).getByText('10000')).toBeTruthy();
    const holders = screen.getByTestId('role-holders');
    expect(await within(holders).findByText('Hilda')).toBeTruthy();
    const reads = calls.filter((call) => call.url === '/api/sys/roles/3/users' && call.method === 'GET');
    expect(reads.map((call) => [call.params.holding, call.params.limit])).toEqual(
      expect.arrayContaining([
        ['false', 10],
        ['true', 10],
      ]),
    );

    fireEvent.change(within(others).getByRole('searchbox'), { target: { value: 'u4321' } });
    // the server is asked once typing pauses
    expect(await within(others).findByText('Searched')).toBeTruthy();
    expect(within(others).getByText('Frozen')).toBeTruthy();
    expect(calls.some((call) => call.params.search === 'u4321')).toBe(true);

    fireEvent.click(within(others).getAllByRole('checkbox').at(-1)!);
    fireEvent.click(screen.getByRole('button', { name: 'Give the role' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(form(writes(calls)[0])).toEqual([['add', '4321']]);
    expect(await screen.findByText('Role given to 1 users')).toBeTruthy();

    fireEvent.click(within(holders).getAllByRole('checkbox').at(-1)!);
    fireEvent.click(screen.getByRole('button', { name: 'Take the role' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(2));
    expect(form(writes(calls)[1])).toEqual([['remove', '7']]);
  });

  it('asks for a role first, and offers no move without the assignment permission', async () => {
    const calls: Call[] = [];
    const { element } = renderPage(<AllocationUserPage />, server(calls), '/allocationUser');
    render(element);
    expect(await screen.findByText('Choose a role first')).toBeTruthy();

    // user editing is not role assignment (in act: the page above reads the permissions too)
    act(() =>
      usePermissionStore.setState({ permissions: ['sys:users:list', 'sys:roles:list', 'sys:users:update'] }),
    );
    const again = renderPage(<AllocationUserPage />, server(calls), '/allocationUser?roleId=3');
    render(again.element);
    const others = await screen.findByTestId('role-others');
    await within(others).findByText('User 1');
    expect(
      within(others)
        .getAllByRole('checkbox')
        .every((box) => (box as HTMLInputElement).disabled),
    ).toBe(true);
  });
});

describe('news detail', () => {
  it('shows the content with its body sanitised', async () => {
    const calls: Call[] = [];
    const http = fakeHttp(
      {
        'GET /api/cms/contents/5/preview': {
          row: {
            id: 5,
            title: 'Sports day',
            body: '<p>Races <b>all day</b></p><img src="x" onerror="window.hacked=1"><script>window.hacked=1</script>',
            categoryId: 2,
            publishTime: '2026-11-19T02:00:00.000Z',
            viewCount: 3,
          },
          draft: null,
          public: true,
        },
        'GET /api/cms/contentCategorys/2': { id: 2, categoryName: 'School news' },
      },
      calls,
    );
    const { element } = renderPage(<NewsDetailPage />, http, '/newsDetail?id=5');
    render(element);
    expect(await screen.findByRole('heading', { name: 'Sports day' })).toBeTruthy();
    expect(screen.getByText('On the site')).toBeTruthy();
    // the draft, when there is one: the preview of the form's state as the row's
    expect(calls.find((c) => c.url === '/api/cms/contents/5/preview')?.params).toEqual({ draft: 'true' });
    expect(await screen.findByText('School news')).toBeTruthy();
    const body = screen.getByText('all day').closest('.news-detail-body');
    expect(body?.innerHTML).not.toContain('script');
    expect(body?.innerHTML).not.toContain('onerror');
    expect(screen.getByText('3 views')).toBeTruthy();
  });

  it('shows a draft of a scheduled content, and the current version on request', async () => {
    const calls: Call[] = [];
    const row = {
      id: 6,
      title: 'Open day',
      body: '<p>Soon</p>',
      categoryId: null,
      publishTime: '2099-01-01T00:00:00Z',
    };
    const http = fakeHttp(
      {
        'GET /api/cms/contents/6/preview': (call: Call) =>
          call.params.draft === 'true'
            ? {
                row: { ...row, title: 'Open day (draft)' },
                draft: { updatedAt: row.publishTime, updatedBy: 'admin' },
                public: false,
              }
            : { row, draft: null, public: false },
      },
      calls,
    );
    const { element } = renderPage(<NewsDetailPage />, http, '/newsDetail?id=6');
    render(element);
    expect(await screen.findByRole('heading', { name: 'Open day (draft)' })).toBeTruthy();
    expect(screen.getByText('Scheduled')).toBeTruthy();
    fireEvent.click(screen.getByText('Current'));
    expect(await screen.findByRole('heading', { name: 'Open day' })).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/cms/contents/6/preview' && c.params.draft === undefined)).toBe(
      true,
    );
  });

  it('says so when there is no such content', async () => {
    const { element } = renderPage(<NewsDetailPage />, fakeHttp({}), '/newsDetail');
    render(element);
    expect(await screen.findByText('No such content')).toBeTruthy();
  });

  it('shows a 403 to a user who may not list contents', async () => {
    usePermissionStore.setState({ permissions: [] });
    const { element } = renderPage(<NewsDetailPage />, fakeHttp({}), '/newsDetail?id=5');
    render(element);
    expect(await screen.findByText('You may not see the data of this page')).toBeTruthy();
  });
});

describe('column configuration', () => {
  const blocks = [
    {
      id: 1,
      blockName: 'News',
      blockKey: 'news',
      categoryId: 2,
      displayType: 0,
      itemCount: 8,
      orderNum: 10,
      status: 0,
    },
    {
      id: 2,
      blockName: 'Notices',
      blockKey: 'notices',
      categoryId: 3,
      displayType: 1,
      itemCount: 5,
      orderNum: 20,
      status: 1,
    },
  ];
  const categories = [
    { id: 2, parentId: 0, categoryName: 'School news' },
    { id: 3, parentId: 0, categoryName: 'Announcements' },
  ];

  function mount(calls: Call[]) {
    const http = fakeHttp(
      {
        // a page of blocks in their order, the blocks showing a tree level's categories
        'GET /api/cms/areablocks': (call: Call) =>
          call.params.categoryId ? { rows: blocks.slice(0, 1), total: 1 } : { rows: blocks, total: 2 },
        // the labels of the page's categories by id, and the tree's top level
        'GET /api/cms/contentCategorys': { rows: categories, total: 2 },
        'PUT /api/cms/areablocks/order': { count: 2, rows: [] },
        'PUT /api/cms/areablocks/hide/1': blocks[0],
        'PUT /api/cms/areablocks/show/2': blocks[1],
      },
      calls,
    );
    const { element } = renderPage(<BlockLayoutPage />, http, '/blockLayout');
    render(element);
  }

  it('reads a page of blocks, their categories by id and the tree by level, never a whole table', async () => {
    const calls: Call[] = [];
    mount(calls);
    expect(await screen.findByText('News')).toBeTruthy();
    expect(await screen.findByText(/School news · News/)).toBeTruthy();
    expect(await screen.findByText(/School news · 8 items/)).toBeTruthy();
    const reads = calls.filter((call) => call.method === 'GET');
    expect(reads.find((c) => c.url === '/api/cms/areablocks' && !c.params.categoryId)?.params).toMatchObject({
      page: 1,
      limit: 20,
      sort: 'orderNum',
    });
    expect(reads.find((c) => c.url === '/api/cms/contentCategorys' && c.params.id)?.params.id).toBe('2,3');
    expect(
      reads.find((c) => c.url === '/api/cms/contentCategorys' && c.params.parentId !== undefined)?.params,
    ).toMatchObject({ parentId: '0', limit: 100 });
    expect(reads.find((c) => c.params.categoryId)?.params.categoryId).toBe('2,3');
    // every read is a bounded page: the tree's levels and the blocks' marks alike
    expect(reads.every((call) => Number(call.params.limit ?? 0) <= LIST_MAX_LIMIT)).toBe(true);
  });

  it('reads a long level a page at a time through its "load more" entry, the marks of each page once', async () => {
    const calls: Call[] = [];
    /** 250 categories under the root, the first shown by block 1, the 200th by block 2 */
    const level = Array.from({ length: 250 }, (_, i) => ({
      id: 100 + i,
      parentId: 0,
      categoryName: `Category ${i + 1}`,
      hasChildren: false,
    }));
    const http = fakeHttp(
      {
        'GET /api/cms/areablocks': (call: Call) => {
          if (!call.params.categoryId) return { rows: blocks, total: 2 };
          const ids = String(call.params.categoryId).split(',').map(Number);
          const showing = [
            { ...blocks[0], categoryId: 100 },
            { ...blocks[1], categoryId: 299 },
          ].filter((block) => ids.includes(block.categoryId));
          return { rows: showing, total: showing.length };
        },
        'GET /api/cms/contentCategorys': (call: Call) => {
          if (call.params.id) return { rows: [], total: 0 };
          const page = Number(call.params.page);
          const limit = Number(call.params.limit);
          return { rows: level.slice((page - 1) * limit, page * limit), total: level.length };
        },
      },
      calls,
    );
    const { element } = renderPage(<BlockLayoutPage />, http, '/blockLayout');
    render(element);
    const tree = (await screen.findByTestId('category-tree')) as HTMLElement;
    expect(await within(tree).findByText('Category 1 · News')).toBeTruthy();
    const levelReads = () =>
      calls.filter((c) => c.url === '/api/cms/contentCategorys' && c.params.parentId === '0');
    const markReads = () => calls.filter((c) => c.url === '/api/cms/areablocks' && c.params.categoryId);
    expect(levelReads().map((c) => c.params.page)).toEqual([1]);
    expect(markReads()).toHaveLength(1);
    expect(String(markReads()[0].params.categoryId).split(',')).toHaveLength(100);
    // the tree draws the entries in its view (TreeList.tsx), not the 100 read
    expect(within(tree).queryAllByText(/^Category \d+/).length).toBeLessThan(50);
    /** the tree scrolled to its end, where the level's "load more" entry is */
    const toTheEnd = () => {
      const holder = tree.querySelector('.ant-tree-list-holder') as HTMLElement;
      holder.scrollTop = 100_000;
      fireEvent.scroll(holder);
    };

    toTheEnd();
    // named by its text alone, its icon left out
    fireEvent.click(await within(tree).findByRole('button', { name: 'Load more (100 of 250 shown)' }));
    await waitFor(() => expect(levelReads().map((c) => c.params.page)).toEqual([1, 2]));
    // the new page's marks alone: the first page's are kept
    await waitFor(() => expect(markReads()).toHaveLength(2));
    expect(String(markReads()[1].params.categoryId).split(',')).toEqual(
      level.slice(100, 200).map((row) => String(row.id)),
    );
    await waitFor(() => {
      toTheEnd();
      expect(within(tree).getByText('Category 200 · Notices')).toBeTruthy();
    });
    toTheEnd();
    fireEvent.click(await within(tree).findByText('Load more (200 of 250 shown)'));
    await waitFor(() => expect(levelReads().map((c) => c.params.page)).toEqual([1, 2, 3]));
    // the level's last page drawn at its end, which no "load more" entry follows
    await waitFor(() => {
      toTheEnd();
      expect(within(tree).getByText('Category 250')).toBeTruthy();
    });
    expect(within(tree).queryByText(/^Load more/)).toBeNull();
  });

  it('reads the blocks marking a page of categories to their end, past one read of 500', async () => {
    const calls: Call[] = [];
    /** 600 blocks show the first category; the 601st, the only one showing the second, is on page 2 */
    const showing = [
      ...Array.from({ length: 600 }, (_, i) => ({ ...blocks[0], id: 10 + i, blockName: `Block ${i + 1}` })),
      { ...blocks[1], id: 700, blockName: 'Last' },
    ];
    const http = fakeHttp(
      {
        'GET /api/cms/areablocks': (call: Call) => {
          if (!call.params.categoryId) return { rows: blocks, total: 2 };
          const page = Number(call.params.page);
          const limit = Number(call.params.limit);
          return { rows: showing.slice((page - 1) * limit, page * limit), total: showing.length };
        },
        'GET /api/cms/contentCategorys': { rows: categories, total: 2 },
      },
      calls,
    );
    const { element } = renderPage(<BlockLayoutPage />, http, '/blockLayout');
    render(element);
    const tree = (await screen.findByTestId('category-tree')) as HTMLElement;
    expect(await within(tree).findByText('Announcements · Last')).toBeTruthy();
    // a category shown by many blocks names a few and counts the rest
    expect(within(tree).getByText('School news · Block 1, Block 2, Block 3, +597')).toBeTruthy();
    const markReads = calls.filter((c) => c.url === '/api/cms/areablocks' && c.params.categoryId);
    expect(markReads.map((c) => [c.params.page, c.params.limit])).toEqual([
      [1, LIST_MAX_LIMIT],
      [2, LIST_MAX_LIMIT],
    ]);
  });

  it('is worked from the keyboard: its entries walked, a category opened, its level read, then closed', async () => {
    const calls: Call[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const http = fakeHttp(
      {
        'GET /api/cms/areablocks': (call: Call) =>
          call.params.categoryId ? { rows: [], total: 0 } : { rows: blocks, total: 2 },
        'GET /api/cms/contentCategorys': async (call: Call) => {
          if (call.params.id) return { rows: categories, total: 2 };
          if (call.params.parentId !== '2')
            return {
              rows: [
                { id: 2, parentId: 0, categoryName: 'School news', hasChildren: true },
                { id: 3, parentId: 0, categoryName: 'Announcements', hasChildren: false },
              ],
              total: 2,
            };
          await held;
          return {
            rows: [{ id: 20, parentId: 2, categoryName: 'Campus life', hasChildren: false }],
            total: 1,
          };
        },
      },
      calls,
    );
    render(renderPage(<BlockLayoutPage />, http, '/blockLayout').element);
    const tree = await screen.findByRole('tree', { name: 'Categories' });
    const entry = (name: string) => within(tree).getByText(name).closest('[role="treeitem"]') as HTMLElement;
    await within(tree).findByText('Announcements');
    const active = () => document.getElementById(tree.getAttribute('aria-activedescendant') ?? '');
    // a press of the pointer focuses the tree and marks no entry
    fireEvent.pointerDown(entry('Announcements'));
    fireEvent.focus(tree);
    fireEvent.pointerUp(entry('Announcements'));
    expect(tree.getAttribute('aria-activedescendant')).toBeNull();
    expect(tree.querySelector('.ant-tree-treenode-active')).toBeNull();
    fireEvent.blur(tree);
    // the focus from the keyboard puts it on the first entry; the arrows move it
    fireEvent.focus(tree);
    await waitFor(() => expect(active()).toBe(entry('School news')));
    expect(entry('School news').classList.contains('ant-tree-treenode-active')).toBe(true);
    fireEvent.keyDown(tree, { key: 'ArrowDown' });
    await waitFor(() => expect(active()).toBe(entry('Announcements')));
    fireEvent.keyDown(tree, { key: 'ArrowUp' });
    await waitFor(() => expect(active()).toBe(entry('School news')));
    // right opens the category: its level is read, the switcher spinning meanwhile
    fireEvent.keyDown(tree, { key: 'ArrowRight' });
    await waitFor(() => expect(entry('School news').getAttribute('aria-expanded')).toBe('true'));
    await waitFor(() =>
      expect(entry('School news').querySelector('.ant-tree-switcher-loading-icon')).not.toBeNull(),
    );
    const levelReads = () =>
      calls.filter((c) => c.url === '/api/cms/contentCategorys' && c.params.parentId === '2');
    expect(levelReads()).toHaveLength(1);
    release();
    const child = await within(tree).findByText('Campus life');
    expect(entry('Campus life').getAttribute('aria-level')).toBe('2');
    await waitFor(() =>
      expect(entry('School news').querySelector('.ant-tree-switcher-loading-icon')).toBeNull(),
    );
    // right again moves into the level, left back up to the category, and left once more closes it
    fireEvent.keyDown(tree, { key: 'ArrowRight' });
    await waitFor(() => expect(active()).toBe(child.closest('[role="treeitem"]')));
    fireEvent.keyDown(tree, { key: 'ArrowLeft' });
    await waitFor(() => expect(active()).toBe(entry('School news')));
    fireEvent.keyDown(tree, { key: 'ArrowLeft' });
    await waitFor(() => expect(within(tree).queryByText('Campus life')).toBeNull());
    expect(entry('School news').getAttribute('aria-expanded')).toBe('false');
    // Enter opens it again from what was read: no second read
    fireEvent.keyDown(tree, { key: 'Enter' });
    expect(await within(tree).findByText('Campus life')).toBeTruthy();
    expect(levelReads()).toHaveLength(1);
  });

  it('moves a block with one reorder call, and shows or hides it through its action', async () => {
    const calls: Call[] = [];
    mount(calls);
    await screen.findByText('News');
    fireEvent.click(screen.getAllByRole('button', { name: 'Move down' })[0]);
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].url).toBe('/api/cms/areablocks/order');
    expect(form(writes(calls)[0])).toEqual([
      ['id', '1'],
      ['offset', '1'],
    ]);
    // the first row cannot go up, the last cannot go down
    expect((screen.getAllByRole('button', { name: 'Move up' })[0] as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getAllByRole('button', { name: 'Move down' })[1] as HTMLButtonElement).disabled).toBe(
      true,
    );

    await waitFor(() => expect(screen.getAllByRole('switch')[0].hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getAllByRole('switch')[0]);
    await waitFor(() => expect(writes(calls)).toHaveLength(2));
    expect(writes(calls)[1].url).toBe('/api/cms/areablocks/hide/1');
  });

  it('offers no move to a user without the reorder permission', async () => {
    usePermissionStore.setState({ permissions: ['cms:areablocks:list', 'cms:contentCategorys:list'] });
    mount([]);
    await screen.findByText('News');
    expect(screen.queryByRole('button', { name: 'Move down' })).toBeNull();
    expect(screen.getAllByRole('switch').every((s) => s.hasAttribute('disabled'))).toBe(true);
  });
});

describe('link configuration', () => {
  it('shows a card per category with its own links in order, and moves a link in one call', async () => {
    const calls: Call[] = [];
    const http = fakeHttp(
      {
        'GET /api/cms/weblinkcategorys': {
          rows: [
            { id: 1, categoryName: 'Government' },
            { id: 2, categoryName: 'Schools' },
          ],
          total: 2,
        },
        'GET /api/cms/weblinks': (call: Call) =>
          call.params.categoryId === '1'
            ? {
                rows: [
                  { id: 10, linkName: 'Ministry', linkUrl: 'https://moe.example', categoryId: 1, status: 0 },
                  { id: 11, linkName: 'City', linkUrl: 'https://city.example', categoryId: 1, status: 0 },
                ],
                total: 2,
              }
            : { rows: [], total: 0 },
        'PUT /api/cms/weblinks/order': { count: 2, rows: [] },
      },
      calls,
    );
    const { element } = renderPage(<LinkConfigPage />, http, '/link');
    render(element);
    expect(await screen.findByText('Ministry')).toBeTruthy();
    expect(await screen.findByText('No links in this category')).toBeTruthy();
    const linkReads = calls.filter((call) => call.url === '/api/cms/weblinks');
    expect(linkReads.map((call) => call.params.categoryId).sort()).toEqual(['1', '2']);
    expect(linkReads.every((call) => call.params.limit === 20 && call.params.sort === 'orderNum')).toBe(true);
    fireEvent.click(screen.getAllByRole('button', { name: 'Move up' })[1]);
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(form(writes(calls)[0])).toEqual([
      ['id', '11'],
      ['offset', '-1'],
    ]);
  });
});

describe('recipient configuration', () => {
  it('moves and removes the ticked recipients, each in one call', async () => {
    const calls: Call[] = [];
    const http = fakeHttp(
      {
        'GET /api/cms/mailboxtypes': {
          rows: [
            { id: 1, typeName: "Principal's mailbox" },
            { id: 2, typeName: 'Academic affairs' },
          ],
          total: 2,
        },
        'GET /api/cms/mailboxrepliers': {
          rows: [
            { id: 5, replierName: 'Office', mailboxTypeId: 1, userId: 9, orderNum: 10 },
            { id: 6, replierName: 'Deputy', mailboxTypeId: 1, userId: 9, orderNum: 20 },
          ],
          total: 2,
        },
        'GET /api/sys/users': { rows: [{ id: 9, realName: 'Wang Li' }], total: 1 },
        'PUT /api/cms/mailboxrepliers': { count: 2 },
        'DELETE /api/cms/mailboxrepliers': { count: 2 },
      },
      calls,
    );
    const { element } = renderPage(<ReplyPopPage />, http, '/replyPop?typeId=1');
    render(element);
    expect(await screen.findByText('Office')).toBeTruthy();
    expect((await screen.findAllByText(/Wang Li/)).length).toBeGreaterThan(0);
    expect(calls.find((call) => call.url === '/api/cms/mailboxrepliers')?.params).toMatchObject({
      mailboxTypeId: '1',
      limit: 20,
    });
    fireEvent.click(screen.getByRole('checkbox', { name: '5' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '6' }));
    const batch = await screen.findByTestId('recipient-batch');
    expect(within(batch).getByText('2 selected')).toBeTruthy();
    fireEvent.click(within(batch).getByRole('button', { name: 'Remove selected' }));
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].method).toBe('DELETE');
    expect(form(writes(calls)[0])).toEqual([
      ['ids', '5'],
      ['ids', '6'],
    ]);
  });
});
