// @vitest-environment node
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { loadSchemaDir } from '../../../runtime/schema/load.ts';
import { buildManifest, serializeManifest } from '../../../runtime/schema/manifest.ts';

describe('buildManifest', () => {
  it('is the committed generated/manifest.json (run npm run build:manifest after a schema change)', async () => {
    const { resources, menuGroups, problems } = await loadSchemaDir('schemas');
    expect(problems).toEqual([]);
    const committed = await readFile('generated/manifest.json', 'utf8');
    expect(serializeManifest(buildManifest(resources, menuGroups))).toBe(committed);
  });

  it('does not depend on the order resources and groups come in', async () => {
    const { resources, menuGroups } = await loadSchemaDir('schemas');
    const forward = serializeManifest(buildManifest(resources, menuGroups));
    const backward = serializeManifest(buildManifest([...resources].reverse(), [...menuGroups].reverse()));
    expect(backward).toBe(forward);
  });

  it('hangs each resource page under a Layout entry of its menu group, in menu order', async () => {
    const { resources, menuGroups } = await loadSchemaDir('schemas');
    const { routes } = buildManifest(resources, menuGroups);
    expect(routes.map((r) => [r.path, r.component])).toEqual([
      ['/cms', 'Layout'],
      ['/sys', 'Layout'],
    ]);
    const [cms, sys] = routes;
    expect(sys.meta).toEqual({
      title: '系统管理',
      titleI18n: { zh: '系统管理', en: 'System' },
      icon: 'setting',
    });
    expect(sys.children?.map((c) => c.path)).toEqual(['users', 'roles', 'menus', 'departments', 'auditLog']);
    expect(cms.children?.map((c) => c.path)).toEqual([
      'contents',
      'contentCategorys',
      'pictures',
      'areablocks',
      'weblinks',
      'weblinkcategorys',
      'webpictures',
      'websites',
      'companys',
      'sourceoffices',
      'reportedmessages',
      'mailboxtypes',
      'mailboxrepliers',
    ]);
    expect(sys.children?.[0]).toEqual({
      path: 'users',
      name: 'users',
      component: 'resource/users',
      meta: {
        title: '用户管理',
        titleI18n: { zh: '用户管理', en: 'Users' },
        icon: 'user',
        permission: 'sys:users:list',
      },
    });
  });

  it('lists a permission per resource and action, list first', async () => {
    const { resources, menuGroups } = await loadSchemaDir('schemas');
    const { permissions, resources: sorted } = buildManifest(resources, menuGroups);
    expect(sorted.map((r) => r.name).slice(-4)).toEqual(['departments', 'menus', 'roles', 'users']);
    const roles = permissions.filter((p) => p.resource === 'roles').map((p) => p.code);
    expect(roles).toEqual([
      'sys:roles:list',
      'sys:roles:create',
      'sys:roles:update',
      'sys:roles:delete',
      'sys:roles:batchDelete',
      'sys:roles:batchUpdate',
      // opens the assign-users page: a link, with a button code that decides who sees it
      'sys:roles:assignUsers',
    ]);
    expect(new Set(permissions.map((p) => p.code)).size).toBe(permissions.length);
  });
});
