import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { roleChanges } from '../../../src/views/cms/allocationUser.tsx';
import { type Call, fakeHttp, renderPage } from '../harness.tsx';

const { default: NewsDetailPage } = await import('../../../src/views/cms/newsDetail.tsx');
const { default: BlockLayoutPage } = await import('../../../src/views/cms/blockLayout.tsx');
const { usePermissionStore } = await import('../../../src/stores/permission.ts');
const { useLanguageStore } = await import('../../../src/stores/language.ts');

describe('assign users', () => {
  const users = [
    { id: 1, roleIds: [1] },
    { id: 2, roleIds: [1, 2] },
    { id: 3, roleIds: [] },
  ];

  it('changes only the users whose holding of the role changes, keeping their other roles', () => {
    const changes = roleChanges(users, 2, new Set(['1', '2']));
    expect(changes.map(({ user, roleIds }) => [user.id, roleIds])).toEqual([[1, [1, 2]]]);
    const removed = roleChanges(users, 1, new Set(['3']));
    expect(removed.map(({ user, roleIds }) => [user.id, roleIds])).toEqual([
      [1, []],
      [2, [2]],
      [3, [1]],
    ]);
  });
});

describe('news detail', () => {
  beforeEach(() => {
    usePermissionStore.setState({ permissions: ['*'] });
    act(() => useLanguageStore.getState().setLang('en'));
  });

  it('shows the content with its body sanitised', async () => {
    const http = fakeHttp({
      'GET /api/cms/contents/5': {
        id: 5,
        title: 'Sports day',
        body: '<p>Races <b>all day</b></p><img src="x" onerror="window.hacked=1"><script>window.hacked=1</script>',
        categoryId: 2,
        status: 1,
        publishTime: '2026-11-19T02:00:00.000Z',
        viewCount: 3,
      },
      'GET /api/cms/contentCategorys/2': { id: 2, categoryName: 'School news' },
    });
    const { element } = renderPage(<NewsDetailPage />, http, '/newsDetail?id=5');
    render(element);
    expect(await screen.findByRole('heading', { name: 'Sports day' })).toBeTruthy();
    expect(await screen.findByText('School news')).toBeTruthy();
    const body = screen.getByText('all day').closest('.news-detail-body');
    expect(body?.innerHTML).not.toContain('script');
    expect(body?.innerHTML).not.toContain('onerror');
    expect(screen.getByText('3 views')).toBeTruthy();
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
  beforeEach(() => {
    usePermissionStore.setState({ permissions: ['*'] });
    act(() => useLanguageStore.getState().setLang('en'));
  });

  it('lists the blocks in order with their categories, and saves a move as the whole row', async () => {
    const calls: Call[] = [];
    const blocks = [
      {
        id: 1,
        blockName: 'News',
        blockKey: 'news',
        categoryId: 2,
        displayType: 0,
        itemCount: 8,
        showMore: true,
        orderNum: 0,
        status: 0,
      },
      {
        id: 2,
        blockName: 'Notices',
        blockKey: 'notices',
        categoryId: 3,
        displayType: 1,
        itemCount: 5,
        showMore: false,
        orderNum: 0,
        status: 0,
      },
    ];
    const http = fakeHttp(
      {
        'GET /api/cms/areablocks': { rows: blocks, total: 2 },
        'GET /api/cms/contentCategorys': {
          rows: [
            { id: 2, parentId: 0, categoryName: 'School news' },
            { id: 3, parentId: 2, categoryName: 'Notices' },
          ],
          total: 2,
        },
        'PUT /api/cms/areablocks/1': (call: Call) => call,
        'PUT /api/cms/areablocks/2': (call: Call) => call,
      },
      calls,
    );
    const { element } = renderPage(<BlockLayoutPage />, http, '/blockLayout');
    render(element);
    expect(await screen.findByText('News')).toBeTruthy();
    expect(await screen.findByText(/School news · News/)).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Move down' })[0]);
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(2));
    const first = new URLSearchParams(calls.find((call) => call.url === '/api/cms/areablocks/1')!.body);
    expect(first.get('orderNum')).toBe('20');
    expect(first.get('blockKey')).toBe('news');
    expect(first.get('itemCount')).toBe('8');
  });
});
