// Runs the meta-schema over a parsed document and turns each ajv error into a problem that
// says where (the offending key or value), what was found and what was expected.
import type { ErrorObject } from 'ajv';
import { createAjv } from './ajvInstance.ts';
import { didYouMean } from './didYouMean.ts';
import { menusMetaSchema, resourceMetaSchema } from './metaSchema.ts';
import { expectedWords, KIND_WORDS, PROBLEMS, type ProblemText } from './problemMessages.ts';
import type { KeyPath, SourceDoc } from './source.ts';
import type { I18n, Problem } from './types.ts';

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

function kindOf(value: unknown): I18n {
  if (value === null || value === undefined) return KIND_WORDS.nothing;
  if (Array.isArray(value)) return KIND_WORDS.array;
  if (typeof value === 'object') return KIND_WORDS.object;
  const words = KIND_WORDS[typeof value];
  return {
    en: `${typeof value} ${JSON.stringify(value)}`,
    zh: `${words?.zh ?? typeof value} ${JSON.stringify(value)}`,
  };
}

function expectedType(schema: SchemaNode): I18n {
  if (schema.description) return expectedWords(schema.description);
  const types = Array.isArray(schema.type) ? schema.type : [schema.type ?? ''];
  const words = types.map((t) => KIND_WORDS[t] ?? { en: `a ${t}`, zh: t });
  return { en: words.map((w) => w.en).join(' or '), zh: words.map((w) => w.zh).join('或') };
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
): { path: KeyPath; message: ProblemText; onKey: boolean } | null {
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
        message: PROBLEMS.unknownKey({ key, allowed, best: didYouMean(key, allowed) }),
        onKey: true,
      };
    }
    case 'propertyNames':
      return null;
    case 'required':
      return {
        path: [...path, String(err.params.missingProperty)],
        message: PROBLEMS.missingKey({ key: String(err.params.missingProperty) }),
        onKey: false,
      };
    case 'enum': {
      const allowed = (err.params.allowedValues as unknown[]).map(String);
      const found = typeof err.data === 'string' ? err.data : kindOf(err.data).en;
      return {
        path,
        message: PROBLEMS.notAllowed({ found, allowed, best: didYouMean(found, allowed) }),
        onKey: false,
      };
    }
    case 'type':
      return {
        path,
        message: PROBLEMS.wrongKind({ expected: expectedType(schema), found: kindOf(err.data) }),
        onKey: false,
      };
    case 'pattern': {
      // a propertyNames failure carries the offending key as propertyName
      const name = err.propertyName;
      const found = name ?? String(err.data);
      return {
        path: name === undefined ? path : [...path, name],
        message: PROBLEMS.notMatching({
          found,
          expected: schema.description
            ? expectedWords(schema.description)
            : { en: `text matching ${schema.pattern}`, zh: `匹配 ${schema.pattern} 的文本` },
        }),
        onKey: name !== undefined,
      };
    }
    case 'format':
      return {
        path,
        message: PROBLEMS.badFormat({
          found: String(err.data),
          what: expectedWords(schema.description ?? String(err.params.format)),
        }),
        onKey: false,
      };
    default:
      return {
        path,
        message: PROBLEMS.invalidValue({ found: kindOf(err.data), detail: String(err.message) }),
        onKey: false,
      };
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
