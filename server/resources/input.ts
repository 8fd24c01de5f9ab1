// A write body checked against the schema: the same validator the browser form compiles,
// which also refuses every field the action does not declare writable (no mass assignment).
// Values are first brought to their declared types by the rules list filters use (coerce.ts).
import { toServerValidator, type ValidationResult } from '../../runtime/schema/serverValidator.ts';
import type { Lang, Resource } from '../../runtime/schema/types.ts';
import { type FormMode, writableFields } from '../../runtime/schema/writable.ts';
import { badRequest } from '../http/errors.ts';
import { coerceBody } from './coerce.ts';

/** The body's values, typed and checked; problems by field. */
export function checkInput(resource: Resource, mode: FormMode, body: unknown, lang: Lang): ValidationResult {
  const given = body ?? {};
  if (typeof given !== 'object' || Array.isArray(given))
    return toServerValidator(resource, mode, lang)(given);
  const typed = coerceBody(writableFields(resource, mode).fields, given as Record<string, unknown>, lang);
  const result = toServerValidator(resource, mode, lang)(typed.value);
  // a value that could not be read explains more than the validator's view of it
  const errors = { ...(result.ok ? {} : result.errors), ...typed.errors };
  return Object.keys(errors).length > 0 ? { ok: false, errors } : result;
}

export function readInput(
  resource: Resource,
  mode: FormMode,
  body: unknown,
  lang: Lang,
): Record<string, unknown> {
  const result = checkInput(resource, mode, body, lang);
  if (!result.ok) throw badRequest(result.errors);
  return result.value;
}

/** A batch body: `ids` apart, the rest is checked like any write. */
export function splitBatchBody(body: unknown): { ids: unknown; rest: Record<string, unknown> } {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return { ids: undefined, rest: {} };
  const { ids, ...rest } = body as Record<string, unknown>;
  return { ids, rest };
}
