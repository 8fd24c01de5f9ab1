// The arithmetic of a reorder, apart from the database: where each row of a group goes, and the
// position values that say so. Rows keep the values their places held whenever those already
// increase, so a move writes only the rows that moved; rows that share a value (new rows all at
// the default 0) are numbered afresh, 10, 20, 30…, within the field's minimum and maximum.
import type { OrderRequest } from './orderRequest.ts';

export interface Positioned {
  id: number;
  value: number | null;
}

/** Space left between fresh positions, so a row put between two by hand fits. */
const STEP = 10;
const INT_MAX = 2_147_483_647;

/** A group's rows as lists show them: position ascending, empty positions last, then by id. */
export function inOrder(rows: readonly Positioned[]): Positioned[] {
  return [...rows].sort((a, b) => {
    if (a.value === b.value) return a.id - b.id;
    if (a.value === null) return 1;
    if (b.value === null) return -1;
    return a.value - b.value || a.id - b.id;
  });
}

/** The group's ids after the request; `current` is the group in its present order. */
export function arrange(current: readonly number[], request: OrderRequest): number[] {
  if (request.kind === 'ids') {
    const given = new Set(request.ids);
    const next = [...current];
    let k = 0;
    current.forEach((id, place) => {
      if (given.has(id)) next[place] = request.ids[k++];
    });
    return next;
  }
  const rest = current.filter((id) => id !== request.id);
  const from = current.indexOf(request.id);
  let to: number;
  if (request.kind === 'offset') to = Math.min(Math.max(from + request.offset, 0), rest.length);
  else to = rest.indexOf(request.target) + (request.kind === 'after' ? 1 : 0);
  return [...rest.slice(0, to), request.id, ...rest.slice(to)];
}

/**
 * The position of each place in a group of `values.length` rows: the present values when they
 * strictly increase, else fresh ones within [minimum, maximum]; null when the range cannot
 * hold that many distinct positions.
 */
export function placeValues(
  values: ReadonlyArray<number | null>,
  range: { minimum?: number; maximum?: number },
): number[] | null {
  const increasing = values.every((v, i) => v !== null && (i === 0 || v > (values[i - 1] as number)));
  if (increasing) return values as number[];
  const low = Math.ceil(range.minimum ?? 0);
  const high = Math.floor(range.maximum ?? INT_MAX);
  const step = Math.min(STEP, Math.floor((high - low) / values.length));
  if (step < 1) return null;
  return values.map((_, i) => low + step * (i + 1));
}
