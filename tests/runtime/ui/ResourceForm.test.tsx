import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createResourceClient } from '../../../runtime/client/resourceClient.ts';
import type { Resource } from '../../../runtime/schema/types.ts';
import { ResourceForm } from '../../../runtime/ui/ResourceForm.tsx';
import { failure, ok, startServer, type TestServer } from '../client/testServer.ts';
import { loadResources, Providers, resourceNamed, testHttp } from './harness.tsx';

let server: TestServer;
let resources: Resource[];
beforeAll(async () => {
  server = await startServer();
  resources = await loadResources();
});
afterAll(async () => {
  await server.close();
});

const ROLES = [
  { id: 1, roleName: '管理员', roleKey: 'admin' },
  { id: 2, roleName: '编辑', roleKey: 'editor' },
];

function rolesOr(reply: () => ReturnType<typeof ok>) {
  return (req: { method: string; path: string }) =>
    req.method === 'GET' && req.path === '/api/sys/roles' ? ok({ rows: ROLES, total: 2 }) : reply();
}

/** The users create form, saving through a resource client against the test server. */
function renderUserForm(
  lang: 'zh' | 'en' = 'zh',
  onSubmit?: (values: Record<string, unknown>) => Promise<unknown>,
  extra: {
    mode?: 'create' | 'update';
    initial?: Record<string, unknown>;
    can?: (code: string) => boolean;
    onDirtyChange?: (dirty: boolean) => void;
    onValuesChange?: (values: Record<string, unknown>) => void;
  } = {},
) {
  const http = testHttp(server);
  const users = resourceNamed(resources, 'users');
  const client = createResourceClient(http, users);
  render(
    <Providers http={http} resources={resources}>
      <ResourceForm
        resource={users}
        mode={extra.mode ?? 'create'}
        initial={extra.initial}
        can={extra.can}
        onDirtyChange={extra.onDirtyChange}
        onValuesChange={extra.onValuesChange}
        lang={lang}
        onSubmit={onSubmit ?? ((values) => client.create(values))}
      />
    </Providers>,
  );
}

function fillRequired(userName: string, realName: string, password: string) {
  fireEvent.change(screen.getByLabelText(/用户名/), { target: { value: userName } });
  fireEvent.change(screen.getByLabelText(/姓名/), { target: { value: realName } });
  fireEvent.change(screen.getByLabelText(/密码/), { target: { value: password } });
}

describe('ResourceForm', () => {
  it('shows a server field error on the field and keeps submit disabled while saving', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.handle(async (req) => {
      if (req.method === 'POST') await held;
      return rolesOr(() => failure(400, 'validation failed', { errors: { userName: '用户名已存在' } }))(req);
    });
    renderUserForm();
    fillRequired('ada', 'Ada Lovelace', 'correct horse');
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /保\s*存/ }).hasAttribute('disabled')).toBe(true),
    );
    release();
    expect(await screen.findByText('用户名已存在')).toBeTruthy();
    // on the field itself, where rjsf puts that field's errors
    expect(document.getElementById('root_userName__error')?.textContent).toContain('用户名已存在');
    expect(screen.getByRole('button', { name: /保\s*存/ }).hasAttribute('disabled')).toBe(false);
    const post = server.received.find((r) => r.method === 'POST')!;
    expect(post.form.get('userName')).toBe('ada');
    expect(post.form.get('password')).toBe('correct horse');
  });

  it("starts from the schema's defaults, so opening it reports no change, and saves them untouched", async () => {
    server.handle(rolesOr(() => ok({ id: 1 })));
    const dirty: boolean[] = [];
    const values: Array<Record<string, unknown>> = [];
    const sent: Array<Record<string, unknown>> = [];
    renderUserForm(
      'zh',
      async (saved) => {
        sent.push(saved);
      },
      { onDirtyChange: (d) => dirty.push(d), onValuesChange: (v) => values.push(v) },
    );
    // drawn, its pickers' options read: rjsf filled in no default of its own, so it reported none
    expect(await screen.findByText('请选择角色')).toBeTruthy();
    expect(dirty).toEqual([]);
    expect(values).toEqual([]);
    fillRequired('cy', 'Cy', 'long enough 2');
    expect(dirty.at(-1)).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(sent).toHaveLength(1));
    // the avatar's default (users.yaml), never touched, is in what the save sends
    expect(sent[0]).toMatchObject({ userName: 'cy', personImage: 'head_1' });
  });

  it('checks the schema before sending anything, in the page language', async () => {
    server.handle(rolesOr(() => ok({ id: 1 })));
    let sent = 0;
    renderUserForm('en', async () => {
      sent += 1;
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('User name is required')).toBeTruthy();
    expect(sent).toBe(0);
  });

  it('says what each input and picker wants, a multiple pick included', async () => {
    server.handle(rolesOr(() => ok({ id: 1 })));
    renderUserForm();
    expect((screen.getByLabelText(/用户名/) as HTMLInputElement).placeholder).toBe('请输入用户名');
    // antd draws a select's placeholder as text beside its search input
    expect(await screen.findByText('请选择部门')).toBeTruthy();
    expect(await screen.findByText('请选择角色')).toBeTruthy();
  });

  it('picks roles from the roles list endpoint and sends them as repeated keys', async () => {
    server.handle(rolesOr(() => ok({ id: 3 })));
    renderUserForm();
    fillRequired('bo', 'Bo', 'long enough 1');
    fireEvent.mouseDown(document.getElementById('root_roleIds')!);
    const [editor] = (await screen.findAllByTitle('编辑')).filter((o) =>
      o.classList.contains('ant-select-item-option'),
    );
    fireEvent.click(editor);
    const [admin] = screen
      .getAllByTitle('管理员')
      .filter((o) => o.classList.contains('ant-select-item-option'));
    fireEvent.click(admin);
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(server.received.some((r) => r.method === 'POST')).toBe(true));
    const post = server.received.find((r) => r.method === 'POST')!;
    expect(post.form.getAll('roleIds')).toEqual(['2', '1']);
    expect(server.received.some((r) => r.method === 'GET' && r.path === '/api/sys/roles')).toBe(true);
  });

  it('shows a field needing a permission the user lacks disabled, and never sends it', async () => {
    server.handle(rolesOr(() => ok({ id: 5 })));
    const sent: Array<Record<string, unknown>> = [];
    renderUserForm(
      'zh',
      async (values) => {
        sent.push(values);
      },
      {
        mode: 'update',
        initial: { id: 5, realName: 'Cy', roleIds: [2] },
        // sys:users:update, but not sys:users:assignRoles
        can: (code) => code !== 'sys:users:assignRoles',
      },
    );
    const roles = document.getElementById('root_roleIds')!;
    await waitFor(() => expect(roles.closest('.ant-select')?.className).toContain('ant-select-disabled'));
    // the roles the user holds are still shown
    expect(await screen.findByTitle('编辑')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ realName: 'Cy' });
    expect(sent[0]).not.toHaveProperty('roleIds');
  });

  it('lets a user holding the permission write the field', async () => {
    server.handle(rolesOr(() => ok({ id: 5 })));
    const sent: Array<Record<string, unknown>> = [];
    renderUserForm(
      'zh',
      async (values) => {
        sent.push(values);
      },
      { mode: 'update', initial: { id: 5, realName: 'Cy', roleIds: [2] }, can: () => true },
    );
    const roles = document.getElementById('root_roleIds')!;
    expect(roles.closest('.ant-select')?.className).not.toContain('ant-select-disabled');
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ realName: 'Cy', roleIds: [2] });
  });
});
