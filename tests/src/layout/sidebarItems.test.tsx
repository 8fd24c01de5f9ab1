import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sidebarItems } from '../../../src/layout/sidebarItems.tsx';
import type { AppRoute } from '../../../src/router/types.ts';
import { page } from '../routePage.ts';

type Item = { key: string; title?: string; children?: Item[]; label: unknown };
const shape = (items: unknown[]): unknown[] =>
  (items as Item[]).map((item) =>
    item.children ? { key: item.key, children: shape(item.children) } : item.key,
  );

describe('sidebarItems', () => {
  it('leaves hidden routes out', () => {
    const items = sidebarItems(
      [
        page('/a', 'A'),
        page('/b', 'B', { hidden: true }),
        { ...page('/c', 'C'), component: 'Layout', hidden: true },
      ],
      'zh',
    );
    expect(shape(items)).toEqual(['/a']);
  });

  it('collapses a parent with a single visible child to that child', () => {
    const group: AppRoute = {
      path: '/cms',
      component: 'Layout',
      meta: { title: 'CMS' },
      children: [page('/cms/contents', 'Contents'), page('/cms/detail', 'Detail', { hidden: true })],
    };
    expect(shape(sidebarItems([group], 'zh'))).toEqual(['/cms/contents']);
  });

  it('keeps a single child as a sub-menu when the parent is marked alwaysShow', () => {
    const group: AppRoute = {
      path: '/cms',
      component: 'Layout',
      alwaysShow: true,
      meta: { title: 'CMS' },
      children: [page('/cms/contents', 'Contents')],
    };
    expect(shape(sidebarItems([group], 'zh'))).toEqual([{ key: '/cms', children: ['/cms/contents'] }]);
  });

  it('shows a group of several children as a sub-menu, and a group of only hidden children not at all', () => {
    const groups: AppRoute[] = [
      {
        path: '/sys',
        component: 'Layout',
        meta: { title: 'Sys' },
        children: [page('/sys/a', 'A'), page('/sys/b', 'B')],
      },
      {
        path: '/x',
        component: 'Layout',
        meta: { title: 'X' },
        children: [page('/x/a', 'XA', { hidden: true })],
      },
    ];
    expect(shape(sidebarItems(groups, 'zh'))).toEqual([{ key: '/sys', children: ['/sys/a', '/sys/b'] }]);
  });

  it('opens external links in a new tab', () => {
    const [item] = sidebarItems(
      [{ path: 'https://example.org', component: '', meta: { title: 'Docs' } }],
      'en',
    ) as Item[];
    const { container } = render(<div>{item.label as React.ReactNode}</div>);
    const link = container.querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://example.org');
    expect(link?.getAttribute('target')).toBe('_blank');
  });

  it('titles items in the language shown', () => {
    const route = page('/a', 'A');
    route.meta = { title: '甲', titleI18n: { zh: '甲', en: 'Alpha' } };
    expect((sidebarItems([route], 'en')[0] as Item).title).toBe('Alpha');
  });
});
