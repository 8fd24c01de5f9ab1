// @vitest-environment node
// The browser's form checker (runtime/schema/checkJsonSchema.ts) answers as the server's ajv
// does: over every form of every project schema (create, update, each action's form, the public
// submission), for values of every kind, the same verdict and the same failed checks.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAjv } from '../../../runtime/schema/ajvInstance.ts';
import { schemaCheck } from '../../../runtime/schema/checkJsonSchema.ts';
import { toJsonSchema } from '../../../runtime/schema/compileJsonSchema.ts';
import type { JsonSchema, Resource } from '../../../runtime/schema/types.ts';
import type { FormMode } from '../../../runtime/schema/writable.ts';
import { testManifest } from '../../server/harness.ts';

// as the server compiles, less the coercion of form-encoded text (the browser holds typed values)
const ajv = createAjv({ allErrors: true, strict: false });

interface Form {
  name: string;
  schema: JsonSchema;
}

function modesOf(resource: Resource): FormMode[] {
  const modes: FormMode[] = ['create', 'update'];
  for (const action of resource.actions) {
    if (action.name === 'batchUpdate' || (action.form && action.form.length > 0))
      modes.push({ action: action.name });
  }
  if (resource.public?.submit) modes.push('public');
  return modes;
}

/** What failed, as a set: where and which keyword (the order of ajv's report is its own). */
function failures(errors: ReadonlyArray<{ instancePath: string; keyword: string }> | null | undefined) {
  return [...new Set((errors ?? []).map((e) => `${e.instancePath} ${e.keyword}`))].sort();
}

const text = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom(
    '',
    ' ',
    'a',
    'x'.repeat(600),
    '校园新闻',
    '😀😀',
    'office@school.example',
    'not an email',
    '2026-03-15',
    '2026-13-45',
    '2026-03-15T08:30:00.000Z',
    '2026-03-15 08:30',
    'https://www.edu.cn/a',
    'javascript:alert(1)',
    '/uploads/a.png',
    '//evil.example',
    'head_3',
    '+86 10 1234 5678',
    'abc:def',
    'M',
    'C',
    'F',
    'banner',
    '0',
    'true',
  ),
);
const value = fc.oneof(
  text,
  fc.integer({ min: -3, max: 12 }),
  fc.constantFrom(0, 1, 2, 3, -1, 9999, 10000, 1.5, 2 ** 31, Number.NaN),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer({ min: -1, max: 4 }), { maxLength: 4 }),
  fc.constant({ a: 1 }),
);

function bodyFor(schema: JsonSchema) {
  const names = [...Object.keys(schema.properties ?? {}), 'unknownField'];
  return fc.dictionary(fc.constantFrom(...names), value, { maxKeys: names.length });
}

describe('checkJsonSchema against ajv', () => {
  let forms: Form[];

  beforeAll(async () => {
    const manifest = await testManifest(['tests/server/fixtures', 'tests/server/urlFixtures']);
    forms = manifest.resources.flatMap((resource) =>
      modesOf(resource).map((mode) => ({
        name: `${resource.name} ${JSON.stringify(mode)}`,
        schema: toJsonSchema(resource, mode, 'en').schema,
      })),
    );
  });

  it('covers every form of the project', () => {
    expect(forms.length).toBeGreaterThan(40);
  });

  it('gives the same verdict and the same failed checks on any body', () => {
    for (const form of forms) {
      const expected = ajv.compile(form.schema);
      const actual = schemaCheck(form.schema);
      fc.assert(
        fc.property(bodyFor(form.schema), (body) => {
          const verdict = expected(body);
          expect(actual(body), `${form.name} ${JSON.stringify(body)}`).toBe(verdict);
          expect(failures(actual.errors), `${form.name} ${JSON.stringify(body)}`).toEqual(
            failures(expected.errors),
          );
        }),
        { numRuns: 150 },
      );
    }
  });

  it('reports errors in ajv shape, naming the field and the limit', () => {
    const check = schemaCheck({
      type: 'object',
      properties: {
        title: { type: 'string', maxLength: 3 },
        kind: { type: 'integer' },
        link: { type: ['string', 'null'], format: 'safe-url' },
      },
      required: ['title', 'kind'],
      additionalProperties: false,
    });
    expect(check({ title: 'long', link: 'javascript:x', extra: 1 })).toBe(false);
    expect(check.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          instancePath: '',
          keyword: 'required',
          params: { missingProperty: 'kind' },
        }),
        expect.objectContaining({ instancePath: '/title', keyword: 'maxLength', params: { limit: 3 } }),
        expect.objectContaining({ instancePath: '/link', keyword: 'format', params: { format: 'safe-url' } }),
        expect.objectContaining({ keyword: 'additionalProperties', params: { additionalProperty: 'extra' } }),
      ]),
    );
    expect(check({ title: 'ok', kind: 1, link: null })).toBe(true);
    expect(check.errors).toBeNull();
  });

  it('refuses a schema with a keyword it does not know, rather than passing it unchecked', () => {
    expect(() => schemaCheck({ type: 'object', anyOf: [{}] } as JsonSchema)({})).toThrow(/anyOf/);
    expect(() => schemaCheck({ $ref: '#/x' } as JsonSchema)({})).toThrow(/\$ref/);
  });
});
