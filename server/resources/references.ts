// What still points at rows about to be deleted. A reference whose schema says `restrict` (the
// default) refuses the delete; the answer names the referencing resources, how many of their
// rows, and a few of them by label, so the editor knows what to move first. The database's
// foreign keys enforce the same rule; this check is what turns it into words.
import { type Kysely, sql } from 'kysely';
import type { Field, Lang, Manifest, Resource } from '../../runtime/schema/types.ts';
import { ApiError } from '../http/errors.ts';
import { joinOf } from './fields.ts';
import { liveOnly } from './recycleBin.ts';

/** How many rows of one resource point at the rows being deleted, and a few of them. */
export interface Blocker {
  resource: string;
  /** the referencing resource's title, in the request's language */
  title: string;
  /** its list page in the app */
  route: string;
  field: string;
  /** the field is one of the list's filters: `route?f.<field>=<id>` shows exactly these rows */
  filterable: boolean;
  /** a child of the same tree (a sub-category of a category) */
  child: boolean;
  count: number;
  rows: Array<{ id: number; label: string }>;
}

const SAMPLE = 5;

/** The field a resource's rows are named by: what references to it show, else its first text column. */
export function rowLabelField(resource: Resource, manifest: Manifest): Field | undefined {
  for (const other of manifest.resources) {
    for (const field of other.fields) {
      if (field.ref === resource.name && field.refLabel) {
        const label = resource.fields.find((f) => f.name === field.refLabel);
        if (label) return label;
      }
    }
  }
  const textual = new Set(['string', 'text', 'email', 'phone', 'url']);
  const listed = resource.list.columns.map((c) => resource.fields.find((f) => f.name === c.field));
  return [...listed, ...resource.fields].find((f) => f !== undefined && textual.has(f.type) && !f.writeOnly);
}

/** A resource's rows as a countable noun: its singular title (用户, not 用户管理). */
function noun(resource: Resource, lang: Lang): string {
  return resource.singular[lang];
}

async function labels(
  db: Kysely<any>,
  resource: Resource,
  manifest: Manifest,
  ids: number[],
): Promise<Map<number, string>> {
  const field = rowLabelField(resource, manifest);
  if (!field || ids.length === 0) return new Map(ids.map((id) => [id, `#${id}`]));
  const rows = await db
    .selectFrom(resource.table)
    .select(['id', field.column])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [Number(r.id), String(r[field.column] ?? `#${r.id}`)]));
}

/**
 * Rows of other resources (or other rows of this tree) whose restricting reference points at
 * `ids`. `liveOnly`: rows in a recycle bin do not count (moving `ids` to a bin, which leaves
 * every reference in place); a real delete counts them, as its foreign keys do.
 */
export async function findBlockers(
  db: Kysely<any>,
  manifest: Manifest,
  target: Resource,
  ids: number[],
  lang: Lang,
  options: { liveOnly?: boolean } = {},
): Promise<Blocker[]> {
  const blockers: Blocker[] = [];
  for (const resource of manifest.resources) {
    for (const field of resource.fields) {
      if (field.ref !== target.name || (field.onDelete ?? 'restrict') !== 'restrict') continue;
      const join = joinOf(resource, field);
      const self = resource.name === target.name;
      let query = join
        ? db
            .selectFrom(join.table)
            .select(sql<number>`${sql.ref(join.ownerColumn)}`.as('id'))
            .where(join.refColumn, 'in', ids)
        : db.selectFrom(resource.table).select('id').where(field.column, 'in', ids);
      // rows deleted together (a parent with its children) do not hold each other back
      if (self) query = query.where(join ? join.ownerColumn : 'id', 'not in', ids);
      if (options.liveOnly && resource.softDelete)
        query = join
          ? query.where(
              join.ownerColumn,
              'in',
              liveOnly(db.selectFrom(resource.table).select('id'), resource),
            )
          : liveOnly(query, resource);
      const { count } = await db
        .selectFrom(query.as('referencing'))
        .select(sql<number>`count(distinct id)::int`.as('count'))
        .executeTakeFirstOrThrow();
      if (count === 0) continue;
      const sample = await db
        .selectFrom(query.as('referencing'))
        .select('id')
        .distinct()
        .orderBy('id')
        .limit(SAMPLE)
        .execute();
      const named = await labels(
        db,
        resource,
        manifest,
        sample.map((r) => Number(r.id)),
      );
      blockers.push({
        resource: resource.name,
        title: self ? childNoun(resource, lang) : resource.title[lang],
        route: resource.route,
        field: field.name,
        filterable: !join && resource.list.filters.some((f) => f.field === field.name && f.op === 'eq'),
        child: self && field.type === 'tree-parent',
        count,
        rows: [...named].map(([id, label]) => ({ id, label })),
      });
    }
  }
  return blockers;
}

function childNoun(resource: Resource, lang: Lang): string {
  return lang === 'zh' ? `下级${noun(resource, lang)}` : `child ${noun(resource, lang)}`;
}

/** 栏目“新闻动态”仍被 12 条内容、3 条下级栏目引用，不能删除 */
export async function stillReferencedBy(
  db: Kysely<any>,
  manifest: Manifest,
  target: Resource,
  ids: number[],
  blockers: Blocker[],
  lang: Lang,
): Promise<ApiError> {
  const what = noun(target, lang);
  const named = ids.length === 1 ? (await labels(db, target, manifest, ids)).get(ids[0]) : undefined;
  const byName = new Map(manifest.resources.map((r) => [r.name, r]));
  const parts = blockers.map((b) => {
    const resource = byName.get(b.resource) as Resource;
    const what = b.child ? childNoun(resource, lang) : noun(resource, lang);
    return lang === 'zh' ? `${b.count} 条${what}` : `${what} (${b.count})`;
  });
  const message =
    lang === 'zh'
      ? `${named === undefined ? `${ids.length} 条${what}` : `${what}“${named}”`}仍被 ${parts.join('、')}引用，不能删除`
      : `${named === undefined ? `${ids.length} ${what}` : `${what} “${named}”`} cannot be deleted: still referenced by ${parts.join(', ')}`;
  return new ApiError(409, message, { references: blockers });
}
