// The edit drawer's answer to a save someone else's save overtook (a 409 with the current row),
// against a real local HTTP server: it sends the version it loaded, lists the fields that differ
// with their titles, and either saves the editor's values over the current version or reloads
// the saved row into the form.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createResourceClient } from '../../../runtime/client/resourceClient.ts';
import type { Resource } from '../../../runtime/schema/types.ts';
import { differingFields } from '../../../runtime/ui/ConflictDialog.tsx';
import { ResourceFormDrawer } from '../../../runtime/ui/ResourceFormDrawer.tsx';
import { failure, ok, type Received, startServer, type TestServer } from '../client/testServer.ts';
import { loadResources, Providers, resourceNamed, testHttp } from './harness.tsx';

const LOADED = { id: 1, userName: 'admin', realName: '甲', email: 'a@school.cn', roleIds: [1], version: 3 };
const THEIRS = { ...LOADED, realName: '丙', email: 'c@school.cn', version: 4 };
const STALE = '该数据在你打开后已被他人修改';

let server: TestServer;
let resources: Resource[];

beforeAll(async () => {
  server = await startServer();
  resources = await loadResources();
});
afterAll(async () => {
  await server.close();
});

/** The server holds THEIRS: a PUT of version 3 is stale, one of version 4 is saved. */
function api(req: Received) {
  if (req.method === 'GET' && req.path === '/api/sys/users/1') return ok(LOADED);
  if (req.method === 'GET' && req.path === '/api/sys/roles')
    return ok({ rows: [{ id: 1, roleName: '管理员' }], total: 1 });
  if (req.method === 'PUT' && req.path === '/api/sys/users/1') {
    return req.form.get('version') === '4'
      ? ok({ ...THEIRS, realName: req.form.get('realName'), version: 5 })
      : failure(409, STALE, { current: THEIRS });
  }
  return ok({ rows: [], total: 0 });
}

const puts = () => server.received.filter((r) => r.method === 'PUT');

/** The conflict dialog, found by its title (antd's dialogs are labelled by a generated id). */
async function conflictDialog(): Promise<HTMLElement> {
  const title = await screen.findByText('数据已被他人修改');
  return title.closest('[role="dialog"]') as HTMLElement;
}
const conflictShown = () => screen.queryByText('数据已被他人修改') !== null;

async function openDrawer() {
  server.handle(api);
  server.received.length = 0;
  const http = testHttp(server);
  const users = resourceNamed(resources, 'users');
  const client = createResourceClient(http, users);
  const saved = vi.fn();
  render(
    <Providers http={http} resources={resources}>
      <ResourceFormDrawer
        client={client}
        target={{ mode: 'update', id: 1 }}
        lang="zh"
        onSubmit={async (values, version) => saved(await client.update(1, values, { version }))}
        onClose={() => {}}
      />
    </Providers>,
  );
  const drawer = await screen.findByRole('dialog');
  const realName = (await within(drawer).findByLabelText(/姓名/)) as HTMLInputElement;
  expect(realName.value).toBe('甲');
  fireEvent.change(realName, { target: { value: '甲二' } });
  fireEvent.click(within(drawer).getByRole('button', { name: /保\s*存/ }));
  const conflict = await conflictDialog();
  return { drawer, conflict, saved };
}

describe('the conflict dialog of the edit drawer', () => {
  it('names the differing fields: what the editor sent against what is saved', async () => {
    const users = resourceNamed(await loadResources(), 'users');
    const mine = { realName: '甲二', email: 'c@school.cn', roleIds: [1] };
    expect(differingFields(users, mine, THEIRS).map((f) => f.name)).toEqual(['realName']);
  });

  it('sends the version it loaded, shows what differs, and overwrites with the current version', async () => {
    const { conflict, saved } = await openDrawer();
    expect(puts()[0].form.get('version')).toBe('3');
    const table = within(conflict).getByTestId('conflict-fields');
    const row = within(table).getByText('姓名').closest('tr')!;
    expect(within(row).getByText('甲二')).toBeTruthy();
    expect(within(row).getByText('丙')).toBeTruthy();
    // the email the editor left alone was changed by the other save: not the editor's change
    expect(within(table).getByText('邮箱')).toBeTruthy();

    fireEvent.click(within(conflict).getByRole('button', { name: '用我的覆盖' }));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    const overwrite = puts()[1];
    expect(overwrite.form.get('version')).toBe('4');
    expect(overwrite.form.get('realName')).toBe('甲二');
    await waitFor(() => expect(conflictShown()).toBe(false));
  });

  it('reloads the saved row into the form, whose next save sends its version', async () => {
    const { drawer, conflict, saved } = await openDrawer();
    fireEvent.click(within(conflict).getByRole('button', { name: '载入当前数据' }));
    await waitFor(() => expect(conflictShown()).toBe(false));
    const realName = (await within(drawer).findByLabelText(/姓名/)) as HTMLInputElement;
    await waitFor(() => expect(realName.value).toBe('丙'));
    fireEvent.click(within(drawer).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    expect(puts()[1].form.get('version')).toBe('4');
    expect(puts()[1].form.get('realName')).toBe('丙');
  });
});
