// The list parameters of docs/api.md: page, limit, sort and one parameter per declared filter
// (`{field}From`/`{field}To` for ranges). Anything else is a 400 naming it, so a typo in a
// filter never silently returns everything. The admin lists and the public content service
// read their parameters here, each with its own filters and sort rules.
import { LIST_DEFAULT_LIMIT, LIST_MAX_LIMIT } from '../../runtime/contract.ts';
import type {
  Field,
  FieldCondition,
  FilterOp,
  ListFilter,
  Resource,
  SortSpec,
} from '../../runtime/schema/types.ts';
import { badRequest } from '../http/errors.ts';
import { coerceField } from './coerce.ts';
import { fieldByName } from './fields.ts';

export interface FilterClause {
  field: Field;
  /** subtree: the ref's row or any row below it in the referenced tree */
  op: FilterOp | 'from' | 'to' | 'subtree';
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
        errors[name] = 'must be a single value';
      } else if (filter.op === 'range') {
        const coerced = coerceField({ ...field, multiple: false }, raw);
        if (!coerced.ok) errors[name] = coerced.message;
        else clauses.push({ field, op: name.endsWith('From') ? 'from' : 'to', value: coerced.value });
      } else if (filter.op === 'in') {
        const coerced = coerceField({ ...field, multiple: true }, String(raw).split(','));
        if (!coerced.ok) errors[name] = coerced.message;
        else clauses.push({ field, op: 'in', value: coerced.value });
      } else if (filter.op === 'like') {
        clauses.push({ field, op: 'like', value: String(raw).trim() });
      } else {
        const coerced = coerceField({ ...field, multiple: false }, raw);
        if (!coerced.ok) errors[name] = coerced.message;
        else clauses.push({ field, op: 'eq', value: coerced.value });
      }
    }
  }
  return clauses;
}

export function parseQuery(resource: Resource, params: Record<string, unknown>, spec: QuerySpec): ListQuery {
  const errors: Record<string, string> = {};
  const paging = spec.paging ?? true;
  const known = new Set<string>(spec.extraParams ?? []);
  if (paging) known.add('page').add('limit');
  if (spec.sortable) known.add('sort');
  const filters = readFilters(resource, spec.filters, params, known, errors);
  for (const name of Object.keys(params)) {
    if (!known.has(name)) errors[name] = 'unknown parameter';
  }

  const page = Number(first(params.page) ?? 1);
  if (paging && (!Number.isInteger(page) || page < 1)) errors.page = 'must be a whole number of at least 1';
  const limit = Number(first(params.limit) ?? LIST_DEFAULT_LIMIT);
  if (paging && (!Number.isInteger(limit) || limit < 1 || limit > LIST_MAX_LIMIT)) {
    errors.limit = `must be a whole number from 1 to ${LIST_MAX_LIMIT}`;
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
    else errors.sort = `cannot sort by ${name}; sortable: ${['id', ...spec.sortable].join(', ')}`;
  }
  if (sort.length === 0) sort = [{ field: 'id', desc: true }];

  if (Object.keys(errors).length > 0) throw badRequest(errors, 'invalid list parameters');
  return { page: paging ? page : 1, limit: paging ? limit : LIST_MAX_LIMIT, sort, filters };
}

/** The admin list's parameters: its filters, its sortable columns, its default sort. */
export function parseListQuery(
  resource: Resource,
  params: Record<string, unknown>,
  extraParams: readonly string[] = [],
): ListQuery {
  return parseQuery(resource, params, {
    filters: resource.list.filters,
    sortable: sortableNames(resource),
    sort: [resource.list.sort],
    extraParams,
  });
}
