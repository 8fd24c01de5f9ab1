// Path helpers shared by the route transform, the sidebar and the breadcrumbs.

const EXTERNAL = /^(https?:|mailto:|tel:)/;

/** Spec §5: a link is external when it begins with http, https, mailto or tel. */
export function isExternal(path: string): boolean {
  return EXTERNAL.test(path);
}

/** A child path resolved against its parent; absolute paths and external links stand as they are. */
export function joinPath(parent: string, child: string): string {
  if (child.startsWith('/') || isExternal(child)) return child;
  const base = parent.endsWith('/') ? parent.slice(0, -1) : parent;
  return child === '' ? base || '/' : `${base}/${child}`;
}
