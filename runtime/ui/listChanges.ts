// What a save does to the `confirmChanges` fields of a form (multiple refs): the ids it adds and
// the ids it removes, against the value the form was loaded with. The form shows them before it
// sends anything (ChangeSummary.tsx).
import type { Id } from '../client/resourceClient.ts';
import type { Field } from '../schema/types.ts';

export interface ListChange {
  field: Field;
  /**
   * diff: against the row's loaded value; set: a batch update, where each row has a value of its
   * own, so the summary lists what every selected row will hold
   */
  kind: 'diff' | 'set';
  added: Id[];
  removed: Id[];
}

function idsOf(value: unknown): Id[] {
  return Array.isArray(value)
    ? value.filter((v): v is Id => typeof v === 'string' || typeof v === 'number')
    : [];
}

/** The ids in `after` and not in `before`, and the other way round; ids compare as text. */
export function diffIds(before: unknown, after: unknown): { added: Id[]; removed: Id[] } {
  const was = idsOf(before);
  const now = idsOf(after);
  const wasKeys = new Set(was.map(String));
  const nowKeys = new Set(now.map(String));
  return {
    added: now.filter((id) => !wasKeys.has(String(id))),
    removed: was.filter((id) => !nowKeys.has(String(id))),
  };
}

/**
 * The changes a save of `values` makes to each field that asks for confirmation, leaving out the
 * fields it does not change. `partial`: a batch update, where nothing was loaded to compare with.
 */
export function listChanges(
  fields: readonly Field[],
  initial: Record<string, unknown> | undefined,
  values: Record<string, unknown>,
  partial: boolean,
): ListChange[] {
  const out: ListChange[] = [];
  for (const field of fields) {
    if (!field.confirmChanges || !(field.name in values)) continue;
    if (partial) {
      out.push({ field, kind: 'set', added: idsOf(values[field.name]), removed: [] });
      continue;
    }
    const { added, removed } = diffIds(initial?.[field.name], values[field.name]);
    if (added.length > 0 || removed.length > 0) out.push({ field, kind: 'diff', added, removed });
  }
  return out;
}
