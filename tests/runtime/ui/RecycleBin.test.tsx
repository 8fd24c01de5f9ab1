// The recycle bin of the contents against the real server (its own process, on an empty data
// folder), reached through the local test server, which adds the CORS answers jsdom's
// XMLHttpRequest insists on: the binned rows with who deleted them, a selection restored after a
// confirmation, a row deleted for good after its own confirmation, and no permanent delete for
// someone without the purge permission.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHttp } from '../../../runtime/client/http.ts';
import { createResourceClient } from '../../../runtime/client/resourceClient.ts';
import type { Resource } from '../../../runtime/schema/types.ts';
import { RecycleBin } from '../../../runtime/ui/RecycleBin.tsx';
import { adminApi } from '../../e2e/adminApi.ts';
import { type ServerProcess, SOURCE_SERVER, startServerProcess } from '../../e2e/serverProcess.ts';
import { startServer, type TestServer } from '../client/testServer.ts';
import { forwardToUrl } from './apiProxy.ts';
import { loadResources, Providers, resourceNamed } from './harness.tsx';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const ADMIN_PASSWORD = 'Recycle-bin-admin-1';

let backend: ServerProcess;
let proxy: TestServer;
let token: string;
let resources: Resource[];
let api: Awaited<ReturnType<typeof adminApi>>;
const errors: string[] = [];
const done: string[] = [];

beforeAll(async () => {
  backend = await startServerProcess({ ADMIN_PASSWORD }, SOURCE_SERVER);
  api = await adminApi(backend.baseUrl, ADMIN_PASSWORD);
  const login = await fetch(`${backend.baseUrl}/api/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: 'admin', password: ADMIN_PASSWORD }),
  });
  token = ((await login.json()) as { data: { token: string } }).data.token;
  // every request, as it arrived, to the real server; its answer, as it came, back
  proxy = await startServer(forwardToUrl(backend.baseUrl));
  resources = await loadResources();
});
afterAll(async () => {
  await proxy?.close();
  await backend?.stop();
});

function openBin(canPurge: boolean) {
  const http = createHttp({
    baseURL: proxy.url,
    getToken: () => token,
    notify: { error: (message) => errors.push(message) },
    onTokenFailed: () => {},
  });
  // no request time-out: the spec's 10 s is for a user's network (http.test.ts checks it); the
  // server process on a loaded test machine may take longer, and the test's timeout is the ceiling
  http.defaults.timeout = 0;
  const client = createResourceClient(http, resourceNamed(resources, 'contents'));
  return render(
    <Providers http={http} resources={resources}>
      <RecycleBin
        resource={client.resource}
        client={client}
        lang="zh"
        canPurge={canPurge}
        notify={{ success: (text) => done.push(text), error: (text) => errors.push(text) }}
        onClose={() => {}}
      />
    </Providers>,
  );
}

/** Contents deleted through the API: the bin holds them, the latest deleted first. */
async function binned(prefix: string, count: number): Promise<number[]> {
  const category = await api('POST', '/api/cms/contentCategorys', { categoryName: `${prefix}栏目`, kind: 0 });
  const ids: number[] = [];
  for (let i = 1; i <= count; i++) {
    const content = await api('POST', '/api/cms/contents', {
      title: `${prefix}${i}`,
      categoryId: category.id,
      body: '<p>正文</p>',
      publishTime: '2026-11-01 10:00:00',
    });
    await api('DELETE', `/api/cms/contents/${content.id}`);
    ids.push(content.id);
  }
  return ids;
}

/** Clicks the OK button of the confirmation that says `text`. */
async function confirm(text: string, button: RegExp) {
  const popover = (await screen.findByText(text)).closest('.ant-popover') as HTMLElement;
  fireEvent.click(within(popover).getByRole('button', { name: button }));
}

describe('the recycle bin of the contents', () => {
  it('lists the binned rows with who deleted them, and restores a selection after a confirmation', async () => {
    const ids = await binned('恢复批量', 2);
    const view = openBin(true);
    const drawer = await screen.findByRole('dialog');
    const first = (await within(drawer).findByText('恢复批量1')).closest('tr') as HTMLElement;
    const second = within(drawer).getByText('恢复批量2').closest('tr') as HTMLElement;
    expect(first.textContent).toContain('系统管理员');
    expect(first.textContent).toContain('刚刚');
    // the latest deleted heads the bin
    const order = within(drawer)
      .getAllByRole('row')
      .map((r) => r.textContent ?? '');
    expect(order.findIndex((t) => t.includes('恢复批量2'))).toBeLessThan(
      order.findIndex((t) => t.includes('恢复批量1')),
    );

    fireEvent.click(within(first).getByRole('checkbox'));
    fireEvent.click(within(second).getByRole('checkbox'));
    fireEvent.click(within(drawer).getByRole('button', { name: /恢复选中/ }));
    await confirm('确定恢复选中的 2 条？', /恢\s*复/);
    await waitFor(() => expect(done).toContain('已恢复 2 条'));
    await waitFor(() => expect(within(drawer).queryByText('恢复批量1')).toBeNull());
    // read while the confirmation still moves out: inside Testing Library's wait, which lets its
    // updates happen as the page's own
    await waitFor(async () => {
      for (const id of ids) expect(await api('GET', `/api/cms/contents/${id}`)).toMatchObject({ id });
    });
    expect(errors).toEqual([]);
    view.unmount();
  });

  it('deletes a row for good after its own confirmation, and offers that only with the purge permission', async () => {
    const [id] = await binned('永久删除', 1);
    const reader = openBin(false);
    const drawer = await screen.findByRole('dialog');
    const row = (await within(drawer).findByText('永久删除1')).closest('tr') as HTMLElement;
    expect(within(row).getByRole('button', { name: /恢\s*复/ })).toBeTruthy();
    expect(within(drawer).queryByRole('button', { name: /永久删除/ })).toBeNull();
    reader.unmount();

    const purger = openBin(true);
    const again = await screen.findByRole('dialog');
    const target = (await within(again).findByText('永久删除1')).closest('tr') as HTMLElement;
    fireEvent.click(within(target).getByRole('button', { name: /永久删除/ }));
    await confirm('永久删除后不可恢复，确定删除？', /永久删除/);
    await waitFor(() => expect(done).toContain('已永久删除 1 条'));
    await waitFor(() => expect(within(again).queryByText('永久删除1')).toBeNull());
    await waitFor(async () => {
      const bin = await api('GET', '/api/cms/contents/bin?limit=100');
      expect(bin.rows.map((r: { id: number }) => r.id)).not.toContain(id);
    });
    expect(errors).toEqual([]);
    purger.unmount();
  });
});
