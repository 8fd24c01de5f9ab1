// A write body checked against the schema: the same validator the browser form compiles,
// which also refuses every field the action does not declare writable (no mass assignment)
// and brings form-encoded text to the declared types.
import { type FormMode, toServerValidator } from '../../runtime/schema/index.ts';
import type { Lang, Resource } from '../../runtime/schema/types.ts';
import { badRequest } from '../http/errors.ts';

export function readInput(
  resource: Resource,
  mode: FormMode,
  body: unknown,
  lang: Lang,
): Record<string, unknown> {
  const result = toServerValidator(resource, mode, lang)(body ?? {});
  if (!result.ok) throw badRequest(result.errors);
  return result.value;
}

/** A batch body: `ids` apart, the rest is checked like any write. */
export function splitBatchBody(body: unknown): { ids: unknown; rest: Record<string, unknown> } {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return { ids: undefined, rest: {} };
  const { ids, ...rest } = body as Record<string, unknown>;
  return { ids, rest };
}
