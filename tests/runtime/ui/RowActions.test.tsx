// The actions of one row with the real users schema: which go on the line and which into the
// More menu, as the user's permissions (`can`) and the row (`when`) decide, and how each runs.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Row } from '../../../runtime/client/resourceClient.ts';
import type { Resource } from '../../../runtime/schema/types.ts';
import { pageActions } from '../../../runtime/ui/pageActions.ts';
import { RowActions } from '../../../runtime/ui/RowActions.tsx';
import { actionsColumnWidth, splitRowActions } from '../../../runtime/ui/rowActionLayout.ts';
import { useLinkButtonClasses } from '../../../runtime/ui/useLinkButtonClasses.ts';
import { loadResources, resourceNamed } from './harness.tsx';

let users: Resource;
beforeAll(async () => {
  users = resourceNamed(await loadResources(), 'users');
});

const ACTIVE: Row = { id: 1, userName: 'ada', status: 0 };
const FROZEN: Row = { id: 2, userName: 'bob', status: 1 };

function renderRow(row: Row, can: (code: string) => boolean = () => true) {
  const onAction = vi.fn();
  render(<RowActions row={row} actions={pageActions(users, can).row} lang="zh" onAction={onAction} />);
  return onAction;
}

const links = () =>
  screen.queryAllByRole('button').map((button) => (button.textContent ?? '').replace(/\s/g, ''));

async function openMore(): Promise<HTMLElement> {
  fireEvent.click(screen.getByRole('button', { name: /更\s*多/ }));
  return await screen.findByRole('menu');
}

const itemsOf = (menu: HTMLElement) =>
  within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent);

describe('RowActions', () => {
  it('keeps the first two actions on the line and puts the rest in the More menu', async () => {
    renderRow(ACTIVE);
    expect(links()).toEqual(['修改', '删除', '更多']);
    // a divider between two links, none before the first or after the last
    expect(screen.getAllByRole('separator')).toHaveLength(2);
    expect(itemsOf(await openMore())).toEqual(['冻结', '分配角色', '重置密码']);
  });

  it('offers in the menu only the actions whose `when` holds for the row', async () => {
    renderRow(FROZEN);
    expect(itemsOf(await openMore())).toEqual(['恢复', '分配角色', '重置密码']);
  });

  it('leaves out what `can` refuses, and needs no menu when three actions or fewer remain', () => {
    renderRow(ACTIVE, (code) => code !== 'sys:users:resetPassword' && code !== 'sys:users:assignRoles');
    expect(links()).toEqual(['修改', '删除', '冻结']);
    expect(screen.queryByRole('button', { name: /更\s*多/ })).toBeNull();
  });

  it('decides the line from what remains after `can` and `when`, in schema order', () => {
    renderRow(ACTIVE, (code) => code !== 'sys:users:delete' && code !== 'sys:users:update');
    expect(links()).toEqual(['冻结', '分配角色', '重置密码']);
  });

  it('runs a menu action without a confirm at once', async () => {
    const onAction = renderRow(ACTIVE);
    fireEvent.click(within(await openMore()).getByRole('menuitem', { name: '重置密码' }));
    expect(onAction).toHaveBeenCalledTimes(1);
    expect(onAction.mock.calls[0][0].name).toBe('resetPassword');
    expect(onAction.mock.calls[0][1]).toBe(ACTIVE);
  });

  it('asks before a menu action with a confirm, and runs it only on OK', async () => {
    const onAction = renderRow(ACTIVE);
    fireEvent.click(within(await openMore()).getByRole('menuitem', { name: '冻结' }));
    expect(await screen.findByText('冻结后该用户无法登录，确定冻结？')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
    expect(onAction).not.toHaveBeenCalled();
    fireEvent.click(within(await openMore()).getByRole('menuitem', { name: '冻结' }));
    const ok = await screen.findAllByRole('button', { name: /确\s*定/ });
    fireEvent.click(ok.at(-1)!);
    await waitFor(() => expect(onAction).toHaveBeenCalledTimes(1));
    expect(onAction.mock.calls[0][0].name).toBe('freeze');
  });
});

/** The line as a list table draws it: its links plain buttons with antd's link classes. */
function TableLine(props: Omit<Parameters<typeof RowActions>[0], 'linkClasses'>) {
  return <RowActions {...props} linkClasses={useLinkButtonClasses()} />;
}

describe("RowActions in a list table, its links drawn without antd's Button", () => {
  function renderLine(row: Row) {
    const onAction = vi.fn();
    const onFormIntent = vi.fn();
    render(
      <TableLine
        row={row}
        actions={pageActions(users, () => true).row}
        lang="zh"
        onAction={onAction}
        onFormIntent={onFormIntent}
      />,
    );
    return { onAction, onFormIntent };
  }

  it('draws the same line of links, each with the link classes, the delete one in danger', () => {
    renderLine(ACTIVE);
    expect(links()).toEqual(['修改', '删除', '更多']);
    const [update, remove] = screen.getAllByRole('button');
    expect(update.className).toContain('ant-btn-color-link');
    expect(remove.className).toContain('ant-btn-color-dangerous');
  });

  it('runs an action without a confirm at once, and its form can load as the pointer reaches it', () => {
    const { onAction, onFormIntent } = renderLine(ACTIVE);
    const update = screen.getByRole('button', { name: '修改' });
    fireEvent.pointerEnter(update);
    expect(onFormIntent).toHaveBeenCalled();
    fireEvent.click(update);
    expect(onAction).toHaveBeenCalledTimes(1);
    expect(onAction.mock.calls[0][0].name).toBe('update');
  });

  it('asks before an action with a confirm, the confirm on the link, and runs it only on OK', async () => {
    const { onAction } = renderLine(ACTIVE);
    fireEvent.click(screen.getByRole('button', { name: '删除' }));
    const ok = await screen.findAllByRole('button', { name: /确\s*定/ });
    expect(onAction).not.toHaveBeenCalled();
    fireEvent.click(ok.at(-1)!);
    await waitFor(() => expect(onAction).toHaveBeenCalledTimes(1));
    expect(onAction.mock.calls[0][0].name).toBe('delete');
    expect(onAction.mock.calls[0][1]).toBe(ACTIVE);
  });
});

describe('row action layout', () => {
  it('splits after three: all on the line up to three, two and a menu past that', () => {
    const actions = users.actions.filter((a) => a.scope === 'row');
    expect(actions.map((a) => a.name)).toEqual([
      'update',
      'delete',
      'freeze',
      'restore',
      'assignRoles',
      'resetPassword',
    ]);
    expect(splitRowActions(actions.slice(0, 3)).more).toEqual([]);
    const split = splitRowActions(actions);
    expect(split.inline.map((a) => a.name)).toEqual(['update', 'delete']);
    expect(split.more.map((a) => a.name)).toEqual(['freeze', 'restore', 'assignRoles', 'resetPassword']);
  });

  it('sizes the actions column to its widest line, never narrower than its header', () => {
    const actions = users.actions.filter((a) => a.scope === 'row');
    const full = actionsColumnWidth(actions, 'zh');
    const two = actionsColumnWidth(actions.slice(0, 2), 'zh');
    expect(two).toBeLessThan(full);
    expect(actionsColumnWidth([], 'zh')).toBeGreaterThanOrEqual(28);
    // English labels are longer than their two-character Chinese ones
    expect(actionsColumnWidth(actions, 'en')).toBeGreaterThan(full);
    // one line of two links and a menu, not a column of five buttons
    expect(full).toBeLessThan(200);
  });
});
