// The OpenAPI 3.1 description of the API, made from the same manifest the server registers its
// routes from and with the same compiled JSON Schema its forms and validator use, so it cannot
// drift from them (tests/server/apiDocs.test.ts compares it with every route the app registers).
// Served at /api/openapi.json and written by `schema-admin build` beside the manifest.
// The calls the schemas do not describe (sign-in, files, the shell's calls) are listed once, in
// HANDWRITTEN below, after the server's registration code (server/plugins/*.ts, server/sys/*).
import {
  API_PATHS,
  LIST_DEFAULT_LIMIT,
  LIST_MAX_LIMIT,
  PUBLIC_API_BASE,
  PUBLIC_FILES_PREFIX,
  TOKEN_HEADER,
  UPLOADS_PREFIX,
} from '../contract.ts';
import { toJsonSchema } from './compileJsonSchema.ts';
import { conditionText } from './condition.ts';
import { FIELD_TYPE_SPECS } from './fieldTypes.ts';
import { listFilters } from './listFilters.ts';
import { permissionCode } from './manifest.ts';
import { findBinAction } from './recycleBin.ts';
import type { Action, JsonSchema, ListFilter, Manifest, PublicView, Resource } from './types.ts';
import type { FormMode } from './writable.ts';

/** The address of the document itself. */
export const OPENAPI_PATH = '/api/openapi.json';
/** The browsable reference. */
export const API_DOCS_PATH = '/api/docs';

type Schema = Record<string, unknown>;
type Method = 'get' | 'post' | 'put' | 'delete';

interface Parameter {
  name: string;
  in: 'query' | 'path';
  required?: boolean;
  description?: string;
  schema: Schema;
}

/** Who may call: a permission code (any of several), any session, or anyone. */
type Access = { permission: string[] } | { signedIn: true; note?: string } | { public: true };

export interface Operation {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  parameters?: Parameter[];
  requestBody?: Schema;
  responses: Record<string, Schema>;
  security?: Array<Record<string, string[]>>;
  'x-permission'?: string;
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: Array<{ url: string }>;
  security: Array<Record<string, string[]>>;
  tags: Array<{ name: string; description?: string }>;
  paths: Record<string, Partial<Record<Method, Operation>>>;
  components: { securitySchemes: Schema; schemas: Record<string, Schema>; responses: Record<string, Schema> };
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** `{ meta, data }` with this data. */
const envelope = (data: Schema): Schema => ({
  type: 'object',
  required: ['meta', 'data'],
  properties: { meta: ref('Meta'), data },
});

const okJson = (data: Schema, description = 'success') => ({
  description,
  content: { 'application/json': { schema: envelope(data) } },
});

/** The status codes of docs/api.md "Errors", each in the envelope with success false. */
const ERRORS: Record<string, string> = {
  '400': 'bad input: `data.errors` names each bad field',
  '401': 'no valid session (`token verification failed`)',
  '403': 'the session lacks the permission, or must change its password first',
  '404': 'unknown id (a batch: `data.missing` lists them)',
  '409': 'a unique value taken, a row still referenced, or a row the action does not apply to',
  '413': 'body, upload or import file too large',
  '415': 'a body in a content type other than JSON, form-encoded or multipart',
  '429': 'too many calls from one address (`Retry-After`)',
  '500': 'anything unexpected (`internal server error`)',
};

function errorResponses(access: Access, codes: string[]): Record<string, Schema> {
  const wanted = new Set(['400', ...codes, '413', '415', '500']);
  if (!('public' in access)) wanted.add('401').add('403');
  return Object.fromEntries(
    Object.keys(ERRORS)
      .filter((code) => wanted.has(code))
      .map((code) => [code, { $ref: `#/components/responses/E${code}` }]),
  );
}

function accessText(access: Access): string {
  if ('public' in access) return 'Public: no session needed.';
  if ('signedIn' in access) return `Any session.${access.note ? ` ${access.note}` : ''}`;
  return `Permission: \`${access.permission.join('` or `')}\`.`;
}

interface OperationSpec {
  method: Method;
  /** OpenAPI path template, `{id}` placeholders */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  access: Access;
  parameters?: Parameter[];
  body?: Schema;
  /** the `data` of a success, or a whole response object for files */
  data?: Schema;
  response?: Schema;
  /** error codes besides 400/413/415/500 and, when not public, 401/403 */
  errors?: string[];
}

function operation(spec: OperationSpec): Operation {
  const pathParams = [...spec.path.matchAll(/\{(\w+)\}/g)].map(
    ([, name]): Parameter => ({
      name,
      in: 'path',
      required: true,
      schema: name === 'name' ? { type: 'string' } : { type: 'integer', minimum: 1 },
    }),
  );
  const parameters = [...pathParams, ...(spec.parameters ?? [])];
  const op: Operation = {
    operationId: spec.operationId,
    summary: spec.summary,
    description: [spec.description, accessText(spec.access)].filter(Boolean).join('\n\n'),
    tags: [spec.tag],
    responses: {
      '200': spec.response ?? okJson(spec.data ?? {}),
      ...errorResponses(spec.access, spec.errors ?? []),
    },
  };
  if (parameters.length > 0) op.parameters = parameters;
  if (spec.body) op.requestBody = spec.body;
  if ('public' in spec.access) op.security = [];
  if ('permission' in spec.access) op['x-permission'] = spec.access.permission.join(' ');
  return op;
}

const jsonBody = (schema: Schema): Schema => ({
  required: true,
  content: { 'application/json': { schema }, 'application/x-www-form-urlencoded': { schema } },
});

const fileBody = (description: string): Schema => ({
  required: true,
  description,
  content: {
    'multipart/form-data': {
      schema: {
        type: 'object',
        required: ['file'],
        properties: { file: { type: 'string', format: 'binary' } },
      },
    },
  },
});

const fileResponse = (type: string, description: string): Schema => ({
  description,
  content: { [type]: { schema: { type: 'string', format: 'binary' } } },
});

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** `{ rows, total }` of this row schema. */
const listOf = (row: Schema): Schema => ({
  type: 'object',
  required: ['rows', 'total'],
  properties: { rows: { type: 'array', items: row }, total: { type: 'integer', minimum: 0 } },
});

const idList: Schema = {
  description: 'ids, as a JSON list or a comma-separated text',
  oneOf: [{ type: 'array', items: { type: 'integer', minimum: 1 } }, { type: 'string' }],
};

const countData: Schema = { type: 'object', required: ['count'], properties: { count: { type: 'integer' } } };

/** What each rule across fields asks, in a line of its own (docs/schema.md "Rules across fields"). */
function rulesText(resource: Resource): string | undefined {
  if (!resource.rules) return undefined;
  const lines = resource.rules.map((rule) => {
    const check = rule.anyOf
      ? `one of ${rule.anyOf.map((f) => `\`${f}\``).join(', ')} holds a value`
      : rule.required
        ? `\`${rule.field}\` holds a value`
        : `\`${rule.field}\` is ${rule.after ? 'after' : 'not before'} \`${rule.after ?? rule.notBefore}\``;
    const when = rule.when ? ` while \`${conditionText(rule.when)}\`` : '';
    return `- ${check}${when}: "${rule.message.en}" on \`${rule.field}\``;
  });
  return ['Rules across fields, checked on the row the write leaves (a 400 on the field):', ...lines].join(
    '\n',
  );
}

/** A request body from the compiled form of a write, plus `ids` for a batch. */
function writeBody(resource: Resource, mode: FormMode, batch = false): Schema {
  const compiled = toJsonSchema(resource, mode, 'en').schema;
  const rules = rulesText(resource);
  const schema = rules === undefined ? compiled : { ...compiled, description: rules };
  if (!batch) return jsonBody(schema as unknown as Schema);
  return jsonBody({
    ...schema,
    properties: { ids: idList, ...schema.properties },
    required: ['ids', ...schema.required],
  });
}

/** The schema name of a resource's row. */
const rowName = (resource: Resource) => `${resource.name}Row`;

/** What a row holds: `id` and every field but write-only ones, as the forms type them. */
function rowSchema(resource: Resource): Schema {
  const written = {
    ...toJsonSchema(resource, 'create', 'en').schema.properties,
    ...toJsonSchema(resource, 'update', 'en').schema.properties,
  };
  const properties: Record<string, JsonSchema> = { id: { type: 'integer' } };
  for (const field of resource.fields) {
    if (field.writeOnly) continue;
    properties[field.name] = written[field.name] ?? {
      title: field.title.en,
      ...FIELD_TYPE_SPECS[field.type].jsonSchema,
      ...(field.multiple ? { type: 'array' } : {}),
    };
  }
  return { type: 'object', title: resource.singular.en, required: ['id'], properties };
}

function filterParameters(resource: Resource, filters: ListFilter[]): Parameter[] {
  return filters.flatMap((filter): Parameter[] => {
    const field = resource.fields.find((f) => f.name === filter.field);
    const title = field?.title.en ?? filter.field;
    if (filter.op === 'range') {
      return [
        {
          name: `${filter.field}From`,
          in: 'query',
          description: `${title}: from (inclusive)`,
          schema: { type: 'string' },
        },
        {
          name: `${filter.field}To`,
          in: 'query',
          description: `${title}: to (inclusive)`,
          schema: { type: 'string' },
        },
      ];
    }
    const how = { eq: 'equal to', like: 'containing', in: 'one of (comma-separated)' }[filter.op];
    return [{ name: filter.field, in: 'query', description: `${title}: ${how}`, schema: { type: 'string' } }];
  });
}

/** What a tree list takes besides its filters (docs/api.md, "Trees"). */
const TREE_PARAMETERS: Parameter[] = [
  {
    name: 'hasChildren',
    in: 'query',
    description: '`true`: each row carries `hasChildren`, whether any row has it as parent',
    schema: { type: 'string', enum: ['true', 'false'] },
  },
  {
    name: 'ancestors',
    in: 'query',
    description: "`true`: the answer's `ancestors` holds every row above a row of the page",
    schema: { type: 'string', enum: ['true', 'false'] },
  },
];

const PAGING: Parameter[] = [
  {
    name: 'page',
    in: 'query',
    description: 'page number, from 1',
    schema: { type: 'integer', minimum: 1, default: 1 },
  },
  {
    name: 'limit',
    in: 'query',
    description: 'rows per page',
    schema: { type: 'integer', minimum: 1, maximum: LIST_MAX_LIMIT, default: LIST_DEFAULT_LIMIT },
  },
];

const MEDIA_PARAMETERS: Parameter[] = [
  ...PAGING,
  {
    name: 'name',
    in: 'query',
    description: 'part of the original name',
    schema: { type: 'string', maxLength: 100 },
  },
  { name: 'kind', in: 'query', description: 'pictures or other files', schema: { enum: ['image', 'file'] } },
];

const MEDIA_LIST = {
  type: 'object',
  properties: {
    rows: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          fileName: { type: 'string' },
          originalName: { type: 'string' },
          kind: { enum: ['image', 'file'] },
          url: { type: 'string' },
          thumbUrl: { type: ['string', 'null'] },
          type: { type: 'string' },
          size: { type: 'integer' },
          width: { type: ['integer', 'null'] },
          height: { type: ['integer', 'null'] },
          userId: { type: ['integer', 'null'] },
          createTime: { type: 'string', format: 'date-time' },
        },
      },
    },
    total: { type: 'integer', minimum: 0 },
  },
} satisfies Schema;

/** Custom actions the server answers with a handler of its own, whose access is not the action's code. */
const ACCESS_OVERRIDES: Record<string, (manifest: Manifest) => Access> = {
  'users.self': () => ({ signedIn: true, note: 'Writes the caller’s own row.' }),
  'users.password': () => ({
    signedIn: true,
    note: 'Only the caller’s own id; also before a required password change.',
  }),
  'menus.users': () => ({ signedIn: true, note: 'The caller’s granted menu entries.' }),
  ...Object.fromEntries(
    ['tree', 'auth', 'unauth'].map((name) => [
      `menus.${name}`,
      (manifest: Manifest): Access => {
        const menus = manifest.resources.find((r) => r.name === 'menus')!;
        const roles = manifest.resources.find((r) => r.system && r.name === 'roles');
        return {
          permission: [
            permissionCode(menus, 'list'),
            ...(roles ? [permissionCode(roles, 'create'), permissionCode(roles, 'update')] : []),
          ],
        };
      },
    ]),
  ),
};

function actionOperation(resource: Resource, action: Action, manifest: Manifest, row: Schema): OperationSpec {
  const override = resource.system ? ACCESS_OVERRIDES[`${resource.name}.${action.name}`] : undefined;
  const base = {
    method: action.method.toLowerCase() as Method,
    path: action.path,
    operationId: `${resource.name}.${action.name}`,
    summary: `${resource.title.en}: ${action.title.en}`,
    tag: resource.name,
    access: override ? override(manifest) : ({ permission: [action.permission] } as Access),
  };
  const onRow = action.path.includes('{id}');
  switch (action.name) {
    case 'create':
      return { ...base, body: writeBody(resource, 'create'), data: row, errors: ['409'] };
    case 'update':
      return { ...base, body: writeBody(resource, 'update'), data: row, errors: ['404', '409'] };
    case 'delete':
      return {
        ...base,
        data: { type: 'object', properties: { id: { type: 'integer' } } },
        errors: ['404', '409'],
      };
    case 'batchDelete':
      return {
        ...base,
        body: jsonBody({ type: 'object', required: ['ids'], properties: { ids: idList } }),
        data: countData,
        errors: ['404', '409'],
      };
    case 'purge':
      return {
        ...base,
        description:
          'Deletes rows of the recycle bin for good, all or none, under the real ON DELETE rules: a row another still references with `restrict` (one in a bin too) is a 409 with the references.',
        body: jsonBody({ type: 'object', required: ['ids'], properties: { ids: idList } }),
        data: countData,
        errors: ['404', '409'],
      };
    case 'batchUpdate':
      return {
        ...base,
        body: writeBody(resource, { action: 'batchUpdate' }, true),
        data: countData,
        errors: ['404', '409'],
      };
    case 'export':
      return {
        ...base,
        description:
          'The list’s filters and sort, optional `ids`, `columns` and `lang` (`zh` or `en`) → an .xlsx file, written as it is sent.',
        body: jsonBody({
          type: 'object',
          properties: {
            ids: idList,
            columns: {
              description: 'field names in order, or `all`; the list’s columns when left out',
              anyOf: [
                { type: 'string', description: '`all`, or comma-separated field names' },
                {
                  type: 'array',
                  items: { enum: resource.fields.filter((f) => !f.writeOnly).map((f) => f.name) },
                },
              ],
            },
            lang: { enum: ['zh', 'en'] },
            sort: { type: 'string' },
          },
        }),
        response: fileResponse(XLSX, 'the rows as a spreadsheet'),
      };
    case 'import':
      return {
        ...base,
        description: 'All rows or none; a 400 lists every bad row.',
        body: fileBody('an .xlsx whose first row names the fields'),
        data: {
          type: 'object',
          properties: { count: { type: 'integer' }, ids: { type: 'array', items: { type: 'integer' } } },
        },
        errors: ['409'],
      };
  }
  // a custom action: its form's fields, on its row or (with `ids`) on the selection
  const body =
    action.method === 'GET'
      ? undefined
      : writeBody(resource, { action: action.name }, !onRow && action.set !== undefined);
  return { ...base, body, data: onRow ? row : {}, errors: ['404', '409'] };
}

function resourceOperations(resource: Resource, manifest: Manifest): OperationSpec[] {
  const row = ref(rowName(resource));
  const list = { permission: [permissionCode(resource, 'list')] } as Access;
  const sortable = resource.list.columns.filter((c) => c.sortable).map((c) => c.field);
  const ops: OperationSpec[] = [
    {
      method: 'get',
      path: resource.endpoint,
      operationId: `${resource.name}.list`,
      summary: `${resource.title.en}: list`,
      tag: resource.name,
      access: list,
      parameters: [
        ...PAGING,
        {
          name: 'sort',
          in: 'query',
          description: `\`field\` or \`-field\` (descending) of a sortable column${sortable.length ? `: ${sortable.join(', ')}` : ''}`,
          schema: { type: 'string' },
        },
        {
          name: 'id',
          in: 'query',
          description: 'only these ids, comma-separated',
          schema: { type: 'string' },
        },
        ...filterParameters(resource, listFilters(resource)),
        ...(resource.treeParent ? TREE_PARAMETERS : []),
      ],
      data: listOf(row),
    },
    {
      method: 'get',
      path: `${resource.endpoint}/{id}`,
      operationId: `${resource.name}.get`,
      summary: `${resource.title.en}: one row`,
      tag: resource.name,
      access: list,
      data: row,
      errors: ['404'],
    },
  ];
  for (const action of resource.actions) {
    // an action that opens a page of the app is a link: it has no call to describe
    if (action.name === 'list' || action.name === 'get' || action.open) continue;
    ops.push(actionOperation(resource, action, manifest, row));
  }
  if (resource.revisions) ops.push(...revisionOperations(resource, list, row));
  if (resource.drafts) ops.push(...draftOperations(resource, list, row));
  if (resource.public) ops.push(previewOperation(resource, list));
  if (resource.softDelete) ops.push(...binOperations(resource, row));
  return ops;
}

const draftData: Schema = {
  type: ['object', 'null'],
  description: 'null: the row has no draft',
  properties: {
    data: { type: 'object', description: 'the fields the draft changes, by name' },
    baseVersion: { type: 'integer', description: 'the row’s version the draft was started from' },
    updatedBy: { type: ['string', 'null'] },
    updatedAt: { type: 'string', format: 'date-time' },
  },
};

/** A row's pending draft, for a resource with `drafts: true` (docs/api.md, "Drafts"). */
function draftOperations(resource: Resource, list: Access, row: Schema): OperationSpec[] {
  const update = resource.actions.find((a) => a.name === 'update');
  if (!update) return [];
  const path = `${resource.endpoint}/{id}/draft`;
  const write: Access = { permission: [update.permission] };
  const fields = toJsonSchema(resource, 'draft', 'en').schema;
  const tag = resource.name;
  return [
    {
      method: 'get',
      path,
      operationId: `${resource.name}.draft`,
      summary: `${resource.title.en}: the row’s draft`,
      tag,
      access: list,
      data: draftData,
      errors: ['404'],
    },
    {
      method: 'put',
      path,
      operationId: `${resource.name}.saveDraft`,
      summary: `${resource.title.en}: save the row’s draft`,
      description:
        'Keeps the fields that differ from the row as its draft (checked as an edit, none required); the row stays as it is. `version`: the row’s version the edit started from, kept when the draft is new. Values equal to the row’s remove the draft (null).',
      tag,
      access: write,
      body: jsonBody({
        ...(fields as unknown as Schema),
        properties: { version: { type: 'integer', minimum: 1 }, ...fields.properties },
      }),
      data: draftData,
      errors: ['404'],
    },
    {
      method: 'delete',
      path,
      operationId: `${resource.name}.discardDraft`,
      summary: `${resource.title.en}: discard the row’s draft`,
      tag,
      access: write,
      data: { type: 'object', properties: { id: { type: 'integer' } } },
      errors: ['404'],
    },
    {
      method: 'post',
      path: `${path}/publish`,
      operationId: `${resource.name}.publishDraft`,
      summary: `${resource.title.en}: publish the row’s draft`,
      description:
        'Saves the draft’s values as an update of the row (same checks, a revision, the audit log) and removes the draft, in one transaction. A row saved since the draft was started is a 409 with the current row.',
      tag,
      access: write,
      data: row,
      errors: ['404', '409'],
    },
  ];
}

/** The recycle bin's list and restore, under the delete permission (docs/api.md, "Recycle bin"). */
function binOperations(resource: Resource, row: Schema): OperationSpec[] {
  const remove = findBinAction(resource, 'remove');
  if (!remove) return [];
  const access: Access = { permission: [remove.permission] };
  const binned: Schema = {
    allOf: [
      row,
      {
        type: 'object',
        required: ['deletedAt', 'deletedBy'],
        properties: {
          deletedAt: { type: 'string', format: 'date-time', description: 'when the row went to the bin' },
          deletedBy: {
            type: ['object', 'null'],
            properties: { id: { type: 'integer' }, name: { type: 'string' } },
            description: 'who moved it there',
          },
        },
      },
    ],
  };
  return [
    {
      method: 'get',
      path: `${resource.endpoint}/bin`,
      operationId: `${resource.name}.bin`,
      summary: `${resource.title.en}: the recycle bin, the latest deleted first`,
      tag: resource.name,
      access,
      parameters: PAGING,
      data: listOf(binned),
    },
    {
      method: 'post',
      path: `${resource.endpoint}/bin/restore`,
      operationId: `${resource.name}.restore`,
      summary: `${resource.title.en}: restore rows from the recycle bin`,
      description:
        'All or none. A reference that points at a row deleted or binned since, or a unique value another row took since, is a 409 naming the field.',
      tag: resource.name,
      access,
      body: jsonBody({ type: 'object', required: ['ids'], properties: { ids: idList } }),
      data: countData,
      errors: ['404', '409'],
    },
  ];
}

/** The row as the public service’s one-row call returns it, whatever its publish state (docs/api.md, "Preview"). */
function previewOperation(resource: Resource, list: Access): OperationSpec {
  return {
    method: 'get',
    path: `${resource.endpoint}/{id}/preview`,
    operationId: `${resource.name}.preview`,
    summary: `${resource.title.en}: preview as the public service returns it`,
    tag: resource.name,
    access: list,
    parameters: [
      {
        name: 'draft',
        in: 'query',
        description: '`true`: with the row’s draft applied, when it has one',
        schema: { type: 'boolean' },
      },
    ],
    data: {
      type: 'object',
      required: ['row', 'draft', 'public'],
      properties: {
        row: { type: 'object', description: 'the fields of the public one-row call' },
        draft: {
          type: ['object', 'null'],
          description: 'the draft applied, if any',
          properties: {
            updatedAt: { type: 'string', format: 'date-time' },
            updatedBy: { type: ['string', 'null'] },
          },
        },
        public: { type: 'boolean', description: 'whether the public service serves the row now' },
      },
    },
    errors: ['404'],
  };
}

const revisionSummary: Schema = {
  type: 'object',
  required: ['revision', 'action', 'changed', 'userName', 'createdAt'],
  properties: {
    revision: { type: 'integer', description: 'the row’s version once this state was saved' },
    action: { type: 'string', description: 'the write: create, update, batchUpdate, an action, restore…' },
    changed: {
      type: 'array',
      items: { type: 'string' },
      description: 'fields changed from the revision before',
    },
    userName: { type: ['string', 'null'] },
    createdAt: { type: 'string', format: 'date-time' },
  },
};

/** A row's history, for a resource with `revisions: true` (docs/api.md, "Revisions"). */
function revisionOperations(resource: Resource, list: Access, row: Schema): OperationSpec[] {
  const base = `${resource.endpoint}/{id}/revisions`;
  const one: Schema = {
    ...revisionSummary,
    required: [...(revisionSummary.required as string[]), 'data'],
    properties: {
      ...(revisionSummary.properties as Record<string, Schema>),
      data: { type: 'object', description: 'the row’s fields at this revision' },
    },
  };
  const ops: OperationSpec[] = [
    {
      method: 'get',
      path: base,
      operationId: `${resource.name}.revisions`,
      summary: `${resource.title.en}: revisions of a row, newest first`,
      tag: resource.name,
      access: list,
      parameters: PAGING,
      data: listOf(revisionSummary),
    },
    {
      method: 'get',
      path: `${base}/{revision}`,
      operationId: `${resource.name}.revision`,
      summary: `${resource.title.en}: one revision with its values`,
      tag: resource.name,
      access: list,
      data: one,
      errors: ['404'],
    },
  ];
  const update = resource.actions.find((a) => a.name === 'update');
  if (update) {
    ops.push({
      method: 'post',
      path: `${base}/{revision}/restore`,
      operationId: `${resource.name}.restoreRevision`,
      summary: `${resource.title.en}: restore a revision`,
      description:
        'Saves the revision’s values as an update (same checks), which becomes a new revision. `version`: the version the caller read; a row saved since is a 409 with the current row.',
      tag: resource.name,
      access: { permission: [update.permission] },
      body: jsonBody({ type: 'object', properties: { version: { type: 'integer', minimum: 1 } } }),
      data: row,
      errors: ['404', '409'],
    });
  }
  return ops;
}

function publicViewOperation(resource: Resource, view: PublicView): OperationSpec {
  const row: Schema = {
    type: 'object',
    properties: Object.fromEntries(
      ['id', ...view.fields].map((name) => [
        name,
        { $ref: `#/components/schemas/${rowName(resource)}/properties/${name}` },
      ]),
    ),
  };
  const data: Record<PublicView['shape'], Schema> = {
    list: listOf(row),
    one: row,
    tree: {
      type: 'array',
      items: { ...row, properties: { ...(row.properties as Schema), children: { type: 'array' } } },
    },
    count: { type: 'object', properties: { total: { type: 'integer' } } },
  };
  return {
    method: 'get',
    path: `${PUBLIC_API_BASE}/${view.path}`,
    operationId: `public.${view.path.replace(/[{}]/g, '')}`,
    summary: `Public ${resource.title.en}: ${view.shape}`,
    tag: 'public',
    access: { public: true },
    parameters: [...(view.shape === 'list' ? PAGING : []), ...filterParameters(resource, view.filters)],
    data: data[view.shape],
    errors: view.shape === 'one' ? ['404'] : [],
  };
}

function publicOperations(resource: Resource): OperationSpec[] {
  const exposure = resource.public;
  if (!exposure) return [];
  const views = [...exposure.views];
  // server/public/named.ts: the theme preview the specification calls, on the websites exposure
  const theme = `${exposure.path}/changeTheme/{id}`;
  if (resource.name === 'websites' && !views.some((v) => v.path === theme)) {
    views.push({
      path: theme,
      shape: 'one',
      fields: exposure.fields,
      filters: [],
      where: [],
      sort: exposure.sort,
      by: 'id',
    });
  }
  const ops = views.map((view) => publicViewOperation(resource, view));
  if (exposure.submit) {
    ops.push({
      method: 'post',
      path: `${PUBLIC_API_BASE}/${exposure.path}`,
      operationId: `public.${exposure.path}.submit`,
      summary: `Public ${resource.title.en}: submit`,
      description: 'Rate-limited per address.',
      tag: 'public',
      access: { public: true },
      body: writeBody(resource, 'public'),
      data: { type: 'object', properties: { id: { type: 'integer' } } },
      errors: ['429'],
    });
  }
  return ops;
}

/** The calls the schemas do not describe, as the server registers them. */
const HANDWRITTEN: OperationSpec[] = [
  {
    method: 'get',
    path: API_PATHS.roleUsers('{id}'),
    operationId: 'roles.users',
    summary: 'The users who hold a role, or who do not (searched, paged)',
    tag: 'roles',
    access: { permission: ['sys:users:assignRoles'] },
    data: {
      type: 'object',
      properties: { rows: { type: 'array', items: { type: 'object' } }, total: { type: 'integer' } },
    },
    errors: ['404'],
  },
  {
    method: 'put',
    path: API_PATHS.roleUsers('{id}'),
    operationId: 'roles.users.change',
    summary: 'Give the role to users and take it from others, in one transaction',
    description: 'Each user passes the grant rules (docs/security.md); a refusal writes nothing.',
    tag: 'roles',
    access: { permission: ['sys:users:assignRoles'] },
    body: jsonBody({
      type: 'object',
      properties: {
        add: { type: 'array', items: { type: 'integer' } },
        remove: { type: 'array', items: { type: 'integer' } },
      },
    }),
    data: { type: 'object' },
    errors: ['404', '409'],
  },
  {
    method: 'post',
    path: API_PATHS.login,
    operationId: 'auth.login',
    summary: 'Sign in',
    tag: 'auth',
    access: { public: true },
    body: jsonBody({
      type: 'object',
      required: ['userName', 'password'],
      properties: { userName: { type: 'string' }, password: { type: 'string' } },
    }),
    data: {
      type: 'object',
      properties: { token: { type: 'string' }, userId: { type: 'integer' }, firstlogin: { type: 'boolean' } },
    },
    errors: ['403', '429'],
  },
  {
    method: 'get',
    path: API_PATHS.logout,
    operationId: 'auth.logout',
    summary: 'Sign out (revokes the session)',
    tag: 'auth',
    access: { signedIn: true },
    data: { type: 'null' },
  },
  {
    method: 'get',
    path: API_PATHS.userInfo('{id}'),
    operationId: 'users.info',
    summary: 'User info and permissions',
    description: 'Another user’s info needs the users’ list permission.',
    tag: 'users',
    access: { signedIn: true, note: 'Own info; also before a required password change.' },
    data: { type: 'object' },
    errors: ['404'],
  },
  {
    method: 'get',
    path: API_PATHS.routes,
    operationId: 'sys.routes',
    summary: 'The caller’s route list',
    tag: 'sys',
    access: { signedIn: true },
    data: { type: 'array', items: { type: 'object' } },
  },
  {
    method: 'get',
    path: API_PATHS.manifest,
    operationId: 'sys.manifest',
    summary: 'The resources the server was started with',
    tag: 'sys',
    access: { signedIn: true },
    data: { type: 'object', properties: { resources: { type: 'array', items: { type: 'object' } } } },
  },
  {
    method: 'post',
    path: API_PATHS.roleSwitch,
    operationId: 'sys.roleSwitch',
    summary: 'Limit the session to one of the caller’s roles',
    tag: 'sys',
    access: { signedIn: true },
    body: jsonBody({ type: 'object', required: ['roleKey'], properties: { roleKey: { type: 'string' } } }),
    data: { type: 'object', properties: { token: { type: 'string' } } },
  },
  {
    method: 'get',
    path: API_PATHS.dashboard,
    operationId: 'sys.dashboard',
    summary: 'Figures for the home page (each only for a session that may list what it counts)',
    tag: 'sys',
    access: { signedIn: true },
    data: { type: 'object' },
  },
  {
    method: 'get',
    path: API_PATHS.license,
    operationId: 'sys.license',
    summary: 'The licence state',
    tag: 'sys',
    access: { public: true },
    data: {
      type: 'object',
      properties: {
        valid: { type: 'boolean' },
        holder: { type: ['string', 'null'] },
        edition: { type: 'string' },
        expiresAt: { type: ['string', 'null'] },
      },
    },
  },
  {
    method: 'post',
    path: API_PATHS.upload,
    operationId: 'files.upload',
    summary: 'Upload a file',
    description: 'Needs the create or update permission of a resource with an image or file field.',
    tag: 'files',
    access: { signedIn: true },
    body: fileBody('one file'),
    data: {
      type: 'object',
      properties: {
        url: { type: 'string' },
        fileName: { type: 'string' },
        originalName: { type: 'string' },
        size: { type: 'integer' },
        type: { type: 'string' },
      },
    },
  },
  {
    method: 'get',
    path: API_PATHS.download,
    operationId: 'files.download',
    summary: 'Download a stored file',
    tag: 'files',
    access: { signedIn: true },
    parameters: [
      { name: 'fileName', in: 'query', required: true, schema: { type: 'string' } },
      {
        name: 'delete',
        in: 'query',
        description: 'remove it once sent',
        schema: { enum: ['true', 'false'] },
      },
    ],
    response: fileResponse('application/octet-stream', 'the file'),
    errors: ['404'],
  },
  {
    method: 'get',
    path: API_PATHS.media,
    operationId: 'files.media',
    summary: 'The media library: uploads, newest first',
    description: 'Needs a permission that allows uploading (as the upload call).',
    tag: 'files',
    access: { signedIn: true },
    parameters: MEDIA_PARAMETERS,
    data: MEDIA_LIST,
  },
  {
    method: 'get',
    path: API_PATHS.mediaUnused,
    operationId: 'files.mediaUnused',
    summary: 'Uploads no row uses any more',
    description:
      'Needs a permission that allows uploading; `mayRemove` says whether the caller may remove them.',
    tag: 'files',
    access: { signedIn: true },
    parameters: MEDIA_PARAMETERS,
    data: {
      ...MEDIA_LIST,
      properties: { ...MEDIA_LIST.properties, mayRemove: { type: 'boolean' } },
    },
  },
  {
    method: 'delete',
    path: API_PATHS.mediaUnused,
    operationId: 'files.removeUnused',
    summary: 'Remove unused uploads, all or none',
    description:
      'Administrators only. 409 with `data.inUse` when a row uses one of them again (or it is newer than the grace period); 404 with `data.missing` for unknown names.',
    tag: 'files',
    access: { signedIn: true },
    body: jsonBody({
      type: 'object',
      required: ['names'],
      properties: { names: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 500 } },
    }),
    data: {
      type: 'object',
      properties: { count: { type: 'integer' }, removed: { type: 'array', items: { type: 'string' } } },
    },
    errors: ['404', '409'],
  },
  {
    method: 'get',
    path: `${UPLOADS_PREFIX}{name}`,
    operationId: 'files.image',
    summary: 'An uploaded image, for anyone',
    tag: 'files',
    access: { public: true },
    response: fileResponse('image/*', 'the image'),
    errors: ['404'],
  },
  {
    method: 'get',
    path: `${PUBLIC_FILES_PREFIX}{name}`,
    operationId: 'files.published',
    summary: 'An upload a published row uses, for anyone',
    description:
      'Served while a row the public content service shows uses the file in a field it exposes; 404 otherwise. Not an image: as an attachment. Takes Range and If-None-Match.',
    tag: 'files',
    access: { public: true },
    response: fileResponse('application/octet-stream', 'the file'),
    errors: ['404'],
  },
  {
    method: 'get',
    path: OPENAPI_PATH,
    operationId: 'sys.openapi',
    summary: 'This document',
    tag: 'sys',
    access: { public: true },
    response: {
      description: 'the OpenAPI document',
      content: { 'application/json': { schema: { type: 'object' } } },
    },
  },
];

/** The home page calendar's other months, registered when there is a contents resource (server/plugins/sys.ts). */
function calendarOperations(manifest: Manifest): OperationSpec[] {
  const contents = manifest.resources.find((r) => r.name === 'contents');
  if (!contents) return [];
  return [
    {
      method: 'get',
      path: API_PATHS.dashboardCalendar,
      operationId: 'sys.dashboardCalendar',
      summary: 'Published contents of each day of a month, for the home page calendar',
      description:
        'By publish time in the server’s time zone; published by the contents’ public `where`, scheduled ones included. This month also comes with the dashboard figures (`calendar`).',
      tag: 'sys',
      access: { permission: [permissionCode(contents, 'list')] },
      parameters: [
        {
          name: 'month',
          in: 'query',
          required: true,
          description: 'the month, `YYYY-MM`; anything else is a 400 naming `month`',
          schema: { type: 'string', pattern: '^\\d{4}-(0[1-9]|1[0-2])$' },
        },
      ],
      data: {
        type: 'object',
        required: ['month', 'days'],
        properties: {
          month: { type: 'string' },
          days: {
            type: 'array',
            items: {
              type: 'object',
              required: ['day', 'count'],
              properties: { day: { type: 'string', format: 'date' }, count: { type: 'integer' } },
            },
          },
        },
      },
    },
  ];
}

/** The OpenAPI document of a manifest's API. */
export function buildOpenApi(manifest: Manifest): OpenApiDocument {
  const specs = [
    ...HANDWRITTEN,
    ...calendarOperations(manifest),
    ...manifest.resources.flatMap((r) => resourceOperations(r, manifest)),
    ...manifest.resources.flatMap(publicOperations),
  ];
  const paths: OpenApiDocument['paths'] = {};
  for (const spec of specs) {
    const op = operation(spec);
    const entry = paths[spec.path] ?? {};
    paths[spec.path] = entry;
    // two declarations of one call would be two routes the server refuses to start with
    if (entry[spec.method]) throw new Error(`${spec.method.toUpperCase()} ${spec.path} is described twice`);
    entry[spec.method] = op;
  }
  const errorEnvelope = {
    type: 'object',
    required: ['meta', 'data'],
    properties: {
      meta: ref('Meta'),
      data: {
        description: '`{ errors: { field: message } }` for a 400 and a 409; null or details otherwise',
      },
    },
  };
  return {
    openapi: '3.1.0',
    info: {
      title: 'schema-admin API',
      version: String(manifest.version),
      description:
        'Generated from the schemas (schema-admin build). Every answer is the envelope `{ meta: { success, message }, data }`; ' +
        `a session is the \`${TOKEN_HEADER}\` header from the login call. ` +
        '`x-permission` names the permission code a call needs.',
    },
    servers: [{ url: '/' }],
    security: [{ token: [] }],
    tags: [
      ...['auth', 'sys', 'files', 'public'].map((name) => ({ name })),
      ...manifest.resources.map((r) => ({ name: r.name, description: r.title.en })),
    ].filter((t, i, all) => all.findIndex((u) => u.name === t.name) === i),
    paths,
    components: {
      securitySchemes: { token: { type: 'apiKey', in: 'header', name: TOKEN_HEADER } },
      schemas: {
        Meta: {
          type: 'object',
          required: ['success', 'message'],
          properties: { success: { type: 'boolean' }, message: { type: 'string' } },
        },
        Error: errorEnvelope,
        ...Object.fromEntries(manifest.resources.map((r) => [rowName(r), rowSchema(r)])),
      },
      responses: Object.fromEntries(
        Object.entries(ERRORS).map(([code, description]) => [
          `E${code}`,
          { description, content: { 'application/json': { schema: ref('Error') } } },
        ]),
      ),
    },
  };
}

/** The document as `schema-admin build` writes it. */
export function serializeOpenApi(document: OpenApiDocument): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
