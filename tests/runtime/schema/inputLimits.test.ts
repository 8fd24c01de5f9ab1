// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { findNul, jsonTooDeep } from '../../../runtime/schema/inputLimits.ts';

describe('input limits', () => {
  it('measures JSON depth from the text, brackets in strings and escapes included', () => {
    expect(jsonTooDeep(`${'['.repeat(64)}${']'.repeat(64)}`)).toBe(false);
    expect(jsonTooDeep(`${'['.repeat(65)}${']'.repeat(65)}`)).toBe(true);
    expect(jsonTooDeep(`{"a":"${'['.repeat(100)}"}`)).toBe(false);
    expect(jsonTooDeep(`{"a":"\\"${'{'.repeat(100)}"}`)).toBe(false);
    expect(jsonTooDeep('{"a":'.repeat(1_000_000))).toBe(true);
    expect(jsonTooDeep('[[1]]', 1)).toBe(true);
  });

  it('finds the first NUL in a key or a text, by its path, without recursion', () => {
    expect(findNul('a\u0000')).toBe('');
    expect(findNul({ title: 'ok', tags: ['x', 'y\u0000'] })).toBe('tags.1');
    expect(findNul({ 'ke\u0000y': 1 })).toBe('ke\u0000y');
    expect(findNul({ a: [1, true, null, { b: 'fine' }] })).toBeUndefined();
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    // deeper than any body may be: not walked (the parser refused it already)
    expect(findNul(deep)).toBeUndefined();
  });
});
