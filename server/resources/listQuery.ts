// The list parameters of docs/api.md: page, limit, sort and one parameter per declared filter
// (`{field}From`/`{field}To` for ranges). Anything else is a 400 naming it, so a typo in a
// filter never silently returns everything. The admin lists and the public content service
// read their parameters here, each with its own filters and sort rules.
import { LIST_DEFAULT_LIMIT, LIST_MAX_LIMIT } from '../../runtime/contract.ts';
import { listFilters, TREE_LIST_PARAMS } from '../../runtime/schema/listFilters.ts';
import type {
  Field,
  FieldCondition,
  FilterOp,
  Lang,
  ListFilter,
  Manifest,
  Resource,
  SortSpec,
} from '../../runtime/schema/types.ts';
import { validationMessage } from '../../runtime/schema/validationMessages.ts';
import { badListParameters } from '../http/errors.ts';
import { coerceField, toInt4 } from './coerce.ts';
import { fieldByName, readableFields } from './fields.ts';

export interface FilterClause {
  field: Field;
  /**
   * subtree: the ref's row or any row below it in the referenced tree;
   * visible: the ref is empty or points at a row of the tree named by `value` that is public,
   * and so is every row above it (server/public/visibility.ts);
   * published: the row is inside the publish window of the resource given as `value`;
   * scheduled: the row's publish time is still ahead (`value` true) or not (false)
   */
  op: FilterOp | 'from' | 'to' | 'subtree' | 'visible' | 'published' | 'scheduled';
  value: unknown;
}

export interface SortKey {
  field: Field | 'id';
  desc: boolean;
}

export interface ListQuery {
  page: number;
  limit: number;
  /** in order of precedence; the id breaks the last tie */
  sort: SortKey[];
  filters: FilterClause[];
  /** conditions every row must meet besides the filters (a public view's `where`) */
  where?: FieldCondition[];
  /** read only these fields' columns (and the id); unset: every column */
  fields?: string[];
  /** only these rows (`?id=1,2,3`: the labels of the references a page shows) */
  ids?: number[];
  /** on a tree resource: what a picker that reads the tree a level at a time asks besides the rows */
  tree?: TreeExtras;
}

export interface TreeExtras {
  /** each row says whether any row has it as parent (`hasChildren=true`) */
  hasChildren: boolean;
  /** the rows above the page's rows come along (`ancestors=true`) */
  ancestors: boolean;
}

/** How one call reads its parameters. */
export interface QuerySpec {
  filters: ListFilter[];
  /** names the `sort` parameter may take; unset: the call takes no `sort` */
  sortable?: string[];
  sort: SortSpec[];
  /** `page` and `limit` (default true) */
  paging?: boolean;
  /** further parameters the caller reads itself */
  extraParams?: readonly string[];
  /** the call takes `id=1,2,3` (the admin lists) */
  ids?: boolean;
  /** the language of the problems, the request's as for writes (default Chinese) */
  lang?: Lang;
}

/** `1,2,3` as ids; an error message when it is not a list of ids the table could hold. */
function readIds(raw: unknown): { ids: number[] } | { error: string } {
  if (typeof raw !== 'string') return { error: 'must be a comma-separated list of ids' };
  const parts = raw.split(',').map((p) => p.trim());
  if (parts.length > LIST_MAX_LIMIT) return { error: `at most ${LIST_MAX_LIMIT} ids` };
  const ids = parts.map(Number);
  if (parts.some((p) => !/^[1-9]\d{0,9}$/.test(p)) || ids.some((id) => id > 2_147_483_647))
    return { error: 'must be a comma-separated list of ids' };
  return { ids: [...new Set(ids)] };
}

const first = (value: unknown): unknown => (Array.isArray(value) ? value[value.length - 1] : value);

/** Parameters every list accepts besides its filters; export also takes ids and a language. */
export const PAGING_PARAMS = ['page', 'limit', 'sort'] as const;

export function sortableNames(resource: Resource): string[] {
  const names = resource.list.columns.filter((c) => c.sortable).map((c) => c.field);
  return [...new Set([...names, resource.list.sort.field])];
}

export function sortKeys(resource: Resource, specs: SortSpec[]): SortKey[] {
  return specs.flatMap((s): SortKey[] => {
    if (s.field === 'id') return [{ field: 'id', desc: s.desc }];
    const field = fieldByName(resource, s.field);
    return field ? [{ field, desc: s.desc }] : [];
  });
}

/** The clauses of the declared filters found in `params`; bad values land in `errors`. */
function readFilters(
  resource: Resource,
  filters: ListFilter[],
  params: Record<string, unknown>,
  known: Set<string>,
  errors: Record<string, string>,
  lang: Lang,
): FilterClause[] {
  const clauses: FilterClause[] = [];
  for (const filter of filters) {
    const field = fieldByName(resource, filter.field);
    if (!field) continue;
    const names = filter.op === 'range' ? [`${field.name}From`, `${field.name}To`] : [field.name];
    for (const name of names) {
      known.add(name);
      const raw = first(params[name]);
      if (raw === undefined || raw === '') continue;
      if (typeof raw === 'object') {
        errors[name] = validationMessage(lang, 'single', { title: field.title[lang] });
      } else if (filter.op === 'range') {
        const coerced = coerceField({ ...field, multiple: false }, raw, lang);
        if (!coerced.ok) errors[name] = coerced.message;
        else clauses.push({ field, op: name.endsWith('From') ? 'from' : 'to', value: coerced.value });
      } else if (filter.op === 'in') {
        const coerced = coerceField({ ...field, multiple: true }, String(raw).split(','), lang);
        if (!coerced.ok) errors[name] = coerced.message;
        else clauses.push({ field, op: 'in', value: coerced.value });
      } else if (filter.op === 'like') {
        const text = String(raw).trim();
        if (text.includes('\u0000')) errors[name] = 'must not contain a NUL character';
        else clauses.push({ field, op: 'like', value: text });
      } else {
        const coerced = coerceField({ ...field, multiple: false }, raw, lang);
        if (!coerced.ok) errors[name] = coerced.message;
        else clauses.push({ field, op: 'eq', value: coerced.value });
      }
    }
  }
  return clauses;
}

export function parseQuery(resource: Resource, params: Record<string, unknown>, spec: QuerySpec): ListQuery {
  const errors: Record<string, string> = {};
  const lang = spec.lang ?? 'zh';
  const paging = spec.paging ?? true;
  const known = new Set<string>(spec.extraParams ?? []);
  if (paging) known.add('page').add('limit');
  if (spec.sortable) known.add('sort');
  let ids: number[] | undefined;
  if (spec.ids) {
    known.add('id');
    const raw = first(params.id);
    if (raw !== undefined && raw !== '') {
      const read = readIds(raw);
      if ('error' in read) errors.id = read.error;
      else ids = read.ids;
    }
  }
  const filters = readFilters(resource, spec.filters, params, known, errors, lang);
  for (const name of Object.keys(params)) {
    if (!known.has(name)) errors[name] = validationMessage(lang, 'unknownParam', { title: name });
  }

  // a page past int4 is no page anyone has; its offset would overflow PostgreSQL's bigint
  const page = toInt4(first(params.page) ?? 1) ?? 0;
  if (paging && page < 1) errors.page = validationMessage(lang, 'page', { title: 'page' });
  const limit = toInt4(first(params.limit) ?? LIST_DEFAULT_LIMIT) ?? 0;
  if (paging && (limit < 1 || limit > LIST_MAX_LIMIT)) {
    errors.limit = validationMessage(lang, 'limit', { title: 'limit', limit: LIST_MAX_LIMIT });
  }

  let sort = sortKeys(resource, spec.sort);
  const rawSort = first(params.sort);
  if (spec.sortable && rawSort !== undefined && rawSort !== '') {
    const text = String(rawSort);
    const desc = text.startsWith('-');
    const name = desc ? text.slice(1) : text;
    const field = fieldByName(resource, name);
    if (name === 'id') sort = [{ field: 'id', desc }];
    else if (field && spec.sortable.includes(name)) sort = [{ field, desc }];
    else
      errors.sort = validationMessage(lang, 'sort', {
        title: name,
        ids: ['id', ...spec.sortable].join(', '),
      });
  }
  if (sort.length === 0) sort = [{ field: 'id', desc: true }];

  if (Object.keys(errors).length > 0) throw badListParameters(errors);
  return { page: paging ? page : 1, limit: paging ? limit : LIST_MAX_LIMIT, sort, filters, ids };
}

/** `true` or `false` (or absent: false); anything else lands in `errors`. */
function readFlag(
  params: Record<string, unknown>,
  name: string,
  errors: Record<string, string>,
  lang: Lang,
): boolean {
  const raw = first(params[name]);
  if (raw === undefined || raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  errors[name] = validationMessage(lang, 'flag', { title: name });
  return false;
}

/** What an admin list reads of its resource, worked out once per resource object. */
interface AdminListSpec {
  spec: QuerySpec;
  /** the publish time field, when the resource has a publish window (`scheduled=`) */
  at: Field | undefined;
}

const adminSpecs = new WeakMap<Resource, AdminListSpec>();

function adminListSpec(resource: Resource, extraParams: readonly string[]): AdminListSpec {
  // only the common call, with no extra parameters, is kept
  const kept = extraParams.length === 0 ? adminSpecs.get(resource) : undefined;
  if (kept) return kept;
  const at = (resource.publish && fieldByName(resource, resource.publish.at)) || undefined;
  const made: AdminListSpec = {
    at,
    spec: {
      filters: listFilters(resource),
      sortable: sortableNames(resource),
      sort: [resource.list.sort],
      extraParams: [
        ...extraParams,
        ...(at ? ['scheduled'] : []),
        ...(resource.treeParent ? TREE_LIST_PARAMS : []),
      ],
      ids: true,
    },
  };
  if (extraParams.length === 0) adminSpecs.set(resource, made);
  return made;
}

/** The admin list's parameters: its filters, its sortable columns, its default sort. */
export function parseListQuery(
  resource: Resource,
  params: Record<string, unknown>,
  extraParams: readonly string[] = [],
  lang: Lang = 'zh',
): ListQuery {
  const { spec, at } = adminListSpec(resource, extraParams);
  const parsed = parseQuery(resource, params, { ...spec, lang });
  const errors: Record<string, string> = {};
  const query: ListQuery = resource.treeParent
    ? {
        ...parsed,
        tree: {
          hasChildren: readFlag(params, 'hasChildren', errors, lang),
          ancestors: readFlag(params, 'ancestors', errors, lang),
        },
      }
    : parsed;
  // a resource with a publish window lists its scheduled rows with `scheduled=true`
  const scheduled = first(params.scheduled);
  if (at && scheduled !== undefined && scheduled !== '') {
    if (scheduled !== 'true' && scheduled !== 'false')
      errors.scheduled = validationMessage(lang, 'flag', { title: 'scheduled' });
    else query.filters = [...query.filters, { field: at, op: 'scheduled', value: scheduled === 'true' }];
  }
  if (Object.keys(errors).length > 0) throw badListParameters(errors);
  return query;
}

/** Field types whose values run long: a list answer carries them only when its page shows them. */
const LONG_TYPES: ReadonlySet<Field['type']> = new Set(['richtext', 'text', 'json']);

/**
 * The fields an admin list answer carries: every readable field but the long ones (bodies,
 * summaries, JSON) that the list page neither shows nor reads: its columns, the fields its row
 * and batch actions' conditions read, its tree parent, and the labels other resources' pickers
 * and cells show of it. The form reads the whole row by id. Short fields stay: the hand-written
 * views page through these lists and read them (docs/decisions.md, "List answers").
 */
export function listPageFields(resource: Resource, manifest: Manifest): string[] {
  const needed = new Set<string>(resource.list.columns.map((c) => c.field));
  for (const action of resource.actions) if (action.when) needed.add(action.when.field);
  if (resource.treeParent) needed.add(resource.treeParent);
  // the publish time's 已排期 holds only on a row the public would see (runtime/ui/CellValue.tsx)
  if (resource.publish && resource.public?.where) needed.add(resource.public.where.field);
  for (const other of manifest.resources)
    for (const field of other.fields)
      if (field.ref === resource.name && field.refLabel) needed.add(field.refLabel);
  return readableFields(resource)
    .filter((f) => needed.has(f.name) || !LONG_TYPES.has(f.type))
    .map((f) => f.name);
}
