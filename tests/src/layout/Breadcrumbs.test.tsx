import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { Breadcrumbs } from '../../../src/layout/Breadcrumbs.tsx';
import { buildBreadcrumbs } from '../../../src/layout/breadcrumbs.ts';
import { constantRoutes } from '../../../src/router/constantRoutes.ts';
import { findRouteTrail } from '../../../src/router/trail.ts';
import { buildDynamicRoutes } from '../../../src/router/transform.ts';
import { useLanguageStore } from '../../../src/stores/language.ts';
import { usePermissionStore } from '../../../src/stores/permission.ts';

const routes = [
  ...constantRoutes,
  ...buildDynamicRoutes([
    {
      path: '/sys',
      name: 'sys',
      component: 'Layout',
      meta: { title: '系统管理', titleI18n: { zh: '系统管理', en: 'System' } },
      children: [
        {
          path: 'users',
          name: 'users',
          component: 'resource/users',
          meta: { title: '用户管理', titleI18n: { zh: '用户管理', en: 'Users' } },
        },
      ],
    },
    {
      path: '/cms',
      name: 'cms',
      component: 'Layout',
      meta: { title: '内容管理', titleI18n: { zh: '内容管理', en: 'Content' } },
      children: [
        {
          path: 'contents',
          name: 'contents',
          component: 'resource/contents',
          meta: { title: '内容管理', titleI18n: { zh: '内容管理', en: 'Contents' } },
        },
      ],
    },
  ]),
];

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Breadcrumbs />
    </MemoryRouter>,
  );
}

function crumbTexts(): string[] {
  return [...screen.getByTestId('breadcrumb').querySelectorAll('li')]
    .map((li) => li.textContent ?? '')
    .filter((text) => text !== '/' && text !== '');
}

describe('Breadcrumbs', () => {
  beforeEach(() => {
    usePermissionStore.setState({ routes });
    act(() => useLanguageStore.getState().setLang('zh'));
  });

  it('starts with the dashboard, follows the route titles, and leaves the last item unclickable', () => {
    renderAt('/sys/users');
    expect(crumbTexts()).toEqual(['系统首页', '系统管理', '用户管理']);
    const links = screen.getByTestId('breadcrumb').querySelectorAll('a');
    expect([...links].map((a) => a.getAttribute('href'))).toEqual(['/dashboard']);
    expect(screen.getByText('用户管理').closest('a')).toBeNull();
  });

  it('marks only the last crumb as the current page; a group without a page is plain text', () => {
    renderAt('/sys/users');
    const current = screen.getByTestId('breadcrumb').querySelectorAll('[aria-current]');
    expect([...current].map((el) => [el.textContent, el.getAttribute('aria-current')])).toEqual([
      ['用户管理', 'page'],
    ]);
    const group = screen.getByText('系统管理');
    expect(group.closest('a')).toBeNull();
  });

  it('does not repeat a group named as its page', () => {
    renderAt('/cms/contents');
    expect(crumbTexts()).toEqual(['系统首页', '内容管理']);
    act(() => useLanguageStore.getState().setLang('en'));
    // in English the two differ, and both are shown
    expect(crumbTexts()).toEqual(['Home', 'Content', 'Contents']);
  });

  it('shows the dashboard once, unclickable, on the dashboard', () => {
    renderAt('/dashboard');
    expect(crumbTexts()).toEqual(['系统首页']);
    expect(screen.getByTestId('breadcrumb').querySelectorAll('a')).toHaveLength(0);
  });

  it('speaks English when asked', () => {
    act(() => useLanguageStore.getState().setLang('en'));
    renderAt('/sys/users');
    expect(crumbTexts()).toEqual(['Home', 'System', 'Users']);
  });
});

describe('buildBreadcrumbs', () => {
  it('links the pages above the current one and leaves out routes that ask to be left out', () => {
    const trail = findRouteTrail(constantRoutes, '/userinfo/password');
    expect(buildBreadcrumbs(trail, 'zh', '系统首页')).toEqual([
      { key: '/dashboard', title: '系统首页', to: '/dashboard' },
      { key: '/userinfo/password', title: '修改密码', to: undefined },
    ]);
    const redirect = findRouteTrail(constantRoutes, '/redirect/sys/users');
    expect(buildBreadcrumbs(redirect, 'zh', '系统首页')).toEqual([
      { key: '/dashboard', title: '系统首页', to: undefined },
    ]);
  });
});
