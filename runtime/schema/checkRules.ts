// The checks on `rules:` that need the declared fields: `after` and `notBefore` compare two
// values of one kind (dates and times, or numbers), and `required` asks for a field a write can
// set. Names that are not declared fields are reported with the other references (crossCheck.ts).
import { PROBLEMS, type ProblemText } from './problemMessages.ts';
import type { KeyPath } from './source.ts';
import type { Field, Resource } from './types.ts';

type Report = (path: KeyPath, message: ProblemText) => void;

/** What an ordering compares a field's values as, or undefined when they have no order. */
export function orderKind(field: Field): 'time' | 'number' | undefined {
  if (field.multiple) return undefined;
  if (field.type === 'date' || field.type === 'datetime') return 'time';
  if (field.type === 'integer' || field.type === 'number') return 'number';
  return undefined;
}

export function checkRules(resource: Resource, report: Report): void {
  const byName = new Map(resource.fields.map((f) => [f.name, f]));
  resource.rules?.forEach((rule, i) => {
    const field = byName.get(rule.field);
    // an undeclared name is reported by checkReferences
    if (!field) return;
    if (rule.required && field.readOnly) {
      report(['rules', i, 'field'], PROBLEMS.ruleReadOnlyField({ field: field.name }));
    }
    for (const key of ['after', 'notBefore'] as const) {
      const other = rule[key] === undefined ? undefined : byName.get(rule[key]);
      if (!other) continue;
      const kind = orderKind(field);
      if (kind === undefined || kind !== orderKind(other)) {
        report(
          ['rules', i, key],
          PROBLEMS.ruleNotComparable({
            key,
            field: field.name,
            type: field.multiple ? `multiple ${field.type}` : field.type,
            other: other.name,
            otherType: other.multiple ? `multiple ${other.type}` : other.type,
          }),
        );
      }
    }
  });
}
