// Ids in batches the server reads in one request: a read by ids answers one page, and a page is
// at most LIST_MAX_LIMIT rows (docs/api.md).
import { LIST_MAX_LIMIT } from '../contract.ts';

export function idBatches<T>(ids: readonly T[]): T[][] {
  const batches: T[][] = [];
  for (let i = 0; i < ids.length; i += LIST_MAX_LIMIT) batches.push(ids.slice(i, i + LIST_MAX_LIMIT));
  return batches;
}
