// Turns one YAML document that passed the meta-schema into the normalised Resource: every
// default filled in, every shorthand expanded, every condition parsed. It also records where
// the document names a field, so crossCheck.ts can point at the exact entry that names an
// undeclared one.
import { snakeCase } from 'change-case';
import { coerceLiteral } from './coerceLiteral.ts';
import { parseCondition } from './condition.ts';
import type { FieldReference } from './fieldReference.ts';
import { normalizeRules } from './fieldRules.ts';
import { FIELD_TYPE_SPECS } from './fieldTypes.ts';
import type {
  RawActionObject,
  RawField,
  RawFilter,
  RawI18n,
  RawLayout,
  RawMenus,
  RawResource,
} from './metaSchema.ts';
import { normalizePublic } from './normalizePublic.ts';
import { PROBLEMS, type ProblemText } from './problemMessages.ts';
import { inSentence } from './prompts.ts';
import type { KeyPath } from './source.ts';
import {
  DEFAULT_ACTIONS,
  isStandardActionName,
  type RowNouns,
  STANDARD_ACTION_SPECS,
} from './standardActions.ts';
import type {
  Action,
  Field,
  FieldCondition,
  FormGroup,
  I18n,
  ListColumn,
  ListFilter,
  ListSpec,
  MenuGroup,
  OrderSpec,
  PublishWindow,
  Resource,
  SortSpec,
} from './types.ts';
import { normalizeUploadRules } from './uploadRules.ts';

export const DEFAULT_PAGE_SIZE = 20;
/** Lists with no `sort` show the newest rows first. */
export const DEFAULT_SORT: SortSpec = { field: 'id', desc: true };

export interface NormalizeContext {
  /** the file's path relative to the schema folder, kept in Resource.source */
  file: string;
  /** where the document starts, kept in Resource.source */
  start(): { line: number; col: number };
  report(path: KeyPath, message: ProblemText): void;
}

export interface Normalized {
  resource: Resource;
  references: FieldReference[];
}

const i18n = (raw: RawI18n | undefined, fallback: string): I18n =>
  raw ? { zh: raw.zh, en: raw.en } : { zh: fallback, en: fallback };

// The same field names (title, status, createTime) recur in every resource, and change-case's
// splitting is a measurable share of loading a thousand files; the names are few, so keep them.
const snakeNames = new Map<string, string>();
function snake(name: string): string {
  let out = snakeNames.get(name);
  if (out === undefined) {
    out = snakeCase(name);
    snakeNames.set(name, out);
  }
  return out;
}

export function tableName(module: string, resource: string): string {
  return snake(`${module}_${resource}`);
}

/**
 * What one row is called when the schema does not say: the title without the 管理 ("management")
 * a Chinese page title ends in (用户管理 → 用户), and the English title as it is.
 */
export function singularOf(title: I18n): I18n {
  return { zh: title.zh.replace(/管理$/, '') || title.zh, en: title.en };
}

/**
 * The nouns of the standard confirmations. The English title is a plural ("Users"); without a
 * declared singular, one English row is a "record" rather than the plural.
 */
function rowNouns(resource: Resource, declared: boolean): RowNouns {
  const one = inSentence(resource.singular.en, 'en');
  return {
    one: { zh: resource.singular.zh, en: declared ? one : 'record' },
    many: { zh: resource.singular.zh, en: inSentence(resource.title.en, 'en') },
  };
}

export function normalizeResource(raw: RawResource, ctx: NormalizeContext): Normalized {
  const references: FieldReference[] = [];
  const refer = (field: string, path: KeyPath, role: FieldReference['role']) =>
    references.push({ field, path, role });

  /** Parses a condition and gives its literals the type of the field they compare against. */
  const condition = (text: string, path: KeyPath): FieldCondition | undefined => {
    const parsed = parseCondition(text);
    if (!parsed.ok) {
      ctx.report(path, parsed.error);
      return undefined;
    }
    const cond = parsed.condition;
    refer(cond.field, path, 'condition');
    const target = raw.fields[cond.field];
    if (!target || cond.value === undefined) return cond;
    const coerce = (v: unknown) => coerceLiteral(v, target, cond.field, (m) => ctx.report(path, m));
    const value = Array.isArray(cond.value) ? cond.value.map(coerce) : coerce(cond.value);
    return { ...cond, value };
  };

  const fields = Object.entries(raw.fields).map(([name, f]) => normalizeField(name, f, raw, condition));
  const treeParent = fields.find((f) => f.type === 'tree-parent')?.name;

  const filters = (
    list: RawFilter[] | undefined,
    base: KeyPath,
    role: FieldReference['role'],
  ): ListFilter[] =>
    (list ?? []).map((entry, i) => {
      const spec = typeof entry === 'string' ? { field: entry } : entry;
      refer(spec.field, typeof entry === 'string' ? [...base, i] : [...base, i, 'field'], role);
      const type = raw.fields[spec.field]?.type;
      const op = spec.op ?? (type ? FIELD_TYPE_SPECS[type].filter?.op : undefined) ?? 'eq';
      return { field: spec.field, op };
    });

  const list = normalizeList(raw, fields, treeParent, filters, refer);

  const title = i18n(raw.title, raw.resource);
  const resource: Resource = {
    name: raw.resource,
    module: raw.module,
    title,
    singular: raw.singular ? i18n(raw.singular, raw.resource) : singularOf(title),
    endpoint: raw.endpoint ?? `/api/${raw.module}/${raw.resource}`,
    table: raw.table ?? tableName(raw.module, raw.resource),
    route: `/${raw.module}/${raw.resource}`,
    treeParent,
    menu: raw.menu ? { parent: raw.menu.parent, icon: raw.menu.icon, order: raw.menu.order ?? 0 } : undefined,
    fields,
    list,
    form: { groups: normalizeForm(raw, fields, refer, ctx) },
    actions: [],
    order: normalizeOrder(raw, refer),
    public: undefined,
    publish: raw.publish ? publishWindow(raw.publish, refer) : undefined,
    indexes: raw.indexes?.map((names, i) =>
      names.map((name, j) => {
        refer(name, ['indexes', i, j], 'index field');
        return name;
      }),
    ),
    // left out of the manifest when off, like the other switches a resource may not have
    revisions: raw.revisions === true ? true : undefined,
    drafts: raw.drafts === true ? true : undefined,
    softDelete: raw.softDelete === true ? true : undefined,
    system: raw.system ?? false,
    source: { file: ctx.file, ...ctx.start() },
  };
  /** An action's `set` values, each read as its field's type. */
  const setValues = (set: Record<string, unknown>, base: KeyPath): Record<string, unknown> =>
    Object.fromEntries(
      Object.entries(set).map(([name, value]) => {
        refer(name, [...base, name], 'action set field');
        const target = raw.fields[name];
        if (!target) return [name, value];
        const report = (m: ProblemText) => ctx.report([...base, name], m);
        return [name, coerceLiteral(value, target, name, report, { allowNow: true })];
      }),
    );
  const nouns = rowNouns(resource, raw.singular !== undefined);
  const rules = normalizeRules(raw.rules, { condition, refer, report: ctx.report });
  if (rules) resource.rules = rules;
  resource.actions = (raw.actions ?? [...DEFAULT_ACTIONS]).map((entry, i) =>
    normalizeAction(entry, i, resource, { condition, refer, setValues, report: ctx.report, nouns }),
  );
  binActions(resource, raw, nouns, ctx.report);
  // the permission a field needs is an action's, so it is a button a role can be granted
  for (const [name, f] of Object.entries(raw.fields)) {
    if (f.writePermission !== undefined && !resource.actions.some((a) => a.name === f.writePermission)) {
      ctx.report(
        ['fields', name, 'writePermission'],
        PROBLEMS.writePermissionUnknown({
          resource: raw.resource,
          action: f.writePermission,
          permission: `${raw.module}:${raw.resource}:${f.writePermission}`,
        }),
      );
    }
  }
  if (raw.public) {
    resource.public = normalizePublic(raw.public, {
      refer,
      condition,
      filters,
      report: ctx.report,
      listSort: list.sort,
      treeParent,
    });
  }
  return { resource, references };
}

/**
 * A resource with a recycle bin gets the `purge` button (its own permission) when it does not
 * declare one; `purge` without a bin, or a bin on a system table, is a mistake in the schema.
 */
function binActions(
  resource: Resource,
  raw: RawResource,
  nouns: RowNouns,
  report: NormalizeContext['report'],
) {
  const declared = resource.actions.findIndex((a) => a.name === 'purge');
  if (!resource.softDelete) {
    if (declared >= 0) report(['actions', declared], PROBLEMS.purgeWithoutBin());
    return;
  }
  if (raw.system) report(['softDelete'], PROBLEMS.binOnSystem());
  // the delete confirmation says where the rows go, unless the schema worded its own
  for (const action of resource.actions) {
    if (action.name !== 'delete' && action.name !== 'batchDelete') continue;
    const standard = STANDARD_ACTION_SPECS[action.name].confirm?.(nouns);
    if (standard && action.confirm?.zh === standard.zh && action.confirm.en === standard.en)
      action.confirm = {
        zh: `${standard.zh}删除后可在回收站中恢复`,
        en: `${standard.en} It goes to the recycle bin, where it can be restored.`,
      };
  }
  if (declared < 0 && resource.actions.some((a) => a.name === 'delete' || a.name === 'batchDelete'))
    resource.actions.push(
      normalizeAction('purge', resource.actions.length, resource, {
        condition: () => undefined,
        refer: () => undefined,
        setValues: (set) => set,
        report,
        nouns,
      }),
    );
}

function publishWindow(
  raw: NonNullable<RawResource['publish']>,
  refer: (field: string, path: KeyPath, role: FieldReference['role']) => void,
): PublishWindow {
  refer(raw.at, ['publish', 'at'], 'publish window field');
  if (raw.until !== undefined) refer(raw.until, ['publish', 'until'], 'publish window field');
  return raw.until === undefined ? { at: raw.at } : { at: raw.at, until: raw.until };
}

function normalizeField(
  name: string,
  raw: RawField,
  resource: RawResource,
  condition: (text: string, path: KeyPath) => FieldCondition | undefined,
): Field {
  return {
    name,
    type: raw.type,
    title: i18n(raw.title, name),
    column: raw.column ?? snake(name),
    required: raw.required ?? false,
    unique: raw.unique ?? false,
    trim: raw.trim ?? false,
    minLength: raw.minLength,
    maxLength: raw.maxLength,
    minimum: raw.minimum,
    maximum: raw.maximum,
    pattern: raw.pattern,
    // a tree-parent of 0 is a root entry
    default: raw.default ?? (raw.type === 'tree-parent' ? 0 : undefined),
    readOnly: raw.readOnly ?? false,
    writeOnly: raw.writeOnly ?? raw.type === 'password',
    only: raw.only,
    writePermission:
      raw.writePermission === undefined
        ? undefined
        : `${resource.module}:${resource.resource}:${raw.writePermission}`,
    options: raw.options?.map((o) => ({ value: o.value, label: { zh: o.zh, en: o.en }, color: o.color })),
    // a tree-parent points into its own resource unless it says otherwise
    ref: raw.ref ?? (raw.type === 'tree-parent' ? resource.resource : undefined),
    refLabel: raw.label,
    multiple: raw.type === 'ref' ? (raw.multiple ?? false) : raw.multiple,
    onDelete: raw.type === 'ref' || raw.type === 'tree-parent' ? (raw.onDelete ?? 'restrict') : raw.onDelete,
    exclusive: raw.exclusive,
    refDetail: raw.detail,
    checkTree: raw.checkTree,
    confirmChanges: raw.confirmChanges,
    upload: normalizeUploadRules(raw.upload),
    index: raw.index,
    visibleWhen:
      raw.visibleWhen === undefined ? undefined : condition(raw.visibleWhen, ['fields', name, 'visibleWhen']),
    requiredWhen:
      raw.requiredWhen === undefined
        ? undefined
        : condition(raw.requiredWhen, ['fields', name, 'requiredWhen']),
    help: raw.help ? i18n(raw.help, '') : undefined,
    placeholder: raw.placeholder ? i18n(raw.placeholder, '') : undefined,
  };
}

function normalizeList(
  raw: RawResource,
  fields: Field[],
  treeParent: string | undefined,
  filters: (list: RawFilter[] | undefined, base: KeyPath, role: FieldReference['role']) => ListFilter[],
  refer: (field: string, path: KeyPath, role: FieldReference['role']) => void,
): ListSpec {
  const rawList = raw.list ?? {};
  const columns: ListColumn[] = rawList.columns
    ? rawList.columns.map((entry, i) => {
        const spec = typeof entry === 'string' ? { field: entry } : entry;
        refer(
          spec.field,
          typeof entry === 'string' ? ['list', 'columns', i] : ['list', 'columns', i, 'field'],
          'list column',
        );
        return {
          field: spec.field,
          width: spec.width,
          fixed: spec.fixed,
          sortable: spec.sortable ?? false,
          ellipsis: spec.ellipsis ?? false,
          ...(spec.relative ? { relative: true } : {}),
        };
      })
    : fields
        .filter((f) => !f.writeOnly && FIELD_TYPE_SPECS[f.type].listedByDefault)
        .map((f) => ({ field: f.name, sortable: false, ellipsis: false }));
  let sort = DEFAULT_SORT;
  if (rawList.sort !== undefined) {
    const desc = rawList.sort.startsWith('-');
    sort = { field: desc ? rawList.sort.slice(1) : rawList.sort, desc };
    if (sort.field !== DEFAULT_SORT.field) refer(sort.field, ['list', 'sort'], 'sort');
  }
  return {
    columns,
    filters: filters(rawList.filters, ['list', 'filters'], 'filter'),
    sort,
    pageSize: rawList.pageSize ?? DEFAULT_PAGE_SIZE,
    tree: rawList.tree ?? treeParent !== undefined,
  };
}

function normalizeOrder(
  raw: RawResource,
  refer: (field: string, path: KeyPath, role: FieldReference['role']) => void,
): OrderSpec | undefined {
  if (raw.order === undefined) return undefined;
  if (typeof raw.order === 'string') {
    refer(raw.order, ['order'], 'order field');
    return { field: raw.order };
  }
  refer(raw.order.field, ['order', 'field'], 'order field');
  if (raw.order.group === undefined) return { field: raw.order.field };
  refer(raw.order.group, ['order', 'group'], 'order group');
  return { field: raw.order.field, group: raw.order.group };
}

function normalizeForm(
  raw: RawResource,
  fields: Field[],
  refer: (field: string, path: KeyPath, role: FieldReference['role']) => void,
  ctx: NormalizeContext,
): FormGroup[] {
  const rows = (layout: RawLayout, base: KeyPath): string[][] =>
    layout.map((row, r) => {
      const names = typeof row === 'string' ? [row] : row;
      names.forEach((name, c) => {
        refer(name, typeof row === 'string' ? [...base, r] : [...base, r, c], 'form entry');
      });
      return names;
    });
  const form = raw.form;
  if (form?.layout && form.groups) ctx.report(['form', 'groups'], PROBLEMS.layoutAndGroups());
  if (form?.groups) {
    return form.groups.map((g, i) => ({
      title: g.title ? i18n(g.title, '') : undefined,
      rows: rows(g.layout, ['form', 'groups', i, 'layout']),
    }));
  }
  if (form?.layout) return [{ rows: rows(form.layout, ['form', 'layout']) }];
  return [{ rows: fields.filter((f) => !f.readOnly).map((f) => [f.name]) }];
}

interface ActionTools {
  condition(text: string, path: KeyPath): FieldCondition | undefined;
  refer(field: string, path: KeyPath, role: FieldReference['role']): void;
  setValues(set: Record<string, unknown>, base: KeyPath): Record<string, unknown>;
  report(path: KeyPath, message: ProblemText): void;
  nouns: RowNouns;
}

/** An action that opens a page of the app: a link, so nothing of a server call applies to it. */
function openAction(
  raw: RawActionObject,
  title: I18n,
  permission: string,
  when: FieldCondition | undefined,
  base: KeyPath,
  report: ActionTools['report'],
): Action {
  const open = raw.open!;
  for (const key of ['method', 'path', 'form', 'set', 'download', 'confirm'] as const) {
    if (raw[key] !== undefined) report([...base, key], PROBLEMS.openTakesNo({ key, open }));
  }
  const scope = raw.scope ?? (open.includes('{id}') ? 'row' : 'toolbar');
  if (scope !== 'row' && open.includes('{id}')) report([...base, 'open'], PROBLEMS.openRowScope({ open }));
  return {
    name: raw.name,
    title,
    standard: false,
    method: 'GET',
    path: '',
    scope,
    permission,
    when,
    danger: raw.danger,
    open,
  };
}

function normalizeAction(
  entry: string | RawActionObject,
  index: number,
  resource: Resource,
  { condition, refer, setValues, report, nouns }: ActionTools,
): Action {
  const raw: RawActionObject = typeof entry === 'string' ? { name: entry } : entry;
  const base: KeyPath = ['actions', index];
  const permission = `${resource.module}:${resource.name}:${raw.name}`;
  raw.form?.forEach((f, i) => {
    refer(f, [...base, 'form', i], 'action form field');
  });
  const when = raw.when === undefined ? undefined : condition(raw.when, [...base, 'when']);
  const resolve = (path: string) => (path.startsWith('/api/') ? path : `${resource.endpoint}${path}`);

  if (isStandardActionName(raw.name)) {
    const spec = STANDARD_ACTION_SPECS[raw.name];
    // the generic CRUD already says what a standard action writes
    if (raw.set) report([...base, 'set'], PROBLEMS.setOnStandard({ action: raw.name }));
    return {
      name: raw.name,
      title: raw.title ?? spec.title,
      standard: true,
      method: raw.method ?? spec.method,
      path: raw.path ? resolve(raw.path) : `${resource.endpoint}${spec.suffix}`,
      scope: raw.scope ?? spec.scope,
      permission,
      confirm:
        raw.confirm === undefined ? spec.confirm?.(nouns) : confirmText(raw.confirm, raw.title ?? spec.title),
      form: raw.form,
      when,
      download: raw.download ?? spec.download,
      danger: raw.danger ?? spec.danger,
    };
  }
  // the meta-schema makes title, method and path required for custom actions
  const title = raw.title ?? { zh: raw.name, en: raw.name };
  if (raw.open !== undefined) return openAction(raw, title, permission, when, base, report);
  const path = resolve(raw.path ?? '');
  const scope = raw.scope ?? (path.includes('{id}') ? 'row' : 'toolbar');
  if (raw.set && scope !== 'row' && scope !== 'batch') {
    report([...base, 'set'], PROBLEMS.setScope({ scope }));
  }
  return {
    name: raw.name,
    title,
    standard: false,
    method: raw.method ?? 'POST',
    path,
    scope,
    permission,
    confirm: confirmText(raw.confirm, title),
    form: raw.form,
    when,
    download: raw.download,
    danger: raw.danger,
    set: raw.set ? setValues(raw.set, [...base, 'set']) : undefined,
  };
}

function confirmText(confirm: RawActionObject['confirm'], title: I18n): I18n | undefined {
  if (confirm === true) return { zh: `确定${title.zh}？`, en: `${title.en}?` };
  if (confirm === false || confirm === undefined) return undefined;
  return { zh: confirm.zh, en: confirm.en };
}

export function normalizeMenuGroups(raw: RawMenus): MenuGroup[] {
  return Object.entries(raw).map(([name, g]) => ({
    name,
    title: i18n(g.title, name),
    icon: g.icon,
    order: g.order ?? 0,
    parent: g.parent,
  }));
}
