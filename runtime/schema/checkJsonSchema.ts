// The JSON Schema of a compiled form, checked by walking it rather than by generating code: ajv
// compiles every schema to a function with `new Function`, which a Content-Security-Policy
// without 'unsafe-eval' forbids, so the browser checks forms with this and the server with ajv.
// It knows exactly the keywords compileJsonSchema writes (and refuses a schema with any other, so
// a new keyword cannot slip past it); tests/runtime/schema/checkJsonSchema.test.ts holds its
// answers equal to ajv's over every form of the project. Errors have ajv's shape, so rjsf's own
// error handling reads them unchanged.
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { URL_FORMATS } from './safeUrl.ts';
import type { JsonSchema } from './types.ts';

/** One failed check, as ajv reports it (ErrorObject). */
export interface SchemaError {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  params: Record<string, unknown>;
  message: string;
}

/** Validates like an ajv ValidateFunction: returns validity and leaves the errors on `.errors`. */
export interface SchemaCheck {
  (data: unknown): boolean;
  errors: SchemaError[] | null;
}

type FormatCheck = (text: string) => boolean;

function formatCheck(definition: unknown): FormatCheck | undefined {
  if (definition instanceof RegExp) return (text) => definition.test(text);
  if (typeof definition === 'function') return definition as FormatCheck;
  if (definition && typeof definition === 'object' && 'validate' in definition)
    return formatCheck((definition as { validate: unknown }).validate);
  return undefined;
}

// the formats the server's ajv knows (runtime/schema/ajvInstance.ts), from the same functions
const FORMATS: Record<string, FormatCheck> = {
  ...Object.fromEntries(
    ['email', 'uri', 'date', 'date-time', 'regex'].map((name) => [
      name,
      formatCheck(fullFormats[name as keyof typeof fullFormats])!,
    ]),
  ),
  ...URL_FORMATS,
};

const ANNOTATIONS = new Set([
  'title',
  'description',
  'default',
  'readOnly',
  'writeOnly',
  'examples',
  '$id',
  '$schema',
]);
const KEYWORDS = new Set([
  'type',
  'format',
  'minLength',
  'maxLength',
  'pattern',
  'minimum',
  'maximum',
  'oneOf',
  'allOf',
  'not',
  'if',
  'then',
  'else',
  'const',
  'enum',
  'items',
  'uniqueItems',
  'properties',
  'required',
  'additionalProperties',
]);

function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((k) => equal((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

function typeOf(data: unknown): string {
  if (data === null) return 'null';
  if (Array.isArray(data)) return 'array';
  if (typeof data === 'number') return Number.isFinite(data) ? 'number' : 'nonFinite';
  return typeof data;
}

function hasType(data: unknown, type: string): boolean {
  const actual = typeOf(data);
  if (type === 'integer') return actual === 'number' && Number.isInteger(data);
  return actual === type;
}

/** Throws when the schema uses a keyword this checker does not know. */
function assertKnown(schema: JsonSchema, path: string): void {
  for (const key of Object.keys(schema)) {
    if (!KEYWORDS.has(key) && !ANNOTATIONS.has(key))
      throw new Error(`checkJsonSchema: keyword "${key}" at ${path} is not supported`);
  }
}

const pointer = (key: string | number) => `/${String(key).replaceAll('~', '~0').replaceAll('/', '~1')}`;
const codePoints = (text: string) => [...text].length;

class Walker {
  errors: SchemaError[] = [];

  private fail(
    data: string,
    schema: string,
    keyword: string,
    params: Record<string, unknown>,
    message: string,
  ) {
    this.errors.push({ instancePath: data, schemaPath: `${schema}/${keyword}`, keyword, params, message });
  }

  /** Whether `data` meets `schema`; every failure is added to `errors`. */
  check(schema: JsonSchema | boolean, data: unknown, at: string, schemaAt: string): boolean {
    if (schema === true) return true;
    if (schema === false) {
      this.fail(at, schemaAt, 'false schema', {}, 'boolean schema is false');
      return false;
    }
    assertKnown(schema, schemaAt);
    const before = this.errors.length;
    const s = schema as Record<string, any>;
    const types: string[] | undefined = s.type === undefined ? undefined : [s.type].flat();
    if (types && !types.some((t) => hasType(data, t))) {
      this.fail(at, schemaAt, 'type', { type: types.join(',') }, `must be ${types.join(',')}`);
    }
    if (typeof data === 'string') this.string(s, data, at, schemaAt);
    // as ajv: the limits apply to every number, NaN and the infinities included
    if (typeof data === 'number') this.number(s, data, at, schemaAt);
    if (Array.isArray(data)) this.array(s, data, at, schemaAt);
    if (typeOf(data) === 'object') this.object(s, data as Record<string, unknown>, at, schemaAt);
    this.generic(s, data, at, schemaAt);
    return this.errors.length === before;
  }

  private string(s: Record<string, any>, data: string, at: string, sa: string) {
    if (s.maxLength !== undefined && codePoints(data) > s.maxLength)
      this.fail(
        at,
        sa,
        'maxLength',
        { limit: s.maxLength },
        `must NOT have more than ${s.maxLength} characters`,
      );
    if (s.minLength !== undefined && codePoints(data) < s.minLength)
      this.fail(
        at,
        sa,
        'minLength',
        { limit: s.minLength },
        `must NOT have fewer than ${s.minLength} characters`,
      );
    if (s.pattern !== undefined && !new RegExp(s.pattern, 'u').test(data))
      this.fail(at, sa, 'pattern', { pattern: s.pattern }, `must match pattern "${s.pattern}"`);
    if (s.format !== undefined) {
      const check = FORMATS[s.format];
      // like ajv with strict off: a format nobody defined is not checked
      if (check && !check(data))
        this.fail(at, sa, 'format', { format: s.format }, `must match format "${s.format}"`);
    }
  }

  private number(s: Record<string, any>, data: number, at: string, sa: string) {
    if (s.maximum !== undefined && !(data <= s.maximum))
      this.fail(at, sa, 'maximum', { comparison: '<=', limit: s.maximum }, `must be <= ${s.maximum}`);
    if (s.minimum !== undefined && !(data >= s.minimum))
      this.fail(at, sa, 'minimum', { comparison: '>=', limit: s.minimum }, `must be >= ${s.minimum}`);
  }

  private array(s: Record<string, any>, data: unknown[], at: string, sa: string) {
    if (s.items !== undefined) {
      data.forEach((item, i) => {
        this.check(s.items, item, `${at}${pointer(i)}`, `${sa}/items`);
      });
    }
    if (s.uniqueItems === true) {
      for (let j = data.length - 1; j > 0; j--) {
        const i = data.findIndex((other, k) => k < j && equal(other, data[j]));
        if (i >= 0) {
          this.fail(
            at,
            sa,
            'uniqueItems',
            { i, j },
            `must NOT have duplicate items (items ## ${j} and ${i} are identical)`,
          );
          break;
        }
      }
    }
  }

  private object(s: Record<string, any>, data: Record<string, unknown>, at: string, sa: string) {
    for (const name of s.required ?? []) {
      if (data[name] === undefined)
        this.fail(at, sa, 'required', { missingProperty: name }, `must have required property '${name}'`);
    }
    const properties: Record<string, JsonSchema> = s.properties ?? {};
    if (s.additionalProperties === false) {
      for (const name of Object.keys(data)) {
        if (!(name in properties))
          this.fail(
            at,
            sa,
            'additionalProperties',
            { additionalProperty: name },
            'must NOT have additional properties',
          );
      }
    } else if (s.additionalProperties !== undefined && s.additionalProperties !== true) {
      throw new Error(`checkJsonSchema: additionalProperties at ${sa} must be a boolean`);
    }
    for (const [name, sub] of Object.entries(properties)) {
      if (data[name] !== undefined)
        this.check(sub, data[name], `${at}${pointer(name)}`, `${sa}/properties${pointer(name)}`);
    }
  }

  /** Keywords that apply to any value. */
  private generic(s: Record<string, any>, data: unknown, at: string, sa: string) {
    if ('const' in s && !equal(data, s.const))
      this.fail(at, sa, 'const', { allowedValue: s.const }, 'must be equal to constant');
    if (s.enum !== undefined && !(s.enum as unknown[]).some((v) => equal(v, data)))
      this.fail(at, sa, 'enum', { allowedValues: s.enum }, 'must be equal to one of the allowed values');
    if (s.not !== undefined && this.quietly(() => this.check(s.not, data, at, `${sa}/not`)))
      this.fail(at, sa, 'not', {}, 'must NOT be valid');
    (s.allOf as JsonSchema[] | undefined)?.forEach((sub, i) => {
      this.check(sub, data, at, `${sa}/allOf/${i}`);
    });
    if (s.oneOf !== undefined) this.oneOf(s.oneOf, data, at, sa);
    if (s.if !== undefined) this.ifThenElse(s, data, at, sa);
  }

  private oneOf(options: JsonSchema[], data: unknown, at: string, sa: string) {
    const before = this.errors.length;
    const passing = options.flatMap((sub, i) => (this.check(sub, data, at, `${sa}/oneOf/${i}`) ? [i] : []));
    if (passing.length === 1) {
      // as ajv: the failed options' errors do not count once one option holds
      this.errors.length = before;
      return;
    }
    if (passing.length > 1) this.errors.length = before;
    this.fail(
      at,
      sa,
      'oneOf',
      { passingSchemas: passing.length > 1 ? passing : null },
      'must match exactly one schema in oneOf',
    );
  }

  private ifThenElse(s: Record<string, any>, data: unknown, at: string, sa: string) {
    const holds = this.quietly(() => this.check(s.if, data, at, `${sa}/if`));
    const branch = holds ? 'then' : 'else';
    if (s[branch] === undefined) return;
    if (!this.check(s[branch], data, at, `${sa}/${branch}`))
      this.fail(at, sa, 'if', { failingKeyword: branch }, `must match "${branch}" schema`);
  }

  /** The answer of a check whose errors do not count (a condition, the inside of `not`). */
  private quietly(run: () => boolean): boolean {
    const before = this.errors.length;
    const result = run();
    this.errors.length = before;
    return result;
  }
}

/** A validate function for `schema`, with ajv's interface and without generated code. */
export function schemaCheck(schema: JsonSchema): SchemaCheck {
  const check = ((data: unknown) => {
    const walker = new Walker();
    const valid = walker.check(schema, data, '', '#');
    check.errors = valid ? null : walker.errors;
    return valid;
  }) as SchemaCheck;
  check.errors = null;
  return check;
}
