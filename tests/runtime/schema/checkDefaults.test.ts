// @vitest-environment node
// Defaults the field itself accepts pass; the others are reported at the default with what it
// should have been.
import { describe, expect, it } from 'vitest';
import { loadSchemaTexts } from '../../../runtime/schema/load.ts';

/** The English problems of a news resource holding one field `f` (YAML flow mapping). */
function problemsOf(field: string): string[] {
  const text = `resource: news\nmodule: cms\ntitle: { zh: 新闻, en: News }\nfields:\n  name: { type: string }\n  f: ${field}\n`;
  return loadSchemaTexts([{ path: 'cms/news.yaml', text }]).problems.map((p) => `${p.path}: ${p.message}`);
}

describe('field defaults', () => {
  it.each([
    '{ type: string, default: "" }',
    '{ type: string, maxLength: 8, pattern: "^[a-z]+$", default: draft }',
    '{ type: integer, minimum: 0, maximum: 9, default: 9 }',
    '{ type: number, default: 0.5 }',
    '{ type: boolean, default: false }',
    '{ type: date, default: 2026-11-01 }',
    '{ type: datetime, default: "2026-11-01T10:00:00Z" }',
    '{ type: ref, ref: news, label: name, default: 1 }',
    '{ type: ref, ref: news, label: name, multiple: true, default: [1, 2] }',
    '{ type: tree-parent, label: name }',
    '{ type: json, default: { a: [1] } }',
    '{ type: url, default: "https://school.example/" }',
    '{ type: email, default: null }',
  ])('accepts %s', (field) => {
    expect(problemsOf(field)).toEqual([]);
  });

  it.each([
    [
      '{ type: integer, default: 2.5 }',
      'default 2.5 does not fit a field of type integer; expected a whole number',
    ],
    ['{ type: integer, default: 3000000000 }', 'default 3000000000 is greater than maximum 2147483647'],
    ['{ type: string, minLength: 3, default: ab }', 'default "ab" is shorter than minLength 3'],
    ['{ type: string, default: 12 }', 'default 12 does not fit a field of type string; expected text'],
    [
      '{ type: datetime, default: now }',
      'default "now" is not a date and time; expected a date and time such as 2026-11-01T10:00:00Z (a default is a fixed value, not a word such as today or now)',
    ],
    [
      '{ type: ref, ref: news, label: name, default: [1] }',
      'default [1] does not fit a field of type ref; expected a row id (a whole number of at least 1)',
    ],
    [
      '{ type: url, default: "javascript:alert(1)" }',
      'default "javascript:alert(1)" is not a valid address (starting with http://, https://, mailto:, tel: or /)',
    ],
    [
      '{ type: enum, default: pubished, options: [{ value: draft, zh: 草稿, en: Draft }, { value: published, zh: 发布, en: Published }] }',
      'default "pubished" is not one of the options: draft, published (did you mean "published"?)',
    ],
  ])('refuses %s', (field, message) => {
    expect(problemsOf(field)).toEqual([`fields.f.default: ${message}`]);
  });
});
