// Answers the public content service's GETs from a view of a resource's `public:` block
// (runtime/schema/types.ts, PublicView): only the view's fields, only its filters as
// parameters, only rows meeting its conditions, in its order. Paging is the admin lists'.
import type { FastifyRequest } from 'fastify';
import { LIST_MAX_LIMIT } from '../../runtime/contract.ts';
import { safeUrlValue } from '../../runtime/schema/safeUrl.ts';
import type { Field, Manifest, PublicView, Resource } from '../../runtime/schema/types.ts';
import { validationMessage } from '../../runtime/schema/validationMessages.ts';
import { HOLDS_FILE_URLS } from '../files/fileReferences.ts';
import { badListParameters, notFound } from '../http/errors.ts';
import { requestLang } from '../http/lang.ts';
import { asRecord } from '../http/params.ts';
import { parseId } from '../resources/coerce.ts';
import { fieldByName } from '../resources/fields.ts';
import { type FilterClause, type ListQuery, parseQuery, sortKeys } from '../resources/listQuery.ts';
import { sanitizeRichText } from '../resources/richText.ts';
import type { ApiRow } from '../resources/rows.ts';
import type { ResourceStore } from '../resources/store.ts';
import { publicFileUrls } from './fileUrls.ts';
import type { Refinement } from './named.ts';
import { nestRows } from './tree.ts';
import { visibilityClauses } from './visibility.ts';

/** Most rows a tree view returns: the whole category tree of a site is far below it. */
const TREE_MAX_ROWS = 5000;

/** Rows per group of a grouped view, by default and at most. */
const GROUP_DEFAULT_LIMIT = 6;
const GROUP_MAX_LIMIT = 50;

export interface ViewContext {
  stores: Map<string, ResourceStore>;
  manifest: Manifest;
}

/**
 * A stored value as the public may see it. Writes through the API already hold to these rules; a
 * row written straight into the table (or before a rule existed) does not, so an address that
 * breaks the address rule goes out as null and rich text is cleaned again: a public page never
 * gets a javascript: link or a script from this service. An upload's download call, which needs
 * a session, goes out as its public attachment path (fileUrls.ts).
 */
function publicValue(field: Field | undefined, value: unknown): unknown {
  if (!field) return value;
  if (field.type === 'richtext' && typeof value === 'string') return publicFileUrls(sanitizeRichText(value));
  const safe = safeUrlValue(field.type, value);
  // a file or link field's download call becomes the attachment path a visitor can open
  return HOLDS_FILE_URLS.has(field.type) && typeof safe === 'string' ? publicFileUrls(safe) : safe;
}

/** `id` and the view's fields, nothing else: the public sees what the schema exposes. */
export function project(
  resource: Resource,
  row: Record<string, unknown>,
  fields: string[],
): Record<string, unknown> {
  const out: Record<string, unknown> = { id: row.id };
  for (const name of fields) out[name] = publicValue(fieldByName(resource, name), row[name] ?? null);
  return out;
}

function pathId(request: FastifyRequest, what: string): number {
  const id = parseId((request.params as { id?: string }).id);
  if (id === null) throw notFound(`${what} not found`);
  return id;
}

export class PublicViews {
  constructor(private readonly context: ViewContext) {}

  private store(resource: Resource): ResourceStore {
    return this.context.stores.get(resource.name)!;
  }

  /** The handler of one GET: a row, a list, a tree, a count or the grouped latest rows. */
  handler(resource: Resource, view: PublicView, refinement: Refinement) {
    if (refinement.groupByTop)
      return (request: FastifyRequest) => this.grouped(resource, view, refinement.groupByTop!, request);
    if (view.shape === 'one')
      return (request: FastifyRequest) => this.one(resource, view, refinement, request);
    return (request: FastifyRequest) => this.many(resource, view, refinement, request);
  }

  private async one(resource: Resource, view: PublicView, refinement: Refinement, request: FastifyRequest) {
    // the one-row call takes no parameters; an unknown one is a 400 as on every list
    parseQuery(resource, asRecord(request.query), {
      filters: [],
      sort: [],
      paging: false,
      lang: requestLang(request),
    });
    const id = pathId(request, resource.name);
    const store = this.store(resource);
    const visible = visibilityClauses(resource, this.context.manifest);
    const row = refinement.countViews
      ? await store.increment(id, refinement.countViews, view.where, visible)
      : await store.find(id, view.where, visible);
    if (!row) throw notFound(`${resource.name} ${id} not found`);
    return project(resource, row, view.fields);
  }

  /** The query of a list, count or tree view, with the refinement's category rules. */
  private query(
    resource: Resource,
    view: PublicView,
    refinement: Refinement,
    request: FastifyRequest,
  ): ListQuery {
    const subtree = refinement.subtree;
    const byPath = view.by !== undefined && view.by !== 'id';
    const filters =
      subtree && !byPath && !view.filters.some((f) => f.field === subtree)
        ? [...view.filters, { field: subtree, op: 'eq' as const }]
        : view.filters;
    const params = asRecord(request.query);
    const query = parseQuery(resource, params, {
      filters,
      sort: view.sort,
      paging: view.shape === 'list',
      lang: requestLang(request),
    });
    const clauses: FilterClause[] = query.filters.map((clause) =>
      clause.field.name === subtree && clause.op === 'eq' ? { ...clause, op: 'subtree' } : clause,
    );
    if (byPath) {
      const field = fieldByName(resource, view.by!)!;
      const id = pathId(request, field.ref ?? resource.name);
      clauses.push({ field, op: field.name === subtree ? 'subtree' : 'eq', value: id });
    } else if (subtree && refinement.required && !clauses.some((c) => c.field.name === subtree)) {
      const lang = requestLang(request);
      const title = fieldByName(resource, subtree)?.title[lang] ?? subtree;
      throw badListParameters({ [subtree]: validationMessage(lang, 'required', { title }) });
    }
    const treeParent = view.shape === 'tree' ? resource.treeParent : undefined;
    return {
      ...query,
      filters: [...clauses, ...visibilityClauses(resource, this.context.manifest)],
      where: view.where,
      fields: treeParent ? [...new Set([...view.fields, treeParent])] : view.fields,
    };
  }

  private async many(resource: Resource, view: PublicView, refinement: Refinement, request: FastifyRequest) {
    const query = this.query(resource, view, refinement, request);
    const store = this.store(resource);
    switch (view.shape) {
      case 'count':
        return { total: await store.count(query) };
      case 'tree': {
        const rows = await store.rows(query, TREE_MAX_ROWS);
        const nested = nestRows(rows, resource.treeParent!);
        const strip = (nodes: typeof nested): unknown[] =>
          nodes.map((node) => ({ ...project(resource, node, view.fields), children: strip(node.children) }));
        return strip(nested);
      }
      default: {
        // a list view reads only its fields (query.fields): a public list never reads a body
        const { rows, total, estimated } = await store.list(query);
        return {
          rows: rows.map((row) => project(resource, row, view.fields)),
          total,
          ...(estimated ? { estimated } : {}),
        };
      }
    }
  }

  /**
   * The newest rows of each top-level category: one group per visible top category (in the
   * category tree's public order) that has any, each with its total and up to `limit` rows of
   * the category and everything below it.
   */
  private async grouped(resource: Resource, view: PublicView, fieldName: string, request: FastifyRequest) {
    const field = fieldByName(resource, fieldName)!;
    const tree = this.context.manifest.resources.find((r) => r.name === field.ref)!;
    const params = asRecord(request.query);
    const query = parseQuery(resource, params, {
      filters: view.filters.filter((f) => f.field !== fieldName),
      sort: view.sort,
      paging: false,
      extraParams: ['limit'],
      lang: requestLang(request),
    });
    const rawLimit =
      params.limit === undefined || params.limit === '' ? GROUP_DEFAULT_LIMIT : Number(params.limit);
    if (!Number.isInteger(rawLimit) || rawLimit < 1 || rawLimit > GROUP_MAX_LIMIT)
      throw badListParameters({
        limit: validationMessage(requestLang(request), 'limit', { title: 'limit', limit: GROUP_MAX_LIMIT }),
      });

    const parent = fieldByName(tree, tree.treeParent!) as Field;
    const exposure = tree.public;
    // the category's name only when the categories' own exposure shows it
    const label = field.refLabel && exposure?.fields.includes(field.refLabel) ? field.refLabel : undefined;
    const tops: ApiRow[] = exposure
      ? await this.store(tree).rows(
          {
            page: 1,
            limit: LIST_MAX_LIMIT,
            sort: sortKeys(tree, exposure.sort),
            filters: [
              { field: parent, op: 'eq', value: 0 },
              ...visibilityClauses(tree, this.context.manifest),
            ],
            where: exposure.where ? [exposure.where] : [],
          },
          LIST_MAX_LIMIT,
        )
      : [];
    const store = this.store(resource);
    const groups = [];
    for (const top of tops) {
      const { rows, total } = await store.list({
        ...query,
        page: 1,
        limit: rawLimit,
        filters: [
          ...query.filters,
          ...visibilityClauses(resource, this.context.manifest),
          { field, op: 'subtree', value: top.id },
        ],
        where: view.where,
        fields: view.fields,
      });
      if (total === 0) continue;
      groups.push({
        [field.name]: top.id,
        ...(label ? { [label]: top[label] ?? null } : {}),
        total,
        rows: rows.map((row) => project(resource, row, view.fields)),
      });
    }
    return groups;
  }
}
