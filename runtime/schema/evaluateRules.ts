// Applies a resource's rules across fields (fieldRules.ts) to one row: the server to the row a
// write would leave (store.ts), the form to the values being typed (ResourceForm.tsx). One
// function for both, so the browser says exactly what the server refuses.
import { evaluateCondition } from './condition.ts';
import type { Field, FieldRule, I18n, Lang, Resource } from './types.ts';

/** The field a broken rule's message goes on, and the message in both languages. */
export type RuleErrors = Record<string, I18n>;

/** Whether a field holds a value: not absent, null, blank text or an empty list. */
export function holdsValue(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

/**
 * A value as a number to order by: milliseconds for a date or a time (a Date from the database,
 * ISO text from a body or the form), the number itself for a numeric field. Undefined when it
 * holds none or one the type check refuses anyway.
 */
function ordinal(field: Field | undefined, value: unknown): number | undefined {
  if (!field || !holdsValue(value)) return undefined;
  let n: number;
  if (value instanceof Date) n = value.getTime();
  else if (field.type === 'date' || field.type === 'datetime') n = Date.parse(String(value));
  else n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

/** Whether the rule holds for the row; a rule whose `when` does not hold holds. */
export function ruleHolds(
  rule: FieldRule,
  row: Record<string, unknown>,
  fields: Map<string, Field>,
): boolean {
  if (rule.when && !evaluateCondition(rule.when, row)) return true;
  if (rule.anyOf) return rule.anyOf.some((name) => holdsValue(row[name]));
  if (rule.required) return holdsValue(row[rule.field]);
  const other = rule.after ?? rule.notBefore;
  if (other === undefined) return true;
  const value = ordinal(fields.get(rule.field), row[rule.field]);
  const than = ordinal(fields.get(other), row[other]);
  // an empty side leaves nothing to compare: `required` says when a value must be there
  if (value === undefined || than === undefined) return true;
  return rule.after !== undefined ? value > than : value >= than;
}

const fieldMaps = new WeakMap<Resource, Map<string, Field>>();

/** The resource's rules the row breaks, in the order the schema declares them. */
export function brokenRules(resource: Resource, row: Record<string, unknown>): FieldRule[] {
  if (!resource.rules) return [];
  let fields = fieldMaps.get(resource);
  if (!fields) {
    fields = new Map(resource.fields.map((f) => [f.name, f]));
    fieldMaps.set(resource, fields);
  }
  const known = fields;
  return resource.rules.filter((rule) => !ruleHolds(rule, row, known));
}

/** Every field a rule reads: its own, the one it compares with or lists, its condition's. */
export function ruleFields(rule: FieldRule): string[] {
  const names = [rule.field, ...(rule.anyOf ?? [])];
  for (const other of [rule.after, rule.notBefore, rule.when?.field])
    if (other !== undefined) names.push(other);
  return [...new Set(names)];
}

/** Messages by field, the first broken rule's for a field two rules put one on. */
export function messagesByField(rules: FieldRule[]): RuleErrors {
  const out: RuleErrors = {};
  for (const rule of rules) out[rule.field] ??= rule.message;
  return out;
}

/** The broken rules' messages by field. */
export function ruleErrors(resource: Resource, row: Record<string, unknown>): RuleErrors {
  return messagesByField(brokenRules(resource, row));
}

/** The same messages in one language (an import's report, the form). */
export function ruleMessages(
  resource: Resource,
  row: Record<string, unknown>,
  lang: Lang,
): Record<string, string> {
  return Object.fromEntries(Object.entries(ruleErrors(resource, row)).map(([field, m]) => [field, m[lang]]));
}
