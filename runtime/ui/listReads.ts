// What a list page reads, as react-query options: a page of rows, or for a tree resource a level
// a page at a time (useTreeReads.ts). The page's hooks read through these, and so does the app's
// content area, which asks for the page's first read as the navigation starts, beside the page's
// code, rather than after that code has arrived and the page has drawn (src/layout/ListFirstRead.tsx).
import { keepPreviousData, type QueryFunction, type QueryKey } from '@tanstack/react-query';
import { MAX_LIMIT } from '../client/constants.ts';
import type { ListResult } from '../client/envelope.ts';
import type { ListParams, ResourceClient, Row } from '../client/resourceClient.ts';
import type { Resource } from '../schema/types.ts';
import { type ListState, sortParam } from './listState.ts';
import { queryKeys } from './queryKeys.ts';

/** The key of a tree's root: the parent of the top rows (0 in the API). */
export const ROOT_KEY = '0';

/**
 * A page that mounts within this of its rows' read shows them without reading them again: they
 * were read for it as its navigation began. Only the mount: a list's rows are otherwise read
 * again whenever the page comes back to them (a filter reset, a page turned back), and writes
 * refresh every read of their resource at once (queryKeys.ts).
 */
export const OPENING_MS = 5_000;

/** Whether a page mounting reads its rows again: not when they were read as it was opened. */
export const readAgainOnMount = (query: { state: { dataUpdatedAt: number } }): boolean =>
  Date.now() - query.state.dataUpdatedAt > OPENING_MS;
/** A tree's levels are read a page at a time as they open and stay longer: a tree is browsed. */
export const LEVEL_FRESH_MS = 30_000;

/**
 * Rows a level or a search is read in: the schema's page size (`list.pageSize`; the CMS's trees
 * say 500, so few "load more" clicks), at most the list's largest page.
 */
export const treePage = (resource: Resource): number => Math.min(resource.list.pageSize, MAX_LIMIT);

/** A read of a list's rows, as react-query's hooks and its prefetch take it. */
export interface ListRead {
  queryKey: QueryKey;
  queryFn: QueryFunction<ListResult<Row>>;
  staleTime?: number;
  refetchOnMount?: typeof readAgainOnMount;
  placeholderData?: typeof keepPreviousData;
}

/**
 * `read`, telling `arrived` its rows as soon as they are here, before a view draws them: a list
 * page's first read asks for what its rows point at (their references' labels) with them.
 */
export function readThen(read: ListRead, arrived: (rows: readonly Row[]) => void): ListRead {
  return {
    ...read,
    queryFn: async (context) => {
      const answer = await read.queryFn(context);
      arrived(answer.rows);
      return answer;
    },
  };
}

/** A page of a flat list; `silent`: its failure is not toasted. */
export function listRead(client: ResourceClient, params: ListParams, silent = false): ListRead {
  return {
    queryKey: queryKeys.list(client.resource.name, params),
    queryFn: ({ signal }) => client.list(params, { silent, signal }),
    refetchOnMount: readAgainOnMount,
  };
}

/** How a view reads a tree's levels: a picker (50 rows, its own order) and the list page differ. */
export interface LevelView {
  pageSize: number;
  /** the order within a level (`field` or `-field`); the resource's own when left out */
  sort?: string;
  /** failures are not toasted */
  silent?: boolean;
}

/** The part of a tree read's key that tells its view's reads from another's. */
export const viewKey = ({ pageSize, sort }: LevelView): string => `${pageSize}:${sort ?? ''}`;

/** A page of one level of a tree: the rows under `parent` (ROOT_KEY for the top). */
export function levelRead(
  client: ResourceClient,
  view: LevelView,
  level: { parent: string; page: number },
): ListRead {
  const { pageSize, sort, silent = false } = view;
  const parentField = client.resource.treeParent;
  const params: ListParams = {
    page: level.page,
    limit: pageSize,
    sort,
    filters: parentField ? { [parentField]: level.parent } : undefined,
    hasChildren: Boolean(parentField),
  };
  return {
    queryKey: queryKeys.treeLevel(client.resource.name, level.parent, level.page, viewKey(view)),
    queryFn: ({ signal }) => client.list(params, { silent, signal }),
    staleTime: LEVEL_FRESH_MS,
    // a new order keeps the rows shown until the level comes back in it
    placeholderData: keepPreviousData,
  };
}

/** The parameters of a flat list's page in `state`. */
export function listParams(state: ListState): ListParams {
  return { page: state.page, limit: state.limit, sort: sortParam(state.sorting), filters: state.filters };
}

/** Whether the list page shows the resource as a tree, read a level at a time. */
export const isTreeList = (resource: Resource): boolean => Boolean(resource.list.tree && resource.treeParent);

/**
 * What the list page in `state` reads first, asked for ahead of the page: its page of rows, or a
 * tree's top level. A tree searched (filters on) reads its matches page by page as the page asks
 * (useTreeReads.ts): none is read ahead. Silent: a read that fails leaves no rows, so the page
 * reads again as it mounts and says why, once (a URL asking for 9,999 rows, say).
 */
export function firstListRead(client: ResourceClient, state: ListState): ListRead | undefined {
  const { resource } = client;
  if (!isTreeList(resource)) return listRead(client, listParams(state), true);
  if (Object.keys(state.filters).length > 0) return undefined;
  return levelRead(
    client,
    { pageSize: treePage(resource), sort: sortParam(state.sorting), silent: true },
    { parent: ROOT_KEY, page: 1 },
  );
}
