// The check tree with the real roles schema (menuIds: checkTree) against a served menu tree:
// every tick is independent, half ticks and branch counts follow the ticks below, the branch
// buttons are the one way to tick or untick a branch, and a search keeps what is ticked. Then
// against the real server app (realServer.ts) with more menus than one read of MAX_LIMIT: every
// entry is read, and a tree past LIST_ALL_MAX_PAGES reads says it is cut.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_ALL_MAX_PAGES, MAX_LIMIT } from '../../../runtime/client/constants.ts';
import type { Id } from '../../../runtime/client/resourceClient.ts';
import type { Field, Resource } from '../../../runtime/schema/types.ts';
import { RefCheckTree } from '../../../runtime/ui/RefCheckTree.tsx';
import { ok, startServer, type TestServer } from '../client/testServer.ts';
import { loadResources, Providers, realHttp, resourceNamed, testHttp } from './harness.tsx';
import { MENUS } from './menuRows.ts';
import { type RealServer, startRealServer } from './realServer.ts';

let server: TestServer;
let resources: Resource[];
let menuIds: Field;
beforeAll(async () => {
  server = await startServer((req) =>
    req.path === '/api/sys/menus' ? ok({ rows: MENUS, total: MENUS.length }) : ok(null),
  );
  resources = await loadResources();
  menuIds = resourceNamed(resources, 'roles').fields.find((f) => f.name === 'menuIds')!;
});
afterAll(async () => {
  await server.close();
});

/** The tree as a form holds it: every change reported, and the value that follows from it. */
function renderTree(start: Id[], http = testHttp(server), disabled = false) {
  const changes: Id[][] = [];
  function Holder() {
    const [value, setValue] = useState<Id[]>(start);
    return (
      <RefCheckTree
        field={menuIds}
        lang="zh"
        disabled={disabled}
        value={value}
        onChange={(next) => {
          changes.push(next);
          setValue(next);
        }}
      />
    );
  }
  render(
    <Providers http={http} resources={resources}>
      <Holder />
    </Providers>,
  );
  return changes;
}

/** A button by its text; getByRole would walk the whole form's accessibility tree, slowly under jsdom. */
const button = (text: string | RegExp) =>
  screen.getByText(text, { selector: 'button > span' }).closest('button')!;
const row = (label: string) => {
  const title = document.querySelector(`.ant-tree-node-content-wrapper[title="${label}"]`);
  if (!title) throw new Error(`no tree row ${label}`);
  return title.closest('.ant-tree-treenode') as HTMLElement;
};
const shown = (label: string) =>
  document.querySelector(`.ant-tree-node-content-wrapper[title="${label}"]`) !== null;
const tick = (label: string) => fireEvent.click(row(label).querySelector('.ant-tree-checkbox')!);
/** ticked, half (not ticked itself, something below is) or none, as the checkbox shows it */
function state(label: string): 'ticked' | 'half' | 'none' {
  const box = row(label).querySelector('.ant-tree-checkbox')!;
  if (box.classList.contains('ant-tree-checkbox-checked')) return 'ticked';
  if (box.classList.contains('ant-tree-checkbox-indeterminate')) return 'half';
  return 'none';
}
const count = (label: string) => row(label).querySelector('[data-testid="branch-count"]')?.textContent;
const sorted = (ids: Id[] | undefined) => [...(ids ?? [])].map(Number).sort((a, b) => a - b);

async function expandAll() {
  fireEvent.click(button('展开全部'));
  await waitFor(() => expect(shown('删除')).toBe(true));
}

describe('RefCheckTree', () => {
  it('opens the top level, showing each label with its permission code', async () => {
    renderTree([]);
    await waitFor(() => expect(shown('用户管理')).toBe(true));
    expect(row('用户管理').textContent).toContain('sys:users:list');
    // a page's buttons stay folded until asked for
    expect(shown('新增')).toBe(false);
    expect(screen.getByTestId('ticked-count').textContent).toBe('已勾选 0 / 6');
  });

  it('ticks a directory alone: nothing below it comes along', async () => {
    const changes = renderTree([]);
    await waitFor(() => expect(shown('系统管理')).toBe(true));
    tick('系统管理');
    expect(changes.at(-1)).toEqual([1]);
    await expandAll();
    expect(['系统管理', '用户管理', '新增', '删除'].map(state)).toEqual(['ticked', 'none', 'none', 'none']);
  });

  it('unticks one button alone: its siblings and its directory stay as they were', async () => {
    const changes = renderTree([1, 2, 3, 4, 5, 6]);
    await waitFor(() => expect(shown('用户管理')).toBe(true));
    await expandAll();
    tick('新增');
    expect(changes).toHaveLength(1);
    expect(sorted(changes[0])).toEqual([1, 2, 4, 5, 6]);
    expect(['系统管理', '用户管理', '新增', '删除'].map(state)).toEqual([
      'ticked',
      'ticked',
      'none',
      'ticked',
    ]);
  });

  it('half-ticks an unticked parent with something ticked below, and counts each branch', async () => {
    renderTree([4]);
    await waitFor(() => expect(shown('用户管理')).toBe(true));
    expect(state('系统管理')).toBe('half');
    expect(state('用户管理')).toBe('half');
    expect(state('内容管理')).toBe('none');
    expect(count('系统管理')).toBe('1/3');
    expect(count('用户管理')).toBe('1/2');
    expect(count('内容管理')).toBe('0/1');
    // a ticked parent shows its own tick; its count tells how much of the branch goes with it
    tick('用户管理');
    await waitFor(() => expect(state('用户管理')).toBe('ticked'));
    expect(count('用户管理')).toBe('1/2');
    expect(count('系统管理')).toBe('2/3');
  });

  it('ticks and unticks a whole branch only through its branch buttons', async () => {
    const changes = renderTree([6]);
    await waitFor(() => expect(shown('用户管理')).toBe(true));
    fireEvent.click(screen.getByLabelText('勾选“用户管理”及其下全部'));
    expect(sorted(changes.at(-1))).toEqual([2, 3, 4, 6]);
    fireEvent.click(screen.getByLabelText('取消“系统管理”及其下全部'));
    expect(sorted(changes.at(-1))).toEqual([6]);
    // the button is not a tick of its own row
    expect(changes).toHaveLength(2);
  });

  it('filters by label or code, keeping the hits where they live and every tick as it was', async () => {
    const changes = renderTree([3, 6]);
    await waitFor(() => expect(shown('用户管理')).toBe(true));
    fireEvent.change(screen.getByPlaceholderText('搜索名称或标识'), { target: { value: 'users:delete' } });
    await waitFor(() => expect(shown('内容管理')).toBe(false));
    expect(shown('系统管理') && shown('用户管理') && shown('删除')).toBe(true);
    expect(shown('新增')).toBe(false);
    tick('删除');
    expect(sorted(changes.at(-1))).toEqual([3, 4, 6]);
    fireEvent.change(screen.getByPlaceholderText('搜索名称或标识'), { target: { value: '' } });
    await waitFor(() => expect(shown('内容管理')).toBe(true));
    expect(state('内容管理')).toBe('half');
  });
});

describe('RefCheckTree from the keyboard and for assistive technology', () => {
  const treeElement = () => screen.getByRole('tree', { name: '菜单权限' });
  const active = () => {
    const id = treeElement().getAttribute('aria-activedescendant');
    const entry = id ? document.getElementById(id) : null;
    return entry?.querySelector('.ant-tree-node-content-wrapper')?.getAttribute('title');
  };

  it('moves with the arrows once the tree takes the focus, and ticks the entry on Space or Enter', async () => {
    const changes = renderTree([]);
    await waitFor(() => expect(shown('用户管理')).toBe(true));
    fireEvent.focus(treeElement());
    await waitFor(() => expect(active()).toBe('系统管理'));
    fireEvent.keyDown(treeElement(), { key: 'ArrowDown' });
    await waitFor(() => expect(active()).toBe('用户管理'));
    fireEvent.keyDown(treeElement(), { key: ' ' });
    expect(changes.at(-1)).toEqual([2]);
    await waitFor(() => expect(state('用户管理')).toBe('ticked'));
    fireEvent.keyDown(treeElement(), { key: 'Enter' });
    expect(changes.at(-1)).toEqual([]);
    // right opens the page, whose buttons come into the tree below it
    fireEvent.keyDown(treeElement(), { key: 'ArrowRight' });
    await waitFor(() => expect(shown('新增')).toBe(true));
    expect(changes).toHaveLength(2);
  });

  it('names a half-ticked entry mixed, and a ticked one checked', async () => {
    renderTree([4]);
    await waitFor(() => expect(shown('用户管理')).toBe(true));
    expect(row('系统管理').getAttribute('aria-checked')).toBe('mixed');
    expect(row('内容管理').getAttribute('aria-checked')).toBe('false');
    await expandAll();
    expect(row('删除').getAttribute('aria-checked')).toBe('true');
  });

  it('ticks nothing and offers no branch buttons while the form is read-only', async () => {
    const changes = renderTree([4], testHttp(server), true);
    await waitFor(() => expect(shown('用户管理')).toBe(true));
    tick('系统管理');
    fireEvent.click(row('用户管理').querySelector('.ant-tree-node-content-wrapper')!);
    fireEvent.focus(treeElement());
    fireEvent.keyDown(treeElement(), { key: ' ' });
    expect(changes).toEqual([]);
    expect(screen.queryByLabelText('勾选“用户管理”及其下全部')).toBeNull();
    // the counts still say what the role holds
    expect(count('系统管理')).toBe('1/3');
  });
});

describe('RefCheckTree over more menus than one read', () => {
  let real: RealServer;
  beforeAll(async () => {
    real = await startRealServer();
  }, 120_000);
  afterAll(async () => {
    await real?.close();
  });

  /** a directory with `count` buttons below it, each with its own code, in one statement */
  async function addDirectory(name: string, count: number): Promise<void> {
    await real.sql(`
      with dir as (insert into sys_menus (menu_name, menu_type, order_num) values ('${name}', 'M', 900) returning id)
      insert into sys_menus (parent_id, menu_name, menu_type, perms, order_num)
      select dir.id, '${name}按钮' || i, 'F', '${name}:' || i, i from dir, generate_series(1, ${count}) i`);
    const total = (
      await real.api('GET', `/api/sys/menus?limit=1&menuName=${encodeURIComponent(`${name}按钮`)}`)
    ).total;
    expect(total).toBe(count);
  }
  const menuTotal = async () => (await real.api('GET', '/api/sys/menus?limit=1')).total as number;

  it('reads every entry past the first 500: a granted one far down is shown, ticked and can be unticked', async () => {
    await addDirectory('大目录', 1200);
    const total = await menuTotal();
    expect(total).toBeGreaterThan(MAX_LIMIT * 2);
    // the seeded menus come first (order 900 puts the directory after them), so its 1,150th
    // button is far past one read of 500 entries
    const far = await real.api(
      'GET',
      `/api/sys/menus?limit=1&menuName=${encodeURIComponent('大目录按钮1150')}`,
    );
    const farId = far.rows[0].id as number;
    const changes = renderTree([farId], realHttp(real));
    await waitFor(() => expect(screen.getByTestId('ticked-count').textContent).toBe(`已勾选 1 / ${total}`), {
      timeout: 30_000,
    });
    expect(screen.queryByTestId('check-tree-cut')).toBeNull();
    // the directory sits below the seeded menus, out of the tree's window: a search brings it in
    fireEvent.change(screen.getByPlaceholderText('搜索名称或标识'), { target: { value: '大目录:1150' } });
    await waitFor(() => expect(shown('大目录按钮1150')).toBe(true));
    expect(count('大目录')).toBe('1/1200');
    expect(state('大目录')).toBe('half');
    expect(state('大目录按钮1150')).toBe('ticked');
    tick('大目录按钮1150');
    expect(changes.at(-1)).toEqual([]);
  }, 60_000);

  it('says the tree is cut when it holds more entries than it reads', async () => {
    const before = await menuTotal();
    // the directory and its buttons make one entry more than the reads hold
    await addDirectory('超大目录', MAX_LIMIT * LIST_ALL_MAX_PAGES - before);
    const total = await menuTotal();
    expect(total).toBe(MAX_LIMIT * LIST_ALL_MAX_PAGES + 1);
    renderTree([], realHttp(real));
    const cut = await screen.findByTestId('check-tree-cut', {}, { timeout: 30_000 });
    expect(cut.textContent).toContain(`只列出了前 ${MAX_LIMIT * LIST_ALL_MAX_PAGES} 项，共 ${total} 项`);
    expect(screen.getByTestId('ticked-count').textContent).toBe(`已勾选 0 / ${total}`);
  }, 60_000);
});
