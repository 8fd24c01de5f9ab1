// Rules relating a resource's fields (docs/schema.md "Rules across fields"): the YAML form, its
// meta-schema and its reading into FieldRule. A rule is one check (after, notBefore, anyOf or
// required), an optional `when` condition written like every other condition, and the message
// in both languages. evaluateRules.ts applies them; checkRules.ts checks the types they compare.
import type { FieldReference } from './fieldReference.ts';
import { PROBLEMS, type ProblemText } from './problemMessages.ts';
import type { KeyPath } from './source.ts';
import type { FieldCondition, FieldRule } from './types.ts';

export interface RawRule {
  field?: string;
  after?: string;
  notBefore?: string;
  anyOf?: string[];
  required?: boolean;
  when?: string;
  message: { zh: string; en: string };
}

/** The checks a rule makes; each rule makes exactly one. */
export const RULE_CHECKS = ['after', 'notBefore', 'anyOf', 'required'] as const;

const ruleField = { type: 'string', minLength: 1, description: 'the name of a declared field' };

export const rulesMetaSchema = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      field: ruleField,
      after: ruleField,
      notBefore: ruleField,
      anyOf: { type: 'array', items: ruleField, minItems: 2, uniqueItems: true },
      required: { enum: [true] },
      when: {
        type: 'string',
        minLength: 1,
        description: 'a condition such as "status == 0", "menuType != F" or "type in [a, b]"',
      },
      message: {
        type: 'object',
        description: 'a label in both languages, { zh: …, en: … }',
        properties: { zh: { type: 'string', minLength: 1 }, en: { type: 'string', minLength: 1 } },
        required: ['zh', 'en'],
        additionalProperties: false,
      },
    },
    required: ['message'],
    additionalProperties: false,
  },
} as const;

interface RuleTools {
  condition(text: string, path: KeyPath): FieldCondition | undefined;
  refer(field: string, path: KeyPath, role: FieldReference['role']): void;
  report(path: KeyPath, message: ProblemText): void;
}

/**
 * The rules as the manifest carries them. A rule that is not one check is reported, and then
 * none is kept: the file does not validate, and the checks after this one (checkRules.ts) find
 * each kept rule at its own position in the YAML.
 */
export function normalizeRules(raw: RawRule[] | undefined, tools: RuleTools): FieldRule[] | undefined {
  if (raw === undefined) return undefined;
  const rules: FieldRule[] = [];
  raw.forEach((entry, i) => {
    const base: KeyPath = ['rules', i];
    const checks = RULE_CHECKS.filter((key) => entry[key] !== undefined);
    if (checks.length !== 1) {
      tools.report(base, PROBLEMS.ruleOneCheck({ found: checks, checks: [...RULE_CHECKS] }));
      return;
    }
    const message = { zh: entry.message.zh, en: entry.message.en };
    const when = entry.when === undefined ? undefined : tools.condition(entry.when, [...base, 'when']);
    if (entry.anyOf) {
      entry.anyOf.forEach((name, j) => {
        tools.refer(name, [...base, 'anyOf', j], 'rule field');
      });
      const field = entry.field ?? entry.anyOf[0];
      if (!entry.anyOf.includes(field)) {
        tools.report([...base, 'field'], PROBLEMS.ruleFieldNotListed({ field, listed: entry.anyOf }));
        return;
      }
      rules.push({ field, anyOf: [...entry.anyOf], ...(when ? { when } : {}), message });
      return;
    }
    if (entry.field === undefined) {
      tools.report(base, PROBLEMS.ruleNeedsField({ check: checks[0] }));
      return;
    }
    tools.refer(entry.field, [...base, 'field'], 'rule field');
    const rule: FieldRule = { field: entry.field, message };
    for (const key of ['after', 'notBefore'] as const) {
      const other = entry[key];
      if (other === undefined) continue;
      tools.refer(other, [...base, key], 'rule field');
      if (other === entry.field) tools.report([...base, key], PROBLEMS.ruleSameField({ key }));
      rule[key] = other;
    }
    if (entry.required) rule.required = true;
    if (when) rule.when = when;
    rules.push(rule);
  });
  return rules.length === raw.length ? rules : undefined;
}
