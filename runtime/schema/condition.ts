// Conditions such as `status == 0`, `menuType != F`, `type in [a, b]`: written as text in the
// YAML (`when`, `visibleWhen`, `requiredWhen`, `public.where`), parsed once here, and evaluated
// by the server and the browser alike so both sides agree on when a rule applies.
import { PROBLEMS } from './problemMessages.ts';
import type { FieldCondition, I18n } from './types.ts';

export type ParsedCondition = { ok: true; condition: FieldCondition } | { ok: false; error: I18n };

export const CONDITION_SYNTAX =
  '"field == value", "field != value", "field in [a, b]", "field not in [a, b]", "field" or "!field"';

const NAME = '([A-Za-z_][A-Za-z0-9_]*)';
// the look-ahead keeps `a === b` from reading as `a == "= b"`
const COMPARISON = new RegExp(`^${NAME}\\s*(==|!=)(?!=)\\s*(.+)$`);
const MEMBERSHIP = new RegExp(`^${NAME}\\s+(not\\s+in|in)\\s*\\[(.*)\\]$`);
const TRUTHY = new RegExp(`^(!?)\\s*${NAME}$`);

/** Reads a literal the way YAML would: quoted text, numbers, booleans and null keep their type. */
function literal(text: string): unknown {
  const t = text.trim();
  const quoted = /^(['"])(.*)\1$/.exec(t);
  if (quoted) return quoted[2];
  if (t === 'true') return true;
  if (t === 'false') return false;
  if (t === 'null') return null;
  if (/^-?\d+(\.\d+)?$/.test(t)) return Number(t);
  return t;
}

export function parseCondition(text: string): ParsedCondition {
  const source = text.trim();
  const comparison = COMPARISON.exec(source);
  if (comparison) {
    const value = literal(comparison[3]);
    if (value === '') return { ok: false, error: PROBLEMS.conditionNoValue({ op: comparison[2] }) };
    return { ok: true, condition: { field: comparison[1], op: comparison[2] === '==' ? 'eq' : 'ne', value } };
  }
  const membership = MEMBERSHIP.exec(source);
  if (membership) {
    const items = membership[3].trim() === '' ? [] : membership[3].split(',').map(literal);
    if (items.length === 0 || items.some((v) => v === ''))
      return { ok: false, error: PROBLEMS.conditionEmptyItem() };
    const op = membership[2] === 'in' ? 'in' : 'notIn';
    return { ok: true, condition: { field: membership[1], op, value: items } };
  }
  const truthy = TRUTHY.exec(source);
  if (truthy) return { ok: true, condition: { field: truthy[2], op: truthy[1] ? 'falsy' : 'truthy' } };
  return { ok: false, error: PROBLEMS.conditionUnreadable({ source, syntax: CONDITION_SYNTAX }) };
}

/** Form-encoded bodies and query strings carry numbers as text, so `0` and `"0"` count as the same value. */
function same(a: unknown, b: unknown): boolean {
  return a === b || (a != null && b != null && String(a) === String(b));
}

const FALSY_VALUES: unknown[] = [undefined, null, false, 0, '', 'false', '0'];

export function evaluateCondition(condition: FieldCondition, row: Record<string, unknown>): boolean {
  const actual = row[condition.field];
  switch (condition.op) {
    case 'eq':
      return same(actual, condition.value);
    case 'ne':
      return !same(actual, condition.value);
    case 'in':
      return (condition.value as unknown[]).some((v) => same(actual, v));
    case 'notIn':
      return !(condition.value as unknown[]).some((v) => same(actual, v));
    case 'truthy':
      return !FALSY_VALUES.includes(actual);
    case 'falsy':
      return FALSY_VALUES.includes(actual);
  }
}

/** A parsed condition written back the way the YAML says it (`status == 0`, `!isLink`). */
export function conditionText(condition: FieldCondition): string {
  const { field, op, value } = condition;
  const items = () => `[${(value as unknown[]).map(String).join(', ')}]`;
  switch (op) {
    case 'eq':
      return `${field} == ${String(value)}`;
    case 'ne':
      return `${field} != ${String(value)}`;
    case 'in':
      return `${field} in ${items()}`;
    case 'notIn':
      return `${field} not in ${items()}`;
    case 'truthy':
      return field;
    case 'falsy':
      return `!${field}`;
  }
}
