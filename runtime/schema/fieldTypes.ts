// The one table that says what each field type means everywhere: the JSON Schema of a value,
// the rjsf widget that edits it, the list cell that shows it, the filter control that searches
// it and the PostgreSQL column that stores it. Adding a type means adding one row here.
import { AVATAR_FORMAT, SAFE_URL_FORMAT } from './safeUrl.ts';
import type { Field, FieldType, FilterOp, JsonSchema } from './types.ts';

/** How a list cell renders a value (runtime/ui maps each kind to a renderer). */
export type CellKind =
  | 'text'
  | 'longText'
  | 'html'
  | 'secret'
  | 'number'
  | 'boolean'
  | 'tag'
  | 'date'
  | 'datetime'
  | 'ref'
  | 'image'
  | 'avatar'
  | 'file'
  | 'link'
  | 'email'
  | 'phone'
  | 'json';

/** The control a filter bar shows for a filtered field. */
export type FilterControl = 'input' | 'number' | 'select' | 'dateRange' | 'refSelect' | 'treeSelect';

export interface FieldTypeSpec {
  /** JSON Schema of one value (before the field's own limits, options and multiplicity) */
  jsonSchema: JsonSchema;
  /** rjsf `ui:widget`; richtext, refSelect, treeSelect, image, avatar, upload and json are the app's own widgets */
  widget: string;
  widgetOptions?: Record<string, unknown>;
  cell: CellKind;
  /**
   * control and default operator when the field is a filter, and every operator the type can
   * serve (a range needs an order, a like needs text); null: the type cannot be filtered
   */
  filter: { control: FilterControl; op: FilterOp; ops: readonly FilterOp[] } | null;
  sql: (field: Field) => string;
  /** listed as a column when the YAML gives no `list.columns` */
  listedByDefault: boolean;
  /** takes minLength / maxLength / pattern */
  textual: boolean;
  /** takes minimum / maximum */
  numeric: boolean;
}

const like = { control: 'input', op: 'like', ops: ['like', 'eq', 'in'] } as const;
const varcharOrText = (field: Field) => (field.maxLength ? `varchar(${field.maxLength})` : 'text');
const text = () => 'text';

export const FIELD_TYPE_SPECS: Record<FieldType, FieldTypeSpec> = {
  string: {
    jsonSchema: { type: 'string' },
    widget: 'text',
    cell: 'text',
    filter: like,
    sql: varcharOrText,
    listedByDefault: true,
    textual: true,
    numeric: false,
  },
  text: {
    jsonSchema: { type: 'string' },
    widget: 'textarea',
    cell: 'longText',
    filter: like,
    sql: text,
    listedByDefault: true,
    textual: true,
    numeric: false,
  },
  richtext: {
    jsonSchema: { type: 'string' },
    widget: 'richtext',
    cell: 'html',
    filter: like,
    sql: text,
    listedByDefault: false,
    textual: true,
    numeric: false,
  },
  password: {
    jsonSchema: { type: 'string' },
    widget: 'password',
    cell: 'secret',
    filter: null,
    // holds the scrypt hash, never the password
    sql: text,
    listedByDefault: false,
    textual: true,
    numeric: false,
  },
  integer: {
    jsonSchema: { type: 'integer' },
    widget: 'updown',
    cell: 'number',
    filter: { control: 'number', op: 'eq', ops: ['eq', 'range', 'in'] },
    sql: () => 'integer',
    listedByDefault: true,
    textual: false,
    numeric: true,
  },
  number: {
    jsonSchema: { type: 'number' },
    widget: 'updown',
    cell: 'number',
    filter: { control: 'number', op: 'eq', ops: ['eq', 'range', 'in'] },
    // double precision comes back from pg as a JS number; numeric would come back as text
    sql: () => 'double precision',
    listedByDefault: true,
    textual: false,
    numeric: true,
  },
  boolean: {
    jsonSchema: { type: 'boolean' },
    widget: 'checkbox',
    cell: 'boolean',
    filter: { control: 'select', op: 'eq', ops: ['eq', 'in'] },
    sql: () => 'boolean',
    listedByDefault: true,
    textual: false,
    numeric: false,
  },
  enum: {
    jsonSchema: {},
    widget: 'select',
    cell: 'tag',
    filter: { control: 'select', op: 'eq', ops: ['eq', 'in'] },
    sql: (field) => (field.options?.every((o) => Number.isInteger(o.value)) ? 'integer' : 'text'),
    listedByDefault: true,
    textual: false,
    numeric: false,
  },
  date: {
    jsonSchema: { type: 'string', format: 'date' },
    widget: 'date',
    cell: 'date',
    filter: { control: 'dateRange', op: 'range', ops: ['range', 'eq'] },
    sql: () => 'date',
    listedByDefault: true,
    textual: false,
    numeric: false,
  },
  datetime: {
    jsonSchema: { type: 'string', format: 'date-time' },
    widget: 'datetime',
    cell: 'datetime',
    filter: { control: 'dateRange', op: 'range', ops: ['range', 'eq'] },
    sql: () => 'timestamptz',
    listedByDefault: true,
    textual: false,
    numeric: false,
  },
  ref: {
    jsonSchema: { type: 'integer', minimum: 1 },
    widget: 'refSelect',
    cell: 'ref',
    filter: { control: 'refSelect', op: 'eq', ops: ['eq', 'in'] },
    sql: (field) => (field.multiple ? 'jsonb' : 'integer'),
    listedByDefault: true,
    textual: false,
    numeric: false,
  },
  'tree-parent': {
    // 0 is the root (spec: tree helper shape)
    jsonSchema: { type: 'integer', minimum: 0 },
    widget: 'treeSelect',
    cell: 'ref',
    filter: { control: 'treeSelect', op: 'eq', ops: ['eq', 'in'] },
    sql: () => 'integer',
    listedByDefault: false,
    textual: false,
    numeric: false,
  },
  image: {
    jsonSchema: { type: 'string', format: SAFE_URL_FORMAT },
    widget: 'image',
    cell: 'image',
    filter: null,
    sql: text,
    listedByDefault: true,
    textual: false,
    numeric: false,
  },
  avatar: {
    jsonSchema: { type: 'string', format: AVATAR_FORMAT },
    widget: 'avatar',
    cell: 'avatar',
    filter: null,
    sql: () => 'varchar(200)',
    listedByDefault: true,
    textual: false,
    numeric: false,
  },
  file: {
    jsonSchema: { type: 'string', format: SAFE_URL_FORMAT },
    widget: 'upload',
    cell: 'file',
    filter: null,
    sql: text,
    listedByDefault: true,
    textual: false,
    numeric: false,
  },
  url: {
    // http(s), mailto, tel or a path on this site (runtime/schema/safeUrl.ts), never javascript:
    jsonSchema: { type: 'string', format: SAFE_URL_FORMAT },
    widget: 'uri',
    cell: 'link',
    filter: like,
    sql: varcharOrText,
    listedByDefault: true,
    textual: true,
    numeric: false,
  },
  email: {
    jsonSchema: { type: 'string', format: 'email' },
    widget: 'email',
    cell: 'email',
    filter: like,
    sql: (field) => `varchar(${field.maxLength ?? 254})`,
    listedByDefault: true,
    textual: true,
    numeric: false,
  },
  phone: {
    jsonSchema: { type: 'string', pattern: '^\\+?[0-9][0-9 ()-]{2,31}$' },
    widget: 'text',
    widgetOptions: { inputType: 'tel' },
    cell: 'phone',
    filter: like,
    sql: (field) => `varchar(${field.maxLength ?? 32})`,
    listedByDefault: true,
    textual: true,
    numeric: false,
  },
  json: {
    // any JSON value; the app edits it as text
    jsonSchema: {},
    widget: 'json',
    cell: 'json',
    filter: null,
    sql: () => 'jsonb',
    listedByDefault: false,
    textual: false,
    numeric: false,
  },
};
