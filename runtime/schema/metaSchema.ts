// The meta-schema: what a resource file and _menus.yaml may contain, as JSON Schema for ajv,
// and the TypeScript shape of a document that passed it. Rules that need more than one file or
// knowledge of the declared fields live in crossCheck.ts.
import { type RawRule, rulesMetaSchema } from './fieldRules.ts';
import { ifThen } from './ifThen.ts';
import { FIELD_TYPES, type Field, type FieldType, STANDARD_ACTIONS } from './types.ts';
import { type RawUploadRules, uploadRulesMetaSchema } from './uploadRules.ts';

/** Standard actions a schema lists; `list` and `get` every resource has without saying so. */
export const DECLARABLE_ACTIONS = STANDARD_ACTIONS.filter((a) => a !== 'list' && a !== 'get');
export const FILTER_OPS = ['eq', 'like', 'range', 'in'] as const;
export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;
export const ACTION_SCOPES = ['row', 'batch', 'toolbar', 'self'] as const;

export interface RawI18n {
  zh: string;
  en: string;
}
export type RawFilter = string | { field: string; op?: (typeof FILTER_OPS)[number] };
export type RawColumn =
  | string
  | {
      field: string;
      width?: number;
      fixed?: 'left' | 'right';
      sortable?: boolean;
      ellipsis?: boolean;
      relative?: boolean;
    };
export type RawLayout = Array<string | string[]>;

/** Keys a YAML field shares with the normalised Field; the rest are written differently in YAML. */
type SharedFieldKeys =
  | 'column'
  | 'required'
  | 'unique'
  | 'trim'
  | 'minLength'
  | 'maxLength'
  | 'minimum'
  | 'maximum'
  | 'pattern'
  | 'default'
  | 'readOnly'
  | 'writeOnly'
  | 'only'
  | 'ref'
  | 'multiple'
  | 'onDelete'
  | 'exclusive'
  | 'checkTree'
  | 'confirmChanges'
  | 'index';
export type RawField = Partial<Pick<Field, SharedFieldKeys>> & {
  type: FieldType;
  upload?: RawUploadRules;
  title?: RawI18n;
  options?: Array<{ value: string | number; zh: string; en: string; color?: string }>;
  label?: string;
  detail?: string;
  visibleWhen?: string;
  requiredWhen?: string;
  help?: RawI18n;
  placeholder?: RawI18n;
  /** the name of one of the resource's actions whose permission writing the field also needs */
  writePermission?: string;
};

export interface RawActionObject {
  name: string;
  title?: RawI18n;
  method?: (typeof HTTP_METHODS)[number];
  path?: string;
  scope?: (typeof ACTION_SCOPES)[number];
  confirm?: boolean | RawI18n;
  form?: string[];
  when?: string;
  download?: boolean;
  danger?: boolean;
  set?: Record<string, unknown>;
  open?: string;
}

/** `-publishTime`, or several keys in order: `[-pinned, -publishTime]` */
export type RawSort = string | string[];

export interface RawPublicView {
  path: string;
  shape?: 'list' | 'tree' | 'count';
  by?: string;
  fields?: string[];
  filters?: RawFilter[];
  where?: string;
  sort?: RawSort;
}

export interface RawPublic {
  path: string;
  fields: string[];
  listFields?: string[];
  filters?: RawFilter[];
  where?: string;
  sort?: RawSort;
  submit?: string[];
  views?: RawPublicView[];
}

export interface RawResource {
  resource: string;
  module: string;
  title: RawI18n;
  singular?: RawI18n;
  endpoint?: string;
  table?: string;
  system?: boolean;
  /** keep every saved state of a row, listed and restored from its form (docs/schema.md, "Revisions") */
  revisions?: boolean;
  /** an edit can be saved as a draft and published later (docs/schema.md, "Drafts") */
  drafts?: boolean;
  /** a delete moves rows to a recycle bin (docs/schema.md, "Recycle bin") */
  softDelete?: boolean;
  menu?: { parent: string; icon?: string; order?: number };
  fields: Record<string, RawField>;
  list?: { columns?: RawColumn[]; filters?: RawFilter[]; sort?: string; pageSize?: number; tree?: boolean };
  form?: { layout?: RawLayout; groups?: Array<{ title?: RawI18n; layout: RawLayout }> };
  actions?: Array<string | RawActionObject>;
  order?: string | { field: string; group?: string };
  public?: RawPublic;
  publish?: { at: string; until?: string };
  /** composite indexes, each a list of field names (docs/schema.md, "Indexes") */
  indexes?: string[][];
  /** rules relating fields (docs/schema.md, "Rules across fields") */
  rules?: RawRule[];
}

export type RawMenus = Record<string, { title: RawI18n; icon?: string; order?: number; parent?: string }>;

const i18n = {
  type: 'object',
  description: 'a label in both languages, { zh: …, en: … }',
  properties: { zh: { type: 'string', minLength: 1 }, en: { type: 'string', minLength: 1 } },
  required: ['zh', 'en'],
  additionalProperties: false,
};
const camelName = {
  type: 'string',
  pattern: '^[a-z][A-Za-z0-9]*$',
  description: 'a camelCase name: a lower-case letter, then letters and digits',
};
const fieldName = { type: 'string', minLength: 1, description: 'the name of a declared field' };
const condition = {
  type: 'string',
  minLength: 1,
  description: 'a condition such as "status == 0", "menuType != F" or "type in [a, b]"',
};
const filter = {
  type: ['string', 'object'],
  description: 'a field name or { field, op }',
  properties: { field: fieldName, op: { enum: FILTER_OPS } },
  required: ['field'],
  additionalProperties: false,
};
const layout = {
  type: 'array',
  description: 'rows: a field name, or a list of field names shown side by side',
  items: {
    type: ['string', 'array'],
    description: 'a field name, or a list of field names shown side by side',
    items: fieldName,
    minItems: 1,
  },
};
const SEGMENT = '[A-Za-z][A-Za-z0-9_-]*';
const publicPath = {
  type: 'string',
  pattern: `^${SEGMENT}(/${SEGMENT})*$`,
  description: 'a path under /api/cms/web, without a leading /',
};
const VIEW_PATH = `^${SEGMENT}(/(${SEGMENT}|\\{id\\}))*$`;
const sortKey = {
  type: 'string',
  pattern: '^-?[A-Za-z][A-Za-z0-9]*$',
  description: 'a field name, with a leading - for descending order',
};
const sortKeys = {
  type: ['string', 'array'],
  description: 'a field name with an optional leading -, or a list of them',
  pattern: sortKey.pattern,
  items: sortKey,
  minItems: 1,
};
const fieldNames = { type: 'array', items: fieldName, minItems: 1, uniqueItems: true };
const sqlName = { type: 'string', pattern: '^[a-z][a-z0-9_]*$', description: 'a snake_case SQL name' };

const whenType = (type: string, consequence: object) =>
  ifThen({ properties: { type: { const: type } }, required: ['type'] }, consequence);

const field = {
  type: 'object',
  properties: {
    type: { enum: FIELD_TYPES },
    title: i18n,
    column: sqlName,
    required: { type: 'boolean' },
    unique: { type: 'boolean' },
    trim: { type: 'boolean' },
    minLength: { type: 'integer', minimum: 0 },
    maxLength: { type: 'integer', minimum: 1 },
    minimum: { type: 'number' },
    maximum: { type: 'number' },
    pattern: { type: 'string', format: 'regex', description: 'a regular expression' },
    default: {},
    readOnly: { type: 'boolean' },
    writeOnly: { type: 'boolean' },
    only: { type: 'array', items: { enum: ['create', 'update'] }, uniqueItems: true },
    writePermission: { ...camelName, description: 'the name of an action of this resource' },
    options: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        properties: {
          value: { type: ['string', 'integer'], description: 'a string or an integer' },
          zh: { type: 'string', minLength: 1 },
          en: { type: 'string', minLength: 1 },
          color: { type: 'string', minLength: 1 },
        },
        required: ['value', 'zh', 'en'],
        additionalProperties: false,
      },
    },
    ref: camelName,
    label: fieldName,
    multiple: { type: 'boolean' },
    onDelete: {
      enum: ['restrict', 'setNull', 'cascade'],
      description: 'what deleting a referenced row does: restrict (refuse), setNull or cascade',
    },
    exclusive: { type: 'boolean' },
    detail: { ...fieldName, description: 'a field of the referenced resource, shown beside the label' },
    checkTree: { type: 'boolean' },
    confirmChanges: { type: 'boolean' },
    upload: uploadRulesMetaSchema,
    index: {
      type: 'boolean',
      description:
        'false: no index for this column though it is sorted, filtered or a reference; true: an index though it is none of these',
    },
    visibleWhen: condition,
    requiredWhen: condition,
    help: i18n,
    placeholder: i18n,
  },
  required: ['type'],
  additionalProperties: false,
  allOf: [
    whenType('enum', { required: ['options'] }),
    whenType('ref', { required: ['ref', 'label'] }),
    whenType('tree-parent', { required: ['label'] }),
  ],
};

const action = {
  ...ifThen({ type: 'string' }, { enum: DECLARABLE_ACTIONS }),
  else: {
    type: 'object',
    properties: {
      name: camelName,
      title: i18n,
      method: { enum: HTTP_METHODS },
      path: {
        type: 'string',
        pattern: '^/[^\\s]*$',
        description:
          'a path starting with /: relative to the endpoint, or absolute when it starts with /api/',
      },
      scope: { enum: ACTION_SCOPES },
      open: {
        type: 'string',
        pattern: '^/[^\\s]*$',
        description: 'a page of the app to open, {id} for the row: /replyPop?typeId={id}',
      },
      confirm: {
        type: ['boolean', 'object'],
        description: 'true, or a question in both languages { zh: …, en: … }',
        properties: i18n.properties,
        required: i18n.required,
        additionalProperties: false,
      },
      form: { type: 'array', items: fieldName, uniqueItems: true },
      when: condition,
      download: { type: 'boolean' },
      danger: { type: 'boolean' },
      set: {
        type: 'object',
        description: 'field values the action writes, { field: value }',
        minProperties: 1,
        propertyNames: camelName,
      },
    },
    required: ['name'],
    additionalProperties: false,
    allOf: [
      // a custom action calls the server, unless it opens a page of the app
      ifThen(
        { properties: { name: { not: { enum: DECLARABLE_ACTIONS } } }, not: { required: ['open'] } },
        { required: ['title', 'method', 'path'] },
      ),
      ifThen({ required: ['open'] }, { required: ['title'] }),
    ],
  },
};

export const resourceMetaSchema = {
  $id: 'schema-admin/resource',
  type: 'object',
  properties: {
    resource: camelName,
    module: {
      type: 'string',
      pattern: '^[a-z][a-z0-9]*$',
      description: 'a lower-case module name such as sys or cms',
    },
    title: i18n,
    singular: { ...i18n, description: 'what one row is called, in both languages, { zh: 用户, en: User }' },
    endpoint: {
      type: 'string',
      pattern: '^/api(/[A-Za-z0-9_-]+)+$',
      description: 'a REST base path such as /api/cms/contents',
    },
    table: sqlName,
    system: { type: 'boolean' },
    revisions: {
      type: 'boolean',
      description: "true: every saved state of a row is kept, and its form shows the row's history",
    },
    drafts: {
      type: 'boolean',
      description: 'true: an edit can be kept as a draft while the row stays as it is',
    },
    softDelete: {
      type: 'boolean',
      description: 'true: a delete moves rows to a recycle bin, where they are restored or purged',
    },
    publish: {
      type: 'object',
      description: 'the publish window: { at: a date field, until: a date field }',
      properties: { at: fieldName, until: fieldName },
      required: ['at'],
      additionalProperties: false,
    },
    menu: {
      type: 'object',
      properties: {
        parent: { type: 'string', minLength: 1, description: 'a menu group of _menus.yaml' },
        icon: { type: 'string', minLength: 1 },
        order: { type: 'integer' },
      },
      required: ['parent'],
      additionalProperties: false,
    },
    fields: {
      type: 'object',
      minProperties: 1,
      propertyNames: camelName,
      additionalProperties: field,
    },
    list: {
      type: 'object',
      properties: {
        columns: {
          type: 'array',
          items: {
            type: ['string', 'object'],
            description: 'a field name or { field, width, fixed, sortable, ellipsis, relative }',
            properties: {
              field: fieldName,
              width: { type: 'integer', minimum: 20 },
              fixed: { enum: ['left', 'right'] },
              sortable: { type: 'boolean' },
              ellipsis: { type: 'boolean' },
              relative: { type: 'boolean', description: 'a date or time shown as 3分钟前 / 3 min ago' },
            },
            required: ['field'],
            additionalProperties: false,
          },
        },
        filters: { type: 'array', items: filter },
        sort: sortKey,
        pageSize: { type: 'integer', minimum: 1, maximum: 500 },
        tree: { type: 'boolean' },
      },
      additionalProperties: false,
    },
    form: {
      type: 'object',
      properties: {
        layout,
        groups: {
          type: 'array',
          minItems: 1,
          items: {
            type: 'object',
            properties: { title: i18n, layout },
            required: ['layout'],
            additionalProperties: false,
          },
        },
      },
      additionalProperties: false,
    },
    actions: { type: 'array', items: action },
    order: {
      type: ['string', 'object'],
      description: "the integer field holding each row's position, or { field, group }",
      properties: {
        field: { ...fieldName, description: "the integer field holding each row's position" },
        group: { ...fieldName, description: 'the field whose value groups the rows ordered together' },
      },
      required: ['field'],
      additionalProperties: false,
    },
    indexes: {
      type: 'array',
      description: 'composite indexes, each a list of field names such as [categoryId, publishTime]',
      items: { ...fieldNames, description: 'a list of field names' },
    },
    rules: rulesMetaSchema,
    public: {
      type: 'object',
      properties: {
        path: publicPath,
        fields: fieldNames,
        listFields: fieldNames,
        filters: { type: 'array', items: filter },
        where: condition,
        sort: sortKeys,
        submit: fieldNames,
        views: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              path: {
                ...publicPath,
                pattern: VIEW_PATH,
                description: `${publicPath.description}; {id} may stand for a whole segment`,
              },
              shape: { enum: ['list', 'tree', 'count'] },
              by: { ...fieldName, description: "the field the path's {id} is compared with" },
              fields: fieldNames,
              filters: { type: 'array', items: filter },
              where: condition,
              sort: sortKeys,
            },
            required: ['path'],
            additionalProperties: false,
          },
        },
      },
      required: ['path', 'fields'],
      additionalProperties: false,
    },
  },
  required: ['resource', 'module', 'title', 'fields'],
  additionalProperties: false,
};

export const menusMetaSchema = {
  $id: 'schema-admin/menus',
  type: 'object',
  propertyNames: camelName,
  additionalProperties: {
    type: 'object',
    properties: {
      title: i18n,
      icon: { type: 'string', minLength: 1 },
      order: { type: 'integer' },
      parent: { type: 'string', minLength: 1, description: 'another menu group' },
    },
    required: ['title'],
    additionalProperties: false,
  },
};
