// A route of the app's table: the server's RouteEntry after the spec's transform (§2), and the
// app's own constant routes. Plain data, so the transform, the sidebar, the breadcrumbs and the
// tab strip can all be tested without rendering anything.

import type { I18n } from '../../runtime/schema/types.ts';

export interface RouteMeta {
  title?: string;
  titleI18n?: I18n;
  /** an @ant-design/icons name from the icon map, or an image URL */
  icon?: string;
  /** a tab that cannot be closed */
  affix?: boolean;
  /** the view is not kept alive when its tab is left */
  noCache?: boolean;
  /** the menu entry to highlight while a hidden page is open */
  activeMenu?: string;
  /** false leaves the route out of the breadcrumbs */
  breadcrumb?: boolean;
}

export interface AppRoute {
  /** absolute ('/sys/users'), an external link, or '*' for the catch-all */
  path: string;
  name?: string;
  /** 'Layout' (the shell), 'resource/<name>' (a generated list page) or a view under src/views */
  component: string;
  hidden?: boolean;
  /** constant routes only: keep a parent with one visible child as a sub-menu */
  alwaysShow?: boolean;
  /** constant routes only: where the path leads instead of a page */
  redirect?: string;
  /** constant routes only: reachable without signing in */
  public?: boolean;
  meta?: RouteMeta;
  children?: AppRoute[];
}
