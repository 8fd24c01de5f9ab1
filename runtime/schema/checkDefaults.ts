// A field's `default` is what the create form starts with and what the column holds for a row
// written without it, so a default the field itself would refuse breaks both: the form opens
// already invalid, and the DDL's DEFAULT fails or stores what no write could. Each default is
// checked against the same value schema the form and the server validate with.
import type { ErrorObject, ValidateFunction } from 'ajv';
import { createAjv } from './ajvInstance.ts';
import { valueSchema } from './compileJsonSchema.ts';
import { didYouMean } from './didYouMean.ts';
import { PROBLEMS, type ProblemText } from './problemMessages.ts';
import type { KeyPath } from './source.ts';
import type { Field } from './types.ts';
import { FORMAT_WORDS } from './validationMessages.ts';

type Report = (path: KeyPath, message: ProblemText) => void;

const ajv = createAjv({ allErrors: false, strictTypes: false });
const compiled = new Map<string, ValidateFunction>();
function validatorFor(field: Field): ValidateFunction {
  const schema = valueSchema(field, 'en', true);
  const key = JSON.stringify(schema);
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(key, validate);
  }
  return validate;
}

/** The kind of value a default of this field must be; undefined: any (json) or its options (enum). */
function expectedKind(field: Field): Parameters<typeof PROBLEMS.defaultType>[0]['expected'] | undefined {
  if (field.type === 'ref') return field.multiple ? 'ids' : 'id';
  if (field.type === 'tree-parent') return 'parentId';
  if (field.type === 'integer' || field.type === 'number' || field.type === 'boolean') return field.type;
  if (field.type === 'date' || field.type === 'datetime') return field.type;
  if (field.type === 'json' || field.type === 'enum') return undefined;
  return 'text';
}

function hasKind(value: unknown, kind: ReturnType<typeof expectedKind>): boolean {
  switch (kind) {
    case 'integer':
    case 'id':
    case 'parentId':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'ids':
      return Array.isArray(value);
    default:
      return typeof value === 'string';
  }
}

export function checkDefault(field: Field, report: Report): void {
  const value = field.default;
  // null is "no default", as it is for the column
  if (value === undefined || value === null) return;
  const at: KeyPath = ['fields', field.name, 'default'];
  const shown = JSON.stringify(value);
  if (field.type === 'enum') {
    const options = (field.options ?? []).map((o) => o.value);
    if (options.some((o) => o === value)) return;
    report(
      at,
      PROBLEMS.defaultNotOption({
        value: shown,
        options: options.map(String),
        // a near miss is a spelling, so only a text value gets a suggestion
        best: typeof value === 'string' ? didYouMean(value, options.map(String)) : undefined,
      }),
    );
    return;
  }
  const kind = expectedKind(field);
  if (kind === undefined) return;
  if (!hasKind(value, kind)) {
    const isDate = kind === 'date' || kind === 'datetime';
    report(
      at,
      isDate && typeof value === 'string'
        ? PROBLEMS.defaultNotDate({ value: shown, type: kind })
        : PROBLEMS.defaultType({ value: shown, type: field.type, expected: kind }),
    );
    return;
  }
  const validate = validatorFor(field);
  if (validate(value)) return;
  report(at, failure(validate.errors?.[0], shown, field, kind));
}

/** What ajv's first complaint about a default means, in the catalogue's words. */
function failure(
  error: ErrorObject | undefined,
  shown: string,
  field: Field,
  kind: NonNullable<ReturnType<typeof expectedKind>>,
): ProblemText {
  const limit = Number(error?.params.limit);
  switch (error?.keyword) {
    case 'minLength':
      return PROBLEMS.defaultTooShort({ value: shown, limit });
    case 'maxLength':
      return PROBLEMS.defaultTooLong({ value: shown, limit });
    case 'minimum':
    case 'exclusiveMinimum':
      return PROBLEMS.defaultBelow({ value: shown, limit });
    case 'maximum':
    case 'exclusiveMaximum':
      return PROBLEMS.defaultAbove({ value: shown, limit });
    case 'pattern':
      return PROBLEMS.defaultPattern({ value: shown, pattern: String(error.params.pattern) });
    case 'format':
      if (kind === 'date' || kind === 'datetime')
        return PROBLEMS.defaultNotDate({ value: shown, type: kind });
      return PROBLEMS.defaultFormat({
        value: shown,
        what: FORMAT_WORDS[String(error.params.format)] ?? { en: 'value', zh: '值' },
      });
    default:
      // an id list's items, or a value out of the column's reach
      return PROBLEMS.defaultType({ value: shown, type: field.type, expected: kind });
  }
}
