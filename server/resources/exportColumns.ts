// Which columns an export writes (docs/api.md, "Export"): the list's columns when the caller says
// nothing, `columns=all` for every field a response carries, or the names the caller lists (the
// columns its list page shows), in that order. A name the resource does not have, or a field no
// response carries (a password), is a 400 naming it: an export never holds what a read could not.
import { permissionCode } from '../../runtime/schema/manifest.ts';
import type { Field, Manifest, Resource } from '../../runtime/schema/types.ts';
import type { Grants } from '../auth/grants.ts';
import { allows } from '../auth/grants.ts';
import { badRequest } from '../http/errors.ts';
import { fieldByName, readableFields } from './fields.ts';

/** The value of `columns` that asks for every readable field. */
export const ALL_COLUMNS = 'all';

/** The list's columns, readable ones only, in the list's order. */
export function listColumnFields(resource: Resource): Field[] {
  return resource.list.columns
    .map((c) => fieldByName(resource, c.field))
    .filter((f): f is Field => f !== undefined && !f.writeOnly);
}

/** The list's columns first, as the user knows them, then every other readable field. */
function allFields(resource: Resource): Field[] {
  const listed = listColumnFields(resource);
  const names = new Set(listed.map((f) => f.name));
  return [...listed, ...readableFields(resource).filter((f) => !names.has(f.name))];
}

/** Names from `a,b`, repeated form keys or a JSON array. */
function namesOf(raw: unknown): string[] | undefined {
  const parts = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : undefined;
  if (!parts?.every((p) => typeof p === 'string')) return undefined;
  return parts.map((p: string) => p.trim()).filter((p) => p !== '');
}

/** The fields an export writes, from its `columns` parameter; 400 naming a column it may not. */
export function exportColumns(resource: Resource, raw: unknown): Field[] {
  if (raw === undefined || raw === null || raw === '') return listColumnFields(resource);
  if (raw === ALL_COLUMNS) return allFields(resource);
  const names = namesOf(raw);
  if (!names || names.length === 0)
    throw badRequest({
      columns: {
        zh: '应为 all 或以逗号分隔的字段名',
        en: 'must be all or a comma-separated list of field names',
      },
    });
  const unknown = names.filter((name) => !fieldByName(resource, name));
  if (unknown.length > 0)
    throw badRequest({
      columns: { zh: `没有这些列：${unknown.join('、')}`, en: `unknown column: ${unknown.join(', ')}` },
    });
  const unreadable = names.filter((name) => fieldByName(resource, name)?.writeOnly);
  if (unreadable.length > 0)
    throw badRequest({
      columns: {
        zh: `这些列不能导出：${unreadable.join('、')}`,
        en: `column cannot be exported: ${unreadable.join(', ')}`,
      },
    });
  return [...new Set(names)].map((name) => fieldByName(resource, name) as Field);
}

/**
 * The reference fields whose labels the caller may read: those pointing into a resource the
 * caller may list. Any other reference is written by its id, as the list page shows it, so an
 * export never names a row its reader could not look up.
 */
export function labelledFields(manifest: Manifest, fields: readonly Field[], grants: Grants): Field[] {
  return fields.filter((field) => {
    if (field.type !== 'ref' && field.type !== 'tree-parent') return false;
    const target = manifest.resources.find((r) => r.name === field.ref);
    return target !== undefined && allows(grants, [permissionCode(target, 'list')]);
  });
}
