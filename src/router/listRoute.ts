// A route whose component is 'resource/<name>' shows the generated list page of that manifest
// resource: the views (views.tsx) draw it and the content area asks for its first read
// (src/layout/ListFirstRead.tsx).

const RESOURCE_PREFIX = 'resource/';

/** The resource whose generated list page a route's component names, if it names one. */
export function listResourceName(component: string): string | undefined {
  return component.startsWith(RESOURCE_PREFIX) ? component.slice(RESOURCE_PREFIX.length) : undefined;
}
