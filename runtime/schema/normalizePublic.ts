// The `public:` block normalised into every call the public content service answers for the
// resource: the list at its path, the row at path/{id}, the declared views, and the POST the
// public may make. The server registers exactly these, so what the public can read or write is
// what the schema says and nothing else.

import type { FieldReference } from './fieldReference.ts';
import type { RawFilter, RawPublic, RawSort } from './metaSchema.ts';
import { PROBLEMS, type ProblemText } from './problemMessages.ts';
import type { KeyPath } from './source.ts';
import type { FieldCondition, ListFilter, PublicExposure, PublicView, SortSpec } from './types.ts';

export interface PublicTools {
  refer(field: string, path: KeyPath, role: FieldReference['role']): void;
  condition(text: string, path: KeyPath): FieldCondition | undefined;
  filters(list: RawFilter[] | undefined, base: KeyPath, role: FieldReference['role']): ListFilter[];
  report(path: KeyPath, message: ProblemText): void;
  /** the list page's sort, which the public lists follow unless they say otherwise */
  listSort: SortSpec;
  treeParent?: string;
}

/** `id` is every row's key without being a declared field. */
const ID = 'id';

export function parseSort(raw: RawSort, base: KeyPath, refer: PublicTools['refer']): SortSpec[] {
  const keys = typeof raw === 'string' ? [raw] : raw;
  return keys.map((key, i) => {
    const desc = key.startsWith('-');
    const field = desc ? key.slice(1) : key;
    if (field !== ID) refer(field, typeof raw === 'string' ? base : [...base, i], 'sort');
    return { field, desc };
  });
}

export function normalizePublic(raw: RawPublic, tools: PublicTools): PublicExposure {
  const base: KeyPath = ['public'];
  raw.fields.forEach((f, i) => {
    tools.refer(f, [...base, 'fields', i], 'public field');
  });
  raw.submit?.forEach((f, i) => {
    tools.refer(f, [...base, 'submit', i], 'public submit field');
  });
  const visible = new Set(raw.fields);
  /** A call may return only what the public may see at all. */
  const subset = (names: string[], at: KeyPath): string[] => {
    names.forEach((name, i) => {
      if (!visible.has(name)) tools.report([...at, i], PROBLEMS.hiddenFromPublic({ field: name }));
    });
    return names;
  };

  const listFields = raw.listFields ? subset(raw.listFields, [...base, 'listFields']) : raw.fields;
  const filters = tools.filters(raw.filters, [...base, 'filters'], 'filter');
  const where = raw.where === undefined ? undefined : tools.condition(raw.where, [...base, 'where']);
  const sort =
    raw.sort === undefined ? [tools.listSort] : parseSort(raw.sort, [...base, 'sort'], tools.refer);
  const baseWhere = where ? [where] : [];

  const views: PublicView[] = [
    { path: raw.path, shape: 'list', fields: listFields, filters, where: baseWhere, sort },
    {
      path: `${raw.path}/{id}`,
      shape: 'one',
      fields: raw.fields,
      filters: [],
      where: baseWhere,
      sort,
      by: ID,
    },
  ];
  (raw.views ?? []).forEach((view, i) => {
    const at: KeyPath = [...base, 'views', i];
    const hasId = view.path.split('/').includes('{id}');
    const by = view.by ?? (hasId ? ID : undefined);
    if (view.by !== undefined && view.by !== ID) tools.refer(view.by, [...at, 'by'], 'public view key');
    if (by !== undefined && !hasId) tools.report([...at, 'by'], PROBLEMS.byNeedsId());
    if (by === ID && view.shape !== undefined) tools.report([...at, 'shape'], PROBLEMS.oneRowNoShape());
    const shape = by === ID ? 'one' : (view.shape ?? 'list');
    if (shape === 'tree' && tools.treeParent === undefined)
      tools.report([...at, 'shape'], PROBLEMS.treeViewNeedsParent());
    if (shape === 'count' && view.fields !== undefined)
      tools.report([...at, 'fields'], PROBLEMS.countNoFields());
    const fields = view.fields
      ? subset(view.fields, [...at, 'fields'])
      : shape === 'one'
        ? raw.fields
        : shape === 'count'
          ? []
          : listFields;
    const own = view.where === undefined ? undefined : tools.condition(view.where, [...at, 'where']);
    views.push({
      path: view.path,
      shape,
      fields,
      filters: view.filters ? tools.filters(view.filters, [...at, 'filters'], 'filter') : filters,
      where: own ? [...baseWhere, own] : baseWhere,
      sort: view.sort === undefined ? sort : parseSort(view.sort, [...at, 'sort'], tools.refer),
      by,
    });
  });

  return { path: raw.path, fields: raw.fields, listFields, filters, where, sort, submit: raw.submit, views };
}
