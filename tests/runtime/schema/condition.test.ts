// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { evaluateCondition, parseCondition } from '../../../runtime/schema/condition.ts';

describe('parseCondition', () => {
  it.each([
    ['status == 0', { field: 'status', op: 'eq', value: 0 }],
    ['menuType != F', { field: 'menuType', op: 'ne', value: 'F' }],
    ["title == 'a b'", { field: 'title', op: 'eq', value: 'a b' }],
    ['hidden == true', { field: 'hidden', op: 'eq', value: true }],
    ['type in [a, b]', { field: 'type', op: 'in', value: ['a', 'b'] }],
    ['level not in [1, 2]', { field: 'level', op: 'notIn', value: [1, 2] }],
    ['published', { field: 'published', op: 'truthy' }],
    ['!published', { field: 'published', op: 'falsy' }],
  ])('reads %s', (text, condition) => {
    expect(parseCondition(text)).toEqual({ ok: true, condition });
  });

  it.each(['status === 0', 'status ==', 'a b', 'type in []', 'type in [a,,b]'])('rejects %s', (text) => {
    const parsed = parseCondition(text);
    expect(parsed.ok).toBe(false);
  });

  it('says what it expected, in both languages', () => {
    const syntax =
      '"field == value", "field != value", "field in [a, b]", "field not in [a, b]", "field" or "!field"';
    expect(parseCondition('status = 0')).toEqual({
      ok: false,
      error: {
        en: `cannot read condition "status = 0"; expected ${syntax}`,
        zh: `无法读取条件 “status = 0”；应为 ${syntax}`,
      },
    });
  });
});

describe('evaluateCondition', () => {
  it('treats a number and its text as the same value, as form bodies send them', () => {
    const cond = { field: 'status', op: 'eq', value: 0 } as const;
    expect(evaluateCondition(cond, { status: 0 })).toBe(true);
    expect(evaluateCondition(cond, { status: '0' })).toBe(true);
    expect(evaluateCondition(cond, { status: 1 })).toBe(false);
    expect(evaluateCondition(cond, {})).toBe(false);
  });

  it('handles ne, in and notIn', () => {
    expect(evaluateCondition({ field: 't', op: 'ne', value: 'F' }, { t: 'C' })).toBe(true);
    expect(evaluateCondition({ field: 't', op: 'ne', value: 'F' }, { t: 'F' })).toBe(false);
    expect(evaluateCondition({ field: 't', op: 'in', value: ['M', 'C'] }, { t: 'C' })).toBe(true);
    expect(evaluateCondition({ field: 't', op: 'in', value: ['M', 'C'] }, { t: 'F' })).toBe(false);
    expect(evaluateCondition({ field: 't', op: 'notIn', value: ['M', 'C'] }, { t: 'F' })).toBe(true);
  });

  it('counts empty, zero and false (also as text) as falsy', () => {
    for (const value of [undefined, null, false, 0, '', 'false', '0']) {
      expect(evaluateCondition({ field: 'x', op: 'truthy' }, { x: value })).toBe(false);
      expect(evaluateCondition({ field: 'x', op: 'falsy' }, { x: value })).toBe(true);
    }
    expect(evaluateCondition({ field: 'x', op: 'truthy' }, { x: 'yes' })).toBe(true);
  });
});
