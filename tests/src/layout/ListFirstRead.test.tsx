// The content area asks for a list page's first read as the navigation to it begins, beside the
// page's code; the page, once its code is here, takes that read over rather than asking again.
import { useIsFetching } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { type ComponentType, lazy, Suspense } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Resource } from '../../../runtime/schema/types.ts';
import { treePage } from '../../../runtime/ui/listReads.ts';
import { ResourcePage } from '../../../runtime/ui/ResourcePage.tsx';
import { useResources } from '../../../runtime/ui/ResourcesContext.tsx';
import { ListFirstRead } from '../../../src/layout/ListFirstRead.tsx';
import { usePermissionStore } from '../../../src/stores/permission.ts';
import { failure, ok, type Received, startServer, type TestServer } from '../../runtime/client/testServer.ts';
import { loadResources, Providers, resourceNamed, testHttp } from '../../runtime/ui/harness.tsx';

let server: TestServer;
let resources: Resource[];

const USERS = [
  { id: 1, userName: 'ada', realName: '甲', roleIds: [2], status: 0, createTime: '2026-03-01 08:30:05' },
];
const ROLES = [{ id: 2, roleName: '编辑', roleKey: 'editor', roleSort: 2, status: 0 }];
const MENUS = [
  { id: 1, parentId: 0, menuName: '系统管理', menuType: 'M', orderNum: 1, status: 0, hasChildren: false },
];

beforeAll(async () => {
  server = await startServer((req) => {
    // a page larger than the list's largest is refused, as the server refuses it
    if (req.path === '/api/sys/users' && req.query.get('limit') === '9999')
      return failure(400, 'invalid list parameters');
    if (req.path === '/api/sys/users') return ok({ rows: USERS, total: 1 });
    if (req.path === '/api/sys/menus') return ok({ rows: MENUS, total: 1 });
    if (req.path === '/api/sys/roles') return ok({ rows: ROLES, total: 1 });
    return ok({ rows: [], total: 0 });
  });
  resources = await loadResources();
});
afterAll(async () => {
  await server.close();
});
afterEach(() => {
  usePermissionStore.getState().setPermissions([]);
});

const reads = (path: string) =>
  server.received.filter((r: Received) => r.method === 'GET' && r.path === path);

/** The list page as the content area shows it: its view's code held back until `release` is called. */
function openRoute(name: string, initialEntry: string, toasts: string[] = []) {
  let release: () => void = () => {};
  const code = new Promise<{ default: ComponentType<{ name: string }> }>((resolve) => {
    release = () => resolve({ default: Page });
  });
  const View = lazy(() => code);
  render(
    <Providers http={testHttp(server, toasts)} resources={resources} initialEntry={initialEntry}>
      <ListFirstRead component={`resource/${name}`} />
      <Suspense fallback={<p>loading the page's code</p>}>
        <View name={name} />
      </Suspense>
      <Reading />
    </Providers>,
  );
  return () => release();
}

/** How many reads are under way, shown beside the page. */
function Reading() {
  return <output data-testid="reading">{useIsFetching()}</output>;
}

/** What the page's view renders: the generated list page of the resource. */
function Page({ name }: { name: string }) {
  const client = useResources().clientFor(name);
  if (!client) return <p>no resource {name}</p>;
  return <ResourcePage resource={client.resource} client={client} can={() => true} />;
}

describe("a list page's first read", () => {
  it("asks for the page's rows, as its URL says, before the page's code is here, and only once", async () => {
    server.received.length = 0;
    const release = openRoute('users', '/?page=2&sort=userName&f.userName=ada');
    await waitFor(() => expect(reads('/api/sys/users')).toHaveLength(1));
    expect(screen.getByText("loading the page's code")).toBeTruthy();
    expect(Object.fromEntries(reads('/api/sys/users')[0].query)).toEqual({
      page: '2',
      limit: '20',
      sort: 'userName',
      userName: 'ada',
    });
    // the answer is here before the code: the page shows it without asking again
    await waitFor(() => expect(screen.getByTestId('reading').textContent).toBe('0'));
    release();
    expect(await screen.findByText('ada')).toBeTruthy();
    expect(reads('/api/sys/users')).toHaveLength(1);
  });

  it("asks for a tree's top level, a page of the list's size in its order, and the page reads it no more", async () => {
    server.received.length = 0;
    const release = openRoute('menus', '/');
    await waitFor(() => expect(reads('/api/sys/menus')).toHaveLength(1));
    const menus = resourceNamed(resources, 'menus');
    expect(Object.fromEntries(reads('/api/sys/menus')[0].query)).toMatchObject({
      page: '1',
      limit: String(treePage(menus)),
      parentId: '0',
      hasChildren: 'true',
    });
    release();
    expect(await screen.findByText('系统管理')).toBeTruthy();
    expect(reads('/api/sys/menus')).toHaveLength(1);
  });

  it("asks for the labels of its rows' references as the rows arrive, which the page takes over", async () => {
    usePermissionStore.getState().setPermissions(['*']);
    server.received.length = 0;
    const release = openRoute('users', '/');
    // the rows' roles, while the page's code is still held back
    await waitFor(() => expect(reads('/api/sys/roles')).toHaveLength(1));
    expect(screen.getByText("loading the page's code")).toBeTruthy();
    expect(reads('/api/sys/roles')[0].query.get('id')).toBe('2');
    await waitFor(() => expect(screen.getByTestId('reading').textContent).toBe('0'));
    release();
    expect(await screen.findByText('编辑')).toBeTruthy();
    expect(reads('/api/sys/roles')).toHaveLength(1);
  });

  it('asks for no labels ahead from a resource the user may not list', async () => {
    usePermissionStore.getState().setPermissions(['system:user:list']);
    server.received.length = 0;
    const release = openRoute('users', '/');
    await waitFor(() => expect(reads('/api/sys/users')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('reading').textContent).toBe('0'));
    expect(reads('/api/sys/roles')).toHaveLength(0);
    release();
    expect(await screen.findByText('ada')).toBeTruthy();
  });

  it('leaves a refused read to the page, which says why once', async () => {
    server.received.length = 0;
    const toasts: string[] = [];
    const release = openRoute('users', '/?limit=9999', toasts);
    await waitFor(() => expect(reads('/api/sys/users')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('reading').textContent).toBe('0'));
    expect(toasts).toEqual([]);
    release();
    // no rows came: the page reads again and reports the refusal
    await waitFor(() => expect(toasts).toEqual(['invalid list parameters']));
    expect(reads('/api/sys/users')).toHaveLength(2);
  });

  it('reads nothing ahead for a searched tree, whose matches the page reads itself', async () => {
    server.received.length = 0;
    const release = openRoute('menus', '/?f.menuName=%E7%B3%BB');
    // the page's code arriving is what starts its reads: nothing went before it
    await screen.findByText("loading the page's code");
    expect(reads('/api/sys/menus')).toHaveLength(0);
    release();
    await waitFor(() => expect(reads('/api/sys/menus').length).toBeGreaterThan(0));
    expect(reads('/api/sys/menus')[0].query.get('ancestors')).toBe('true');
  });
});
