import { describe, expect, it } from 'vitest';
import { constantRoutes } from '../../../src/router/constantRoutes.ts';
import { findRouteTrail, pagesOf } from '../../../src/router/trail.ts';

const page = (path: string) => findRouteTrail(constantRoutes, path).at(-1);

describe("constant routes (spec §2's table)", () => {
  it('has every route of the table', () => {
    const paths = pagesOf(constantRoutes).map((route) => route.path);
    for (const path of [
      '/redirect/*',
      '/login',
      '/license',
      '/dashboard',
      '/userinfo/password',
      '/info/index',
      '/allocationUser',
      '/blockLayout',
      '/link',
      '/replyPop',
      '/newsDetail',
      '/404',
    ]) {
      expect(paths).toContain(path);
    }
    expect(constantRoutes.find((route) => route.path === '/')?.redirect).toBe('/dashboard');
  });

  it('keeps login, licence and 404 outside the shell, the rest inside it', () => {
    for (const path of ['/login', '/license', '/404']) {
      expect(findRouteTrail(constantRoutes, path)).toHaveLength(1);
    }
    for (const path of [
      '/dashboard',
      '/userinfo/password',
      '/info/index',
      '/allocationUser',
      '/newsDetail',
    ]) {
      expect(findRouteTrail(constantRoutes, path)[0].component).toBe('Layout');
    }
  });

  it('hides every route but the dashboard from the side menu', () => {
    const visible = constantRoutes.filter((route) => !route.hidden).map((route) => route.path);
    expect(visible).toEqual(['/']);
    expect(page('/dashboard')?.meta).toMatchObject({ icon: 'menu_icon1', affix: true });
  });

  it('reaches the hidden CMS pages without a permission of their own', () => {
    // hidden keeps a route out of the menu only; what the page shows depends on the server's grants
    for (const path of ['/allocationUser', '/blockLayout', '/link', '/replyPop', '/newsDetail']) {
      expect(page(path)?.component).toMatch(/^cms\//);
      expect(page(path)?.meta?.titleI18n?.zh).toBeTruthy();
    }
  });
});
