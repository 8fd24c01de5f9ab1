// Actions that open a page of the app (`open:` in the schema): a row's link to the page that
// configures it, a toolbar's link to a page of the whole resource. No server call is made.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createResourceClient } from '../../../runtime/client/resourceClient.ts';
import type { Resource } from '../../../runtime/schema/types.ts';
import { ResourcePage } from '../../../runtime/ui/ResourcePage.tsx';
import { ok, startServer, type TestServer } from '../client/testServer.ts';
import { loadResources, Providers, resourceNamed, testHttp } from './harness.tsx';

let server: TestServer;
let resources: Resource[];

beforeAll(async () => {
  server = await startServer((req) =>
    req.path === '/api/sys/roles'
      ? ok({ rows: [{ id: 7, roleName: '编辑', roleKey: 'editor', roleSort: 2, status: 0 }], total: 1 })
      : req.path === '/api/cms/areablocks'
        ? ok({ rows: [], total: 0 })
        : ok({}),
  );
  resources = await loadResources();
});
afterAll(async () => {
  await server.close();
});

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

function renderPage(name: string, can: (code: string) => boolean) {
  const http = testHttp(server);
  const resource = resourceNamed(resources, name);
  render(
    <Providers http={http} resources={resources} initialEntry="/list">
      <ResourcePage resource={resource} client={createResourceClient(http, resource)} lang="zh" can={can} />
      <Where />
    </Providers>,
  );
}

describe('actions that open a page', () => {
  it("opens the row's configuration page with the row's id, calling nothing", async () => {
    renderPage('roles', () => true);
    const row = (await screen.findByText('编辑')).closest('tr')!;
    const before = server.received.length;
    // edit, delete and this one: three row actions fit in the row
    fireEvent.click(within(row).getByRole('button', { name: '分配用户' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/allocationUser?roleId=7'));
    expect(server.received.slice(before).filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('offers a toolbar page only to who holds its permission', async () => {
    renderPage('areablocks', (code) => code !== 'cms:areablocks:layout');
    await screen.findByRole('button', { name: /新\s*增/ });
    expect(screen.queryByRole('button', { name: '栏目配置' })).toBeNull();
    document.body.innerHTML = '';
    renderPage('areablocks', () => true);
    fireEvent.click(await screen.findByRole('button', { name: '栏目配置' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/blockLayout'));
  });
});
