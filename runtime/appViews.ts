// The views a menu entry's `component` may name (DESIGN §7): `Layout`, the shell of a directory;
// `resource/<name>`, the generated list page of a manifest resource; or a hand-written view under
// src/views, by its file without the extension ('dashboard/index', also written
// 'views/dashboard/index'). The list of hand-written views lives here, not in the app, so the
// server can check a menu without loading browser code; a test holds it equal to the folder.

/** The shell around a directory's pages. */
export const LAYOUT_VIEW = 'Layout';

/** `resource/<name>` names the generated list page of that resource. */
export const RESOURCE_VIEW_PREFIX = 'resource/';

/** The hand-written views under src/views (the generic resource page is named through the prefix). */
export const HAND_WRITTEN_VIEWS: readonly string[] = [
  'cms/allocationUser',
  'cms/blockLayout',
  'cms/link',
  'cms/newsDetail',
  'cms/replyPop',
  'dashboard/index',
  'error/404',
  'info/index',
  'license/index',
  'login/index',
  'redirect/index',
  'userinfo/password',
];

/** A component name without the optional leading '/' and 'views/' (as src/router/views.tsx reads it). */
export function viewFileName(component: string): string {
  return component.replace(/^\/?(views\/)?/, '');
}

export type MenuType = 'M' | 'C' | 'F';

/**
 * What is wrong with a menu entry's component, or undefined: a directory may name only the shell
 * (or nothing, which means the shell), a page a resource of `resources` or a hand-written view
 * (or nothing: an external link), a button nothing.
 */
export function menuComponentProblem(
  component: string | null | undefined,
  menuType: MenuType,
  resources: ReadonlySet<string>,
): string | undefined {
  if (component === null || component === undefined || component === '') return undefined;
  if (menuType === 'F') return 'a button has no component';
  if (menuType === 'M') {
    return component === LAYOUT_VIEW ? undefined : `a directory's component is ${LAYOUT_VIEW}`;
  }
  if (component.startsWith(RESOURCE_VIEW_PREFIX)) {
    const name = component.slice(RESOURCE_VIEW_PREFIX.length);
    return resources.has(name) ? undefined : `no resource is named "${name}"`;
  }
  if (HAND_WRITTEN_VIEWS.includes(viewFileName(component))) return undefined;
  return `no view is named "${component}": use ${RESOURCE_VIEW_PREFIX}<resource> or a view under src/views`;
}
