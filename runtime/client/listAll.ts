// Every row of a filtered list, for a view that is wrong when it holds only some of them (a check
// tree's half ticks, the marks on a category tree): pages of MAX_LIMIT rows, the pages after the
// first read side by side once the first gives the total, up to `maxPages` pages. The answer's
// `total` tells a caller whether the rows were cut, so it can say so rather than show less.
import { MAX_LIMIT } from './constants.ts';
import type { ListParams, ResourceClient, Row } from './resourceClient.ts';

export interface AllRows {
  rows: Row[];
  /** the rows the resource holds: more than `rows` when the read stopped at `maxPages` */
  total: number;
}

export async function listAll(
  client: ResourceClient,
  params: Omit<ListParams, 'page' | 'limit'>,
  options: { maxPages: number; signal?: AbortSignal; silent?: boolean },
): Promise<AllRows> {
  const { maxPages, ...request } = options;
  const read = (page: number) => client.list({ ...params, page, limit: MAX_LIMIT }, request);
  const first = await read(1);
  const pages = Math.min(Math.ceil(first.total / MAX_LIMIT), maxPages);
  if (pages <= 1) return { rows: first.rows, total: first.total };
  const rest = await Promise.all(Array.from({ length: pages - 1 }, (_, i) => read(i + 2)));
  // a row moved from one page to the next by a write between the reads is read twice
  const byId = new Map<string, Row>();
  for (const row of [first, ...rest].flatMap((page) => page.rows)) byId.set(String(row.id), row);
  return { rows: [...byId.values()], total: Math.max(first.total, byId.size) };
}
