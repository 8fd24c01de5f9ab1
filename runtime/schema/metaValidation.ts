// Runs the meta-schema over a parsed document and turns each ajv error into a problem that
// says where (the offending key or value), what was found and what was expected.
import type { ErrorObject } from 'ajv';
import { createAjv } from './ajvInstance.ts';
import { suggestion } from './didYouMean.ts';
import { menusMetaSchema, resourceMetaSchema } from './metaSchema.ts';
import type { KeyPath, SourceDoc } from './source.ts';
import type { Problem } from './types.ts';

const ajv = createAjv({ allErrors: true, verbose: true, strictTypes: false });
const validators = {
  resource: ajv.compile(resourceMetaSchema),
  menus: ajv.compile(menusMetaSchema),
};

interface SchemaNode {
  description?: string;
  type?: string | string[];
  properties?: Record<string, unknown>;
  pattern?: string;
}

function kindOf(value: unknown): string {
  if (value === null || value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  return `${typeof value} ${JSON.stringify(value)}`;
}

const YAML_TYPE_WORDS: Record<string, string> = {
  object: 'a mapping',
  array: 'a list',
  integer: 'an integer',
};
function expectedType(schema: SchemaNode): string {
  if (schema.description) return schema.description;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type ?? ''];
  return types.map((t) => YAML_TYPE_WORDS[t] ?? `a ${t}`).join(' or ');
}

/** ajv's instancePath (`/list/columns/2`) as key path segments, numbers where the data is a list. */
function keyPathOf(instancePath: string, data: unknown): KeyPath {
  const path: KeyPath = [];
  let cursor: unknown = data;
  for (const raw of instancePath.split('/').slice(1)) {
    const seg = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    const key = Array.isArray(cursor) ? Number(seg) : seg;
    path.push(key);
    cursor = cursor && typeof cursor === 'object' ? (cursor as Record<string, unknown>)[seg] : undefined;
  }
  return path;
}

function describe(
  err: ErrorObject,
  data: unknown,
): { path: KeyPath; message: string; onKey: boolean } | null {
  const path = keyPathOf(err.instancePath, data);
  const schema = (err.parentSchema ?? {}) as SchemaNode;
  switch (err.keyword) {
    case 'if':
      // the failing "then" branch reports the real error
      return null;
    case 'additionalProperties': {
      const key = String(err.params.additionalProperty);
      const allowed = Object.keys(schema.properties ?? {});
      return {
        path: [...path, key],
        message: `unknown key "${key}"; expected one of: ${allowed.join(', ')}${suggestion(key, allowed)}`,
        onKey: true,
      };
    }
    case 'propertyNames':
      return null;
    case 'required':
      return {
        path: [...path, String(err.params.missingProperty)],
        message: `missing required key "${err.params.missingProperty}"`,
        onKey: false,
      };
    case 'enum': {
      const allowed = (err.params.allowedValues as unknown[]).map(String);
      const found = typeof err.data === 'string' ? err.data : kindOf(err.data);
      return {
        path,
        message: `"${found}" is not allowed; expected one of: ${allowed.join(', ')}${suggestion(found, allowed)}`,
        onKey: false,
      };
    }
    case 'type':
      return { path, message: `expected ${expectedType(schema)}, found ${kindOf(err.data)}`, onKey: false };
    case 'pattern': {
      // a propertyNames failure carries the offending key as propertyName
      const name = err.propertyName;
      const found = name ?? String(err.data);
      return {
        path: name === undefined ? path : [...path, name],
        message: `"${found}" is not valid; expected ${schema.description ?? `text matching ${schema.pattern}`}`,
        onKey: name !== undefined,
      };
    }
    case 'format':
      return {
        path,
        message: `"${err.data}" is not a valid ${schema.description ?? err.params.format}`,
        onKey: false,
      };
    default:
      return { path, message: `${kindOf(err.data)} is not valid: ${err.message}`, onKey: false };
  }
}

export function validateDocument(kind: 'resource' | 'menus', source: SourceDoc, data: unknown): Problem[] {
  const validate = validators[kind];
  if (validate(data)) return [];
  const seen = new Set<string>();
  const problems: Problem[] = [];
  for (const err of validate.errors ?? []) {
    const described = describe(err, data);
    if (!described) continue;
    const problem = source.problem(described.path, described.message, described.onKey);
    const key = `${problem.line}:${problem.col}:${problem.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push(problem);
  }
  return problems;
}
