// The shapes every part of schema-admin agrees on: the normalised resource (what a YAML file
// means once loaded and checked) and the manifest built from all of them. The CLI, the server
// and the browser app read these types; none of them reads YAML directly.

import type { UploadRules } from './uploadRules.ts';

export type Lang = 'zh' | 'en';

/** A label in both languages the product speaks. */
export interface I18n {
  zh: string;
  en: string;
}

export const FIELD_TYPES = [
  'string',
  'text',
  'richtext',
  'password',
  'integer',
  'number',
  'boolean',
  'enum',
  'date',
  'datetime',
  'ref',
  'tree-parent',
  'image',
  'avatar',
  'file',
  'url',
  'email',
  'phone',
  'json',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export const ON_DELETE = ['restrict', 'setNull', 'cascade'] as const;
export type OnDelete = (typeof ON_DELETE)[number];

export interface EnumOption {
  value: string | number;
  label: I18n;
  /** antd tag colour for the list cell */
  color?: string;
}

/** Standard actions every generic resource understands. */
export const STANDARD_ACTIONS = [
  'list',
  'get',
  'create',
  'update',
  'delete',
  'batchDelete',
  'batchUpdate',
  'export',
  'import',
  'reorder',
  'purge',
] as const;
export type StandardAction = (typeof STANDARD_ACTIONS)[number];

/** Condition on another field's value, used by `when`, `visibleWhen`, `requiredWhen`. */
export interface FieldCondition {
  field: string;
  op: 'eq' | 'ne' | 'in' | 'notIn' | 'truthy' | 'falsy';
  value?: unknown;
}

/**
 * A rule relating fields (`rules:` of a resource, docs/schema.md "Rules across fields"): exactly
 * one of after / notBefore / anyOf / required, applied while `when` holds. The server checks it
 * on every write and the form as it is filled in (evaluateRules.ts).
 */
export interface FieldRule {
  /** the field the message is shown on, and the one `after`, `notBefore` and `required` are about */
  field: string;
  /** `field` holds a later (greater) value than this field, when both hold one */
  after?: string;
  /** `field` holds the same or a later value than this field, when both hold one */
  notBefore?: string;
  /** at least one of these fields holds a value */
  anyOf?: string[];
  /** `field` holds a value */
  required?: true;
  when?: FieldCondition;
  message: I18n;
}

export interface Field {
  name: string;
  type: FieldType;
  title: I18n;
  /** database column (snake_case of the name) */
  column: string;
  required: boolean;
  unique: boolean;
  trim: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  default?: unknown;
  /** shown, never written by a client */
  readOnly: boolean;
  /** written, never returned (passwords) */
  writeOnly: boolean;
  /** write actions in which the field may be set; undefined = create and update */
  only?: Array<'create' | 'update'>;
  /**
   * the permission code (module:resource:action of one of its actions) a caller must also hold
   * to write the field in any write (a user's roles need sys:users:assignRoles)
   */
  writePermission?: string;
  options?: EnumOption[];
  /** ref / tree-parent: the referenced resource name */
  ref?: string;
  /** ref / tree-parent: the referenced resource's field shown as the label */
  refLabel?: string;
  /** ref: holds a list of ids (stored as a jsonb array, or a join table for system resources) */
  multiple?: boolean;
  /**
   * ref / tree-parent: what deleting a referenced row does to this row. restrict (the default)
   * refuses the delete while this row points at it; setNull clears the reference; cascade
   * deletes this row too (owned children). For a multiple ref it is the link that goes.
   */
  onDelete?: OnDelete;
  /** ref: the referenced resource is a tree, so pickers show the tree (set by the loader) */
  refTree?: boolean;
  /** ref: a second field of the referenced rows, shown beside the label (a menu's permission code) */
  refDetail?: string;
  /** multiple ref into a tree: edited as the whole tree inline, each entry ticked on its own */
  checkTree?: boolean;
  /** multiple ref: before a save the form lists the entries it adds and removes, and waits for a yes */
  confirmChanges?: boolean;
  /** image, avatar, file: what an upload for it may be (docs/schema.md "Upload rules") */
  upload?: UploadRules;
  /** boolean: at most one row holds true; setting it on one row clears it on the others */
  exclusive?: boolean;
  /**
   * false: the column gets no index though it is sorted, filtered or a reference; true: it
   * gets one though it is none of these; unset: the default rule (server/db/indexes.ts)
   */
  index?: boolean;
  /** field shown only when the condition holds */
  visibleWhen?: FieldCondition;
  /** field required only when the condition holds */
  requiredWhen?: FieldCondition;
  help?: I18n;
  placeholder?: I18n;
}

export interface ListColumn {
  field: string;
  width?: number;
  fixed?: 'left' | 'right';
  sortable: boolean;
  ellipsis: boolean;
  /** a recent time reads as 刚刚 / N分钟前 / N小时前 / N天前, an older one as its date */
  relative?: true;
}

export type FilterOp = 'eq' | 'like' | 'range' | 'in';
export interface ListFilter {
  field: string;
  op: FilterOp;
}

export interface SortSpec {
  field: string;
  desc: boolean;
}

export interface ListSpec {
  columns: ListColumn[];
  filters: ListFilter[];
  sort: SortSpec;
  pageSize: number;
  /** tree resources show as an expandable tree keyed by the tree-parent field */
  tree: boolean;
}

/** A form is a list of rows; a row holds one or more field names side by side. Groups become tabs. */
export interface FormGroup {
  title?: I18n;
  rows: string[][];
}
export interface FormSpec {
  groups: FormGroup[];
}

/** row: a button per row; batch: acts on the selection; toolbar: above the table; self: not on the list page (personal centre and the like). */
export type ActionScope = 'row' | 'batch' | 'toolbar' | 'self';

export interface Action {
  name: string;
  title: I18n;
  /** standard actions are served by the generic CRUD path; custom ones by a handler */
  standard: boolean;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** absolute path template, e.g. /api/sys/users/freeze/{id} */
  path: string;
  scope: ActionScope;
  /** permission code module:resource:action */
  permission: string;
  confirm?: I18n;
  /** fields asked for in a dialog before the call */
  form?: string[];
  /** row condition under which a row action is offered */
  when?: FieldCondition;
  /** the response is a file to download */
  download?: boolean;
  danger?: boolean;
  /**
   * values the action writes on its row (row scope) or the selected rows (batch scope), besides
   * what its form asks for; a date or datetime field set to "now" gets the server's current time
   */
  set?: Record<string, unknown>;
  /**
   * a page of the app the action opens (a route, `{id}` filled from the row) instead of calling
   * the server: the way from a row to the hand-written page that configures it. It has no method
   * or path of its own; the page it opens checks what it reads and writes.
   */
  open?: string;
}

/**
 * The order staff give a resource's rows (links in a category, home-page blocks): the integer
 * field holding each row's position, smaller first, and optionally the field whose value groups
 * the rows that are ordered among themselves. The `reorder` action moves rows within it.
 */
export interface OrderSpec {
  field: string;
  /** rows are ordered among those with the same value of this field; unset: the whole table */
  group?: string;
}

export interface MenuPlacement {
  parent: string;
  icon?: string;
  order: number;
}

/** The shape of a public call's answer. */
export type PublicShape = 'list' | 'one' | 'tree' | 'count';

/** One GET of the public content service. */
export interface PublicView {
  /** under /api/cms/web, e.g. contents/pictures; `{id}` is the only placeholder */
  path: string;
  /** list: `{ rows, total }`, paginated; one: the row; tree: every row nested under `children`; count: `{ total }` */
  shape: PublicShape;
  /** returned besides `id` */
  fields: string[];
  /** query parameters the call takes, as list filters do */
  filters: ListFilter[];
  /** every condition must hold for a row to be served: the exposure's `where`, then the view's own */
  where: FieldCondition[];
  sort: SortSpec[];
  /** the field the path's `{id}` is compared with (`id` for the one-row call) */
  by?: string;
}

export interface PublicExposure {
  /** path under /api/cms/web, e.g. contents */
  path: string;
  /** what the public may see: the one-row call returns these */
  fields: string[];
  /** what the list calls return (a subset of fields; default all of them) */
  listFields: string[];
  filters: ListFilter[];
  /** only rows matching this are published */
  where?: FieldCondition;
  sort: SortSpec[];
  /** fields the public may send in a POST to the path; undefined: the public cannot write */
  submit?: string[];
  /** every GET the service answers for this resource: the list at `path`, the row at `path/{id}`, then the declared views */
  views: PublicView[];
}

export interface PublishWindow {
  /** a date or datetime field: the row goes public at this time */
  at: string;
  /** a date or datetime field: the row stops being public at this time */
  until?: string;
}

export interface Resource {
  name: string;
  module: string;
  /** the page's name, also the menu entry: 用户管理 / Users */
  title: I18n;
  /** what one row is called, in drawers and confirmations: 新增用户 / New user */
  singular: I18n;
  /** REST base, e.g. /api/sys/users */
  endpoint: string;
  /** database table */
  table: string;
  /** browser route, e.g. /sys/users */
  route: string;
  /** field holding the parent id when the resource is a tree */
  treeParent?: string;
  menu?: MenuPlacement;
  fields: Field[];
  list: ListSpec;
  form: FormSpec;
  actions: Action[];
  /** the rows' own order, when staff arrange it */
  order?: OrderSpec;
  public?: PublicExposure;
  /**
   * The publish window: a row is public (and counted as published) only from its `at` time and
   * before its `until` time, by the database's clock; an empty time leaves that side open.
   */
  publish?: PublishWindow;
  /** composite indexes besides the default ones, each a list of field names */
  indexes?: string[][];
  /** rules relating fields, checked by the server on every write and by the form */
  rules?: FieldRule[];
  /**
   * Every saved state of a row is kept as a revision (server/resources/revisions.ts), listed,
   * compared and restored from the row's form. Distinct from `version`, which every row carries
   * for concurrent edits: a revision is the row's values at one version.
   */
  revisions?: boolean;
  /** an edit of a row can be kept as a draft, published later, the row staying as it is (docs/schema.md, "Drafts") */
  drafts?: boolean;
  /**
   * A delete moves rows to the resource's recycle bin (deleted_at, deleted_by) instead of
   * removing them: hidden from every list, read and the public service, restored or purged from
   * the bin (server/resources/recycleBin.ts; docs/schema.md, "Recycle bin").
   */
  softDelete?: boolean;
  /** system resources (users, roles, menus) keep their tables in migrations, not from the manifest */
  system: boolean;
  /** where the resource came from, for messages */
  source?: { file: string; line: number; col: number };
}

/** A top-level menu group that resources hang under (declared in schemas/_menus.yaml). */
export interface MenuGroup {
  name: string;
  title: I18n;
  icon?: string;
  order: number;
  parent?: string;
}

/** One entry of the route list the server gives the app (spec §2 "Dynamic routes"). */
export interface RouteEntry {
  path: string;
  name?: string;
  component: string;
  redirect?: string;
  alwaysShow?: boolean;
  hidden?: boolean;
  meta?: {
    title: string;
    titleI18n?: I18n;
    icon?: string;
    affix?: boolean;
    noCache?: boolean;
    permission?: string;
  };
  children?: RouteEntry[];
}

export interface PermissionEntry {
  resource: string;
  action: string;
  code: string;
}

export interface Manifest {
  version: 1;
  resources: Resource[];
  menuGroups: MenuGroup[];
  routes: RouteEntry[];
  permissions: PermissionEntry[];
}

/** A problem found in a schema file. */
export interface Problem {
  file: string;
  line: number;
  col: number;
  /** key path inside the document, e.g. fields.userName.type */
  path: string;
  /** in English */
  message: string;
  /** the same in Chinese, where the rule is worded in both (problemMessages.ts) */
  zh?: string;
}

/** The part of JSON Schema (draft-07) the compilers emit; rjsf and ajv read it as is. */
export type JsonType = 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array' | 'null';
export interface JsonSchema {
  type?: JsonType | JsonType[];
  title?: string;
  description?: string;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  default?: unknown;
  const?: unknown;
  oneOf?: JsonSchema[];
  items?: JsonSchema;
  uniqueItems?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean;
  enum?: unknown[];
  not?: JsonSchema;
  allOf?: JsonSchema[];
  if?: JsonSchema;
  then?: JsonSchema;
}
