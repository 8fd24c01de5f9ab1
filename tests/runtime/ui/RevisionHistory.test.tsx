// The edit drawer of a resource with `revisions: true` against the real server (its own process,
// on an empty data folder), reached through the local test server, which adds the CORS answers
// jsdom's XMLHttpRequest insists on: the History tab lists a content's revisions with who and
// what changed, compares two of them field by field (titles from the schema, the category by its
// name, the body as text), restores the first after a confirmation, and the form then holds it.
// Closing the drawer with unsaved changes asks first; without changes it closes at once.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHttp } from '../../../runtime/client/http.ts';
import { createResourceClient } from '../../../runtime/client/resourceClient.ts';
import type { Resource } from '../../../runtime/schema/types.ts';
import { ResourceFormDrawer } from '../../../runtime/ui/ResourceFormDrawer.tsx';
import { adminApi } from '../../e2e/adminApi.ts';
import { type ServerProcess, SOURCE_SERVER, startServerProcess } from '../../e2e/serverProcess.ts';
import { startServer, type TestServer } from '../client/testServer.ts';
import { forwardToUrl } from './apiProxy.ts';
import { loadResources, Providers, resourceNamed } from './harness.tsx';

const ADMIN_PASSWORD = 'Revisions-admin-1';

let backend: ServerProcess;
let proxy: TestServer;
let token: string;
let resources: Resource[];
let api: Awaited<ReturnType<typeof adminApi>>;
const toasts: string[] = [];

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

async function openDrawer(id: number) {
  const http = createHttp({
    baseURL: proxy.url,
    getToken: () => token,
    notify: { error: (message) => toasts.push(message) },
    onTokenFailed: () => {},
  });
  // no request time-out: the spec's 10 s is for a user's network (tests/runtime/client/http.test.ts
  // checks it); a server process on a loaded test machine may take longer, and the test's own
  // timeout is the ceiling
  http.defaults.timeout = 0;
  // the history and the close of a form that saves only on 保存: the drafts of contents
  // (autosaved, so a close keeps them) have their own test (ResourceFormDrawer.drafts.test.tsx)
  const client = createResourceClient(http, { ...resourceNamed(resources, 'contents'), drafts: undefined });
  const onClose = vi.fn();
  const view = render(
    <Providers http={http} resources={resources}>
      <ResourceFormDrawer
        client={client}
        target={{ mode: 'update', id }}
        lang="zh"
        can={() => true}
        onSubmit={async (values, version) => client.update(id, values, { version })}
        onClose={onClose}
      />
    </Providers>,
  );
  const drawer = await screen.findByRole('dialog');
  const title = (await within(drawer).findByRole('textbox', { name: /标题/ })) as HTMLInputElement;
  return { drawer, title, onClose, unmount: view.unmount };
}

/** A content saved three times: created, then title and body edited, then its category changed. */
async function contentWithHistory(name: string) {
  const first = await api('POST', '/api/cms/contentCategorys', { categoryName: `${name}栏目一`, kind: 0 });
  const second = await api('POST', '/api/cms/contentCategorys', { categoryName: `${name}栏目二`, kind: 0 });
  const base = { categoryId: first.id, publishTime: '2026-11-01 10:00:00' };
  const content = await api('POST', '/api/cms/contents', {
    ...base,
    title: `${name}第一版`,
    body: '<p>学校举行秋季运动会，全体师生参加。</p>',
  });
  await api('PUT', `/api/cms/contents/${content.id}`, {
    ...base,
    title: `${name}第二版`,
    body: '<p>学校举行秋季田径运动会，全体师生参加。</p>',
  });
  await api('PUT', `/api/cms/contents/${content.id}`, {
    ...base,
    categoryId: second.id,
    title: `${name}第二版`,
    body: '<p>学校举行秋季田径运动会，全体师生参加。</p>',
  });
  return { id: content.id as number, first: first.id as number };
}

describe('the history of a content in its edit drawer', () => {
  it('lists, compares and restores revisions', async () => {
    const { id, first } = await contentWithHistory('历史');
    const { drawer, title } = await openDrawer(id);
    expect(title.value).toBe('历史第二版');

    fireEvent.click(within(drawer).getByRole('tab', { name: '历史版本' }));
    const history = await within(drawer).findByTestId('revision-history');
    await within(history).findByTestId('revision-3');
    expect(within(history).getByTestId('changed-3').textContent).toBe('修改了：所属栏目');
    expect(within(history).getByTestId('changed-2').textContent).toBe('修改了：标题、正文');
    expect(within(within(history).getByTestId('revision-3')).getByText('当前')).toBeTruthy();
    expect(within(history).getAllByText('admin')).toHaveLength(3);

    // the newest against the one before: the category, by its name
    const diff = await within(history).findByTestId('revision-diff');
    await waitFor(() => expect(within(diff).getByTestId('newer-categoryId').textContent).toBe('历史栏目二'));
    expect(within(diff).getByTestId('older-categoryId').textContent).toBe('历史栏目一');
    expect(within(diff).getByText('所属栏目')).toBeTruthy();

    // revision 2 against 1: the title, and the body's words that changed, tags stripped
    fireEvent.click(within(within(history).getByTestId('revision-2')).getByRole('radio'));
    await waitFor(() =>
      expect(within(history).getByTestId('revision-diff').textContent).toContain('历史第一版'),
    );
    const changed = within(history).getByTestId('text-change-body');
    expect(changed.textContent).toBe('学校举行秋季田径运动会，全体师生参加。');
    expect(changed.querySelector('mark')?.textContent).toBe('田径');
    expect(changed.textContent).not.toContain('<p>');

    // restore the first, after the confirmation
    fireEvent.click(
      within(within(history).getByTestId('revision-1')).getByRole('button', { name: /恢复此版本/ }),
    );
    const confirm = await screen.findByText('恢复到版本 1？');
    const popover = confirm.closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(popover).getByRole('button', { name: /恢复此版本/ }));
    await screen.findByText('已恢复到版本 1');
    await within(history).findByTestId('revision-4');
    expect(within(history).getByTestId('changed-4').textContent).toBe('修改了：标题、所属栏目、正文');

    // read while the page's toast and popover still move: inside Testing Library's wait, which
    // lets their updates happen as the page's own
    await waitFor(async () =>
      expect(await api('GET', `/api/cms/contents/${id}`)).toMatchObject({
        title: '历史第一版',
        categoryId: first,
        version: 4,
      }),
    );
    fireEvent.click(within(drawer).getByRole('tab', { name: '编辑' }));
    await waitFor(() =>
      expect((within(drawer).getByRole('textbox', { name: /标题/ }) as HTMLInputElement).value).toBe(
        '历史第一版',
      ),
    );
    expect(toasts).toEqual([]);
  });

  it('asks before closing a form with unsaved changes, and not without', async () => {
    const { id } = await contentWithHistory('离开');
    const clean = await openDrawer(id);
    fireEvent.click(within(clean.drawer).getByRole('button', { name: /取\s*消/ }));
    expect(clean.onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryAllByText('放弃未保存的修改？')).toHaveLength(0);
    clean.unmount();

    const { drawer, title, onClose } = await openDrawer(id);
    fireEvent.change(title, { target: { value: '离开改过' } });
    fireEvent.click(within(drawer).getByRole('button', { name: /取\s*消/ }));
    // the confirmation carries its title twice: the dialog's label and the text shown
    const dialog = (await screen.findAllByText('放弃未保存的修改？'))[0].closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(dialog).getByRole('button', { name: /继续编辑/ }));
    expect(onClose).not.toHaveBeenCalled();
    expect(title.value).toBe('离开改过');

    // jsdom runs no closing animation, so the first confirmation stays in the page: the new one is the last
    fireEvent.click(within(drawer).getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(screen.getAllByRole('button', { name: /放弃修改/ })).toHaveLength(2));
    fireEvent.click(screen.getAllByRole('button', { name: /放弃修改/ })[1]);
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });
});
