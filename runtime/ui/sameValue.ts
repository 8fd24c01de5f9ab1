// Whether two values of a field mean the same to the person reading them: empty is empty
// (null, '' and an empty list alike), a time is its instant, a list of ids its set. The conflict
// dialog, the revision diff and the unsaved-changes check all compare this way.
import { deepEqual } from 'fast-equals';
import type { Field } from '../schema/types.ts';

export const isEmptyValue = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

export function sameValue(field: Pick<Field, 'type'> | undefined, a: unknown, b: unknown): boolean {
  if (isEmptyValue(a) || isEmptyValue(b)) return isEmptyValue(a) && isEmptyValue(b);
  if (field?.type === 'datetime') return Date.parse(String(a)) === Date.parse(String(b));
  if (Array.isArray(a) && Array.isArray(b)) {
    const sort = (list: unknown[]) => list.map(String).sort();
    return deepEqual(sort(a), sort(b));
  }
  return deepEqual(a, b);
}
