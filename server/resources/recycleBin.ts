// The recycle bin of a resource with `softDelete: true` (docs/schema.md, "Recycle bin"): what
// the bin's list adds to a row (when, by whom), which rows a reference may point at, and what
// stops a restore. The store moves the rows in and out (store.ts: remove, restore, purge).
import type { Kysely } from 'kysely';
import { DELETED_AT, DELETED_BY } from '../../runtime/schema/recycleBin.ts';
import type { Lang, Manifest, Resource } from '../../runtime/schema/types.ts';
import { validationMessage } from '../../runtime/schema/validationMessages.ts';
import { ApiError } from '../http/errors.ts';
import type { ApiRow } from './rows.ts';

/** A row of the bin: its fields, when it was binned and who binned it. */
export type BinnedRow = ApiRow & {
  deletedAt: string | Date | null;
  deletedBy: { id: number; name: string } | null;
};

/** Only the rows in use of `target`: a binned row is not there for a reference to pick. */
export function liveOnly<Q extends { where: (...args: any[]) => any }>(select: Q, target: Resource): Q {
  return target.softDelete ? (select.where(DELETED_AT, 'is', null) as Q) : select;
}

/** The bin's rows as the API gives them, with who binned each (by user name) and when. */
export async function binnedRows(
  db: Kysely<any>,
  raw: Record<string, unknown>[],
  rows: ApiRow[],
): Promise<BinnedRow[]> {
  const userIds = [
    ...new Set(raw.map((r) => r[DELETED_BY]).filter((v) => v !== null && v !== undefined)),
  ].map(Number);
  const users =
    userIds.length === 0
      ? []
      : await db
          .selectFrom('sys_users')
          .select(['id', 'user_name', 'real_name'])
          .where('id', 'in', userIds)
          .execute();
  const names = new Map(users.map((u) => [Number(u.id), String(u.real_name || u.user_name)]));
  return rows.map((row, i) => {
    const by = raw[i][DELETED_BY];
    const id = by === null || by === undefined ? undefined : Number(by);
    return {
      ...row,
      deletedAt: (raw[i][DELETED_AT] as Date | null) ?? null,
      // a user removed since keeps the id: the bin still says someone did it
      deletedBy: id === undefined ? null : { id, name: names.get(id) ?? `#${id}` },
    };
  });
}

/**
 * The references of a binned row that point at nothing in use any more (a row deleted, or
 * binned itself, since), by field: what a restore would bring back broken.
 */
export async function brokenReferences(
  trx: Kysely<any>,
  manifest: Manifest,
  resource: Resource,
  row: ApiRow,
  lang: Lang,
): Promise<Record<string, string>> {
  const errors: Record<string, string> = {};
  for (const field of resource.fields) {
    if ((field.type !== 'ref' && field.type !== 'tree-parent') || !field.ref) continue;
    const raw = row[field.name];
    if (raw === undefined || raw === null) continue;
    const wanted = (Array.isArray(raw) ? raw : [raw])
      .map(Number)
      .filter((id) => !(field.type === 'tree-parent' && id === 0));
    const target = manifest.resources.find((r) => r.name === field.ref);
    if (wanted.length === 0 || !target) continue;
    const found = await liveOnly(trx.selectFrom(target.table).select('id'), target)
      .where('id', 'in', wanted)
      .execute();
    const present = new Set(found.map((r) => Number(r.id)));
    const missing = wanted.filter((id) => !present.has(id));
    if (missing.length > 0)
      errors[field.name] = validationMessage(lang, 'unknownRef', {
        title: field.title[lang],
        ids: missing.join(', '),
      });
  }
  return errors;
}

/** 内容 12 不能恢复：所属栏目中的 5 不存在 — 409 with the fields, as a write's 400 has them. */
export function restoreRefused(
  resource: Resource,
  id: number,
  errors: Record<string, string>,
  lang: Lang,
): ApiError {
  const what = resource.singular[lang];
  const why = Object.values(errors).join(lang === 'zh' ? '；' : '; ');
  const message =
    lang === 'zh' ? `${what} ${id} 不能恢复：${why}` : `${what} ${id} cannot be restored: ${why}`;
  return new ApiError(409, message, { errors, ids: [id] });
}
