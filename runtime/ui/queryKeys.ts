// react-query keys for resource data. Everything about a resource sits under
// ['resource', name], so one invalidation after a write refreshes its lists, rows and pickers.
import type { Filters, Id, ListParams } from '../client/resourceClient.ts';

export const queryKeys = {
  resource: (name: string) => ['resource', name] as const,
  list: (name: string, params: ListParams) => ['resource', name, 'list', params] as const,
  row: (name: string, id: Id) => ['resource', name, 'row', String(id)] as const,
  /** a page of the recycle bin */
  bin: (name: string, page: number, limit: number) => ['resource', name, 'bin', page, limit] as const,
  options: (name: string, search: string) => ['resource', name, 'options', search] as const,
  /** the rows with these ids (sorted), read for the labels of references to them */
  many: (name: string, ids: readonly string[]) => ['resource', name, 'many', ids.join(',')] as const,
  /**
   * a tree's reads (useTreeReads.ts): one page of one level, a search, the chosen rows with their
   * paths; `view` is the page size and order they were read in (a picker's, the list page's)
   */
  treeLevel: (name: string, parent: string, page: number, view: string) =>
    ['resource', name, 'treeLevel', parent, page, view] as const,
  treeSearch: (name: string, filters: Filters, view: string) =>
    ['resource', name, 'treeSearch', filters, view] as const,
  treePath: (name: string, ids: readonly string[]) => ['resource', name, 'treePath', ids.join(',')] as const,
  /** the media library's pages; everything under ['media'] is refreshed after a removal */
  media: ['media'] as const,
  mediaList: (view: string, query: object) => ['media', view, query] as const,
};
