// The role form with the real roles schema (menuIds: checkTree, confirmChanges): a save first
// lists what it adds and removes, by path and permission code; going back sends nothing;
// confirming sends exactly the ticked set. A save that changes no list goes straight out. A
// branch of 300 ticked at once is listed whole, drawn a window at a time.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Resource } from '../../../runtime/schema/types.ts';
import { type FormValues, ResourceForm } from '../../../runtime/ui/ResourceForm.tsx';
import { ok, startServer, type TestServer } from '../client/testServer.ts';
import { loadResources, Providers, resourceNamed, testHttp } from './harness.tsx';
import { MENUS } from './menuRows.ts';

let server: TestServer;
let resources: Resource[];
beforeAll(async () => {
  server = await startServer((req) =>
    req.path === '/api/sys/menus' ? ok({ rows: MENUS, total: MENUS.length }) : ok(null),
  );
  resources = await loadResources();
});
afterAll(async () => {
  await server.close();
});

const EDITOR = {
  id: 7,
  roleName: '内容编辑',
  roleKey: 'editor',
  sortOrder: 2,
  status: 0,
  menuIds: [1, 2, 3, 4],
  remark: 'Content pages',
};

/** The role form; a batch update starts from no row. */
function renderRoleForm(mode: 'update' | { action: 'batchUpdate' } = 'update', http = testHttp(server)) {
  const initial = mode === 'update' ? EDITOR : undefined;
  const submitted: FormValues[] = [];
  render(
    <Providers http={http} resources={resources}>
      <ResourceForm
        resource={resourceNamed(resources, 'roles')}
        mode={mode}
        initial={initial}
        lang="zh"
        onSubmit={async (values) => {
          submitted.push(values);
        }}
      />
    </Providers>,
  );
  return submitted;
}

/** A button by its text; getByRole would walk the whole form's accessibility tree, slowly under jsdom. */
const button = (text: string | RegExp) =>
  screen.getByText(text, { selector: 'button > span' }).closest('button')!;
const row = (label: string) =>
  document.querySelector(`.ant-tree-node-content-wrapper[title="${label}"]`)?.closest('.ant-tree-treenode') as
    | HTMLElement
    | undefined;
const tick = (label: string) => fireEvent.click(row(label)!.querySelector('.ant-tree-checkbox')!);
const save = () => fireEvent.click(button(/^保\s*存$/));
const summary = () => screen.findByTestId('change-summary');
const entries = (list: HTMLElement) =>
  within(list)
    .getAllByTestId('change-entry')
    .map((li) => li.textContent);

async function openButtons() {
  await waitFor(() => expect(row('用户管理')).toBeTruthy());
  fireEvent.click(button('展开全部'));
  await waitFor(() => expect(row('新增')).toBeTruthy());
}

describe('ResourceForm with confirmChanges', () => {
  it('lists the one button unticked, then saves exactly the ticked set once confirmed', async () => {
    const submitted = renderRoleForm();
    await openButtons();
    tick('新增');
    save();
    const dialog = await summary();
    expect(within(dialog).queryByTestId('changes-added')).toBeNull();
    const removed = within(dialog).getByTestId('changes-removed');
    expect(removed.textContent).toContain('移除 1 项');
    expect(entries(removed)).toEqual(['系统管理 / 用户管理 / 新增sys:users:create']);
    // nothing leaves before the administrator says yes
    expect(submitted).toEqual([]);
    fireEvent.click(button('确认保存'));
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]).toEqual({ ...EDITOR, id: undefined, menuIds: [1, 2, 4] });
  });

  it('goes back to the form without sending, and the next summary shows both directions', async () => {
    const submitted = renderRoleForm();
    await openButtons();
    tick('新增');
    save();
    await summary();
    fireEvent.click(button('返回修改'));
    await waitFor(() => expect(screen.queryByTestId('change-summary')).toBeNull());
    expect(submitted).toEqual([]);
    // the form kept the untick; add a directory as well
    expect(row('新增')!.querySelector('.ant-tree-checkbox-checked')).toBeNull();
    tick('内容管理');
    save();
    const dialog = await summary();
    expect(entries(within(dialog).getByTestId('changes-added'))).toEqual(['内容管理']);
    expect(entries(within(dialog).getByTestId('changes-removed'))).toEqual([
      '系统管理 / 用户管理 / 新增sys:users:create',
    ]);
    fireEvent.click(button('确认保存'));
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0].menuIds).toEqual([1, 2, 4, 5]);
  });

  it('saves straight away when the lists are as loaded', async () => {
    const submitted = renderRoleForm();
    await waitFor(() => expect(row('用户管理')).toBeTruthy());
    fireEvent.change(screen.getByLabelText(/备注/), { target: { value: 'Pages and buttons of the CMS' } });
    save();
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0].menuIds).toEqual([1, 2, 3, 4]);
    expect(screen.queryByTestId('change-summary')).toBeNull();
  });

  it('in a batch update, lists what every selected row will hold, and leaves an untouched list out', async () => {
    const submitted = renderRoleForm({ action: 'batchUpdate' });
    await waitFor(() => expect(row('系统管理')).toBeTruthy());
    save();
    // nothing ticked: the roles keep their menus
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]).not.toHaveProperty('menuIds');
    // the save has ended: the button takes clicks again (while saving it is disabled, and a
    // click on it then is lost)
    await waitFor(() => expect(button(/^保\s*存$/).disabled).toBe(false));
    tick('系统管理');
    save();
    const dialog = await summary();
    const set = within(dialog).getByTestId('changes-added');
    expect(set.textContent).toContain('所选各行都将恰好拥有以下 1 项');
    expect(entries(set)).toEqual(['系统管理']);
    fireEvent.click(button('确认保存'));
    await waitFor(() => expect(submitted).toHaveLength(2));
    expect(submitted[1].menuIds).toEqual([1]);
  });
});

describe('ResourceForm with confirmChanges over a branch of 300', () => {
  const BIG = [
    ...MENUS,
    { id: 100, parentId: 0, menuName: '大目录', menuType: 'M', perms: null },
    ...Array.from({ length: 300 }, (_, i) => ({
      id: 101 + i,
      parentId: 100,
      menuName: `按钮${i + 1}`,
      menuType: 'F',
      perms: `big:${i + 1}`,
    })),
  ];
  let big: TestServer;
  beforeAll(async () => {
    big = await startServer((req) =>
      req.path === '/api/sys/menus' ? ok({ rows: BIG, total: BIG.length }) : ok(null),
    );
  });
  afterAll(async () => {
    await big.close();
  });

  it('lists all 301 added entries in a scrolling box that draws a window of them', async () => {
    const submitted = renderRoleForm('update', testHttp(big));
    await waitFor(() => expect(row('大目录')).toBeTruthy());
    fireEvent.click(screen.getByLabelText('勾选“大目录”及其下全部'));
    save();
    const dialog = await summary();
    const added = within(dialog).getByTestId('changes-added');
    expect(added.textContent).toContain('新增 301 项');
    const drawn = within(added).getAllByTestId('change-entry');
    expect(drawn.length).toBeGreaterThan(5);
    expect(drawn.length).toBeLessThan(50);
    expect(drawn[0].textContent).toBe('大目录');
    expect(drawn[0].getAttribute('aria-setsize')).toBe('301');
    // scrolled to its end, the box draws the last entry, by its path and code
    const box = within(added).getByTestId('change-entries-box');
    box.scrollTop = 301 * 24;
    fireEvent.scroll(box);
    await waitFor(() => expect(entries(added)).toContain('大目录 / 按钮300big:300'));
    expect(within(added).getByText('大目录 / 按钮300').closest('li')?.getAttribute('aria-posinset')).toBe(
      '301',
    );
    fireEvent.click(button('确认保存'));
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0].menuIds).toHaveLength(4 + 301);
  });
});
