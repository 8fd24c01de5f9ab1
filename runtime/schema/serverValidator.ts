// The server's check of a write body, compiled from the same JSON Schema as the browser form.
// Bodies arrive form-encoded as often as JSON, so values are brought to their declared types
// first (numbers and booleans from text, a lone value into a list, a json field from its text).
import type { ErrorObject, ValidateFunction } from 'ajv';
import { createAjv } from './ajvInstance.ts';
import { toJsonSchema } from './compileJsonSchema.ts';
import { findNul, jsonTooDeep, MAX_JSON_DEPTH } from './inputLimits.ts';
import type { Field, Lang, Resource } from './types.ts';
import { validationMessage } from './validationMessages.ts';
import { type FormMode, modeKey, writableFields } from './writable.ts';

export type ValidationResult =
  | { ok: true; value: Record<string, unknown> }
  | { ok: false; errors: Record<string, string> };

export type ServerValidator = (body: unknown) => ValidationResult;

// coerceTypes 'array' turns the single value of a one-item form list into a list
const ajv = createAjv({ allErrors: true, coerceTypes: 'array', useDefaults: true, strict: false });
const compiled = new WeakMap<Resource, Map<string, ValidateFunction>>();

function compile(resource: Resource, mode: FormMode): ValidateFunction {
  let byMode = compiled.get(resource);
  if (!byMode) {
    byMode = new Map();
    compiled.set(resource, byMode);
  }
  const key = modeKey(mode);
  let validate = byMode.get(key);
  if (!validate) {
    // titles and option labels do not affect validity, so one language serves every caller
    validate = ajv.compile(toJsonSchema(resource, mode, 'en').schema);
    byMode.set(key, validate);
  }
  return validate;
}

/** Form-encoding shapes that JSON Schema coercion does not cover. */
function prepare(body: Record<string, unknown>, fields: Field[], errors: Record<string, string>, lang: Lang) {
  const value = structuredClone(body);
  for (const field of fields) {
    const v = value[field.name];
    // PostgreSQL stores no NUL in text or jsonb; refused here, whichever way the value came
    if (findNul(v) !== undefined) {
      errors[field.name] = validationMessage(lang, 'nul', { title: field.title[lang] });
      continue;
    }
    if (typeof v !== 'string') continue;
    if (field.trim) value[field.name] = v.trim();
    if (field.type === 'ref' && field.multiple) {
      // `ids=` is how a form body says "an empty list"
      if (v === '') value[field.name] = [];
    } else if (v.trim() === '' && !field.required) {
      // an empty input of an optional field means "no value", not a text to check formats against
      value[field.name] = null;
    } else if (field.type === 'json') {
      if (jsonTooDeep(v)) {
        errors[field.name] = validationMessage(lang, 'tooDeep', {
          title: field.title[lang],
          limit: MAX_JSON_DEPTH,
        });
        continue;
      }
      try {
        value[field.name] = JSON.parse(v);
      } catch {
        errors[field.name] = validationMessage(lang, 'invalid', { title: field.title[lang] });
      }
    }
  }
  return value;
}

function fieldOf(err: ErrorObject): string {
  if (err.keyword === 'required') return String(err.params.missingProperty);
  if (err.keyword === 'additionalProperties') return String(err.params.additionalProperty);
  return err.instancePath.split('/')[1] ?? '';
}

export function toServerValidator(resource: Resource, mode: FormMode, lang: Lang = 'zh'): ServerValidator {
  const validate = compile(resource, mode);
  const { fields } = writableFields(resource, mode);
  const byName = new Map(resource.fields.map((f) => [f.name, f]));
  return (body) => {
    const errors: Record<string, string> = {};
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      return { ok: false, errors: { '': validationMessage(lang, 'type', { title: 'body' }) } };
    }
    const value = prepare(body as Record<string, unknown>, fields, errors, lang);
    if (!validate(value)) {
      for (const err of validate.errors ?? []) {
        // oneOf reports each option's const as well; the oneOf error itself says it plainly
        if (err.keyword === 'const' || err.keyword === 'if') continue;
        const name = fieldOf(err);
        if (errors[name] !== undefined) continue;
        const title = byName.get(name)?.title[lang] ?? name;
        errors[name] = validationMessage(lang, err.keyword, {
          title,
          limit: err.params.limit as number | undefined,
          format: err.params.format as string | undefined,
        });
      }
    }
    return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, value };
  };
}
