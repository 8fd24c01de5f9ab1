// A value written in the YAML for a field (a condition's literal, an action's `set` value) read
// as that field's type, so `status == 0` compares with the integer 0 the row holds and a value
// the field could never hold is reported where it is written rather than found at run time.
import { FIELD_TYPE_SPECS } from './fieldTypes.ts';
import type { RawField } from './metaSchema.ts';
import { PROBLEMS, type ProblemText } from './problemMessages.ts';

/** The `set` value of a date or datetime field that means "the server's current time". */
export const NOW = 'now';

export interface CoerceOptions {
  /** accept NOW for date and datetime fields (action `set` values; not conditions) */
  allowNow?: boolean;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

export function coerceLiteral(
  value: unknown,
  field: RawField,
  name: string,
  report: (message: ProblemText) => void,
  options: CoerceOptions = {},
): unknown {
  if (field.type === 'enum' && field.options) {
    const option = field.options.find((o) => String(o.value) === String(value));
    if (option) return option.value;
    const options = field.options.map((o) => String(o.value));
    report(PROBLEMS.notEnumValue({ value: String(value), field: name, options }));
    return value;
  }
  const spec = FIELD_TYPE_SPECS[field.type];
  if (spec.numeric || field.type === 'ref' || field.type === 'tree-parent') {
    if (typeof value === 'number') return value;
    report(PROBLEMS.notNumber({ value: String(value), field: name, type: field.type }));
    return value;
  }
  if (field.type === 'boolean') {
    if (typeof value === 'boolean') return value;
    report(PROBLEMS.notBoolean({ value: String(value), field: name }));
    return value;
  }
  if (options.allowNow && (field.type === 'date' || field.type === 'datetime')) {
    if (
      value === NOW ||
      (typeof value === 'string' && (field.type === 'date' ? DATE : DATE_TIME).test(value))
    )
      return value;
    report(PROBLEMS.notNowOrDate({ value: String(value), now: NOW, type: field.type }));
    return value;
  }
  return value === null ? null : String(value);
}
