// A route's component name → the element it renders. Views under src/views are found by file
// (views/dashboard/index.tsx answers 'dashboard/index') and loaded on demand, one chunk each, and
// so is the shell.
//
// Each is a lazy component that can be preloaded: once its code is here it renders at once
// instead of suspending. A suspended first render would commit a loading fallback, and React then
// holds the page back for up to 300 ms after it (its fallback throttle) even when the code arrives
// a moment later (docs/benchmarks.md, "Bundle").

import type { ComponentType, ReactElement } from 'react';
import { lazyWithPreload, type PreloadableComponent } from 'react-lazy-with-preload';
import { codeFiles, compileAhead } from '../app/compileAhead.ts';
import { listResourceName } from './listRoute.ts';
import type { AppRoute } from './types.ts';

type ViewModule = { default: ComponentType };
type View = PreloadableComponent<ComponentType>;

const modules = import.meta.glob<ViewModule>('../views/**/*.tsx');

// One lazy component per view for the app's lifetime: a new one per route-table rebuild would
// remount every page whenever the table changes.
const loaded = new Map<string, View>();

// the server may name a view with or without the folder: 'views/dashboard/index' or 'dashboard/index'
function viewFile(component: string): string {
  return `../views/${component.replace(/^\/?(views\/)?/, '')}.tsx`;
}

function lazyView(component: string): View | undefined {
  const file = viewFile(component);
  const load = modules[file];
  if (!load) return undefined;
  let view = loaded.get(file);
  if (!view) {
    view = lazyWithPreload(load);
    loaded.set(file, view);
  }
  return view;
}

// the names index.html gives the shell's and the list page's files under (vite.config.ts,
// build/codeFilesByName.ts), which a reload compiles a frame before it imports them
/** The build's name for the shell's files. */
export const SHELL_CODE = 'shell';
const LIST_CODE = 'list';

/**
 * An import of code whose files the build names, those files compiled first, a frame apart
 * (compileAhead.ts). A page opened from the menu after a reload finds code that the page before
 * the reload loaded in the browser's memory cache, and the browser compiles such a file in the
 * task that links it: Vite's preload helper links all of a chunk's files in one task, which made
 * a frame of 60-110 ms of the list page's code when it was two files (docs/benchmarks.md, "Tree tables"). Code
 * already linked (a reload's own compile ahead) costs no frame; code from the network compiles
 * off the main thread, each file asked for at most a frame later.
 */
function compiledFirst<T>(code: string, load: () => Promise<T>): () => Promise<T> {
  return () => compileAhead(codeFiles(code)).then(load);
}

/** The shell around most pages; the login page does not load the menu, the tab strip or the manifest. */
export const ShellLayout = lazyWithPreload(() => import('../layout/Layout.tsx'));
const ResourceView = lazyWithPreload(
  compiledFirst(LIST_CODE, () => import('../views/resource/ResourceView.tsx')),
);
const NotFound = lazyWithPreload(() => import('../views/error/404.tsx'));

/** The build's name for a view's files, where it names them: the generated list page's. */
export function viewCode(component: string): string | undefined {
  return listResourceName(component) === undefined ? undefined : LIST_CODE;
}

/** Fetches a view's code before it is rendered, so that it renders without suspending. */
export function preloadView(component: string): Promise<unknown> {
  if (listResourceName(component) !== undefined) return ResourceView.preload();
  return (lazyView(component) ?? NotFound).preload();
}

/** 'resource/<name>' is the generated list page of that manifest resource; an unknown view shows the 404 page. */
export function viewElement(route: AppRoute): ReactElement {
  const resource = listResourceName(route.component);
  if (resource !== undefined) return <ResourceView name={resource} />;
  const View = lazyView(route.component) ?? NotFound;
  return <View />;
}
