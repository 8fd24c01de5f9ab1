// A route's component name → the element it renders. Views under src/views are found by file
// (views/dashboard/index.tsx answers 'dashboard/index') and loaded on demand, one chunk each.

import { type ComponentType, type LazyExoticComponent, lazy, type ReactElement } from 'react';
import type { AppRoute } from './types.ts';

type ViewModule = { default: ComponentType };

const modules = import.meta.glob<ViewModule>('../views/**/*.tsx');

// One lazy component per view for the app's lifetime: a new one per route-table rebuild would
// remount every page whenever the table changes.
const loaded = new Map<string, LazyExoticComponent<ComponentType>>();

// the server may name a view with or without the folder: 'views/dashboard/index' or 'dashboard/index'
function viewFile(component: string): string {
  return `../views/${component.replace(/^\/?(views\/)?/, '')}.tsx`;
}

/** Starts fetching a view's code before it is rendered; the lazy component then finds it loaded. */
export function preloadView(component: string): void {
  void modules[viewFile(component)]?.();
}

function lazyView(component: string): LazyExoticComponent<ComponentType> | undefined {
  const file = viewFile(component);
  const load = modules[file];
  if (!load) return undefined;
  let view = loaded.get(file);
  if (!view) {
    view = lazy(load);
    loaded.set(file, view);
  }
  return view;
}

const ResourceView = lazy(() => import('../views/resource/ResourceView.tsx'));
const NotFound = lazy(() => import('../views/error/404.tsx'));

const RESOURCE_PREFIX = 'resource/';

/** 'resource/<name>' is the generated list page of that manifest resource; an unknown view shows the 404 page. */
export function viewElement(route: AppRoute): ReactElement {
  if (route.component.startsWith(RESOURCE_PREFIX)) {
    return <ResourceView name={route.component.slice(RESOURCE_PREFIX.length)} />;
  }
  const View = lazyView(route.component) ?? NotFound;
  return <View />;
}
