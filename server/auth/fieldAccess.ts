// A field with `writePermission` (docs/schema.md) is written only by a caller who also holds that
// code, whatever the write: create, update, batch update, an action's form, an import. The store
// asks here before each write, so no route can forget it.
import type { Resource } from '../../runtime/schema/types.ts';
import type { RequestAuth } from './access.ts';
import { grantRefused } from './grantRules.ts';
import { allows } from './grants.ts';

/** An empty value on a new row writes nothing (a new user with no roles). */
const isEmpty = (value: unknown) =>
  value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** 403 naming the codes the caller lacks for the guarded fields in `values`. */
export function checkFieldPermissions(
  resource: Resource,
  values: Record<string, unknown>,
  auth: RequestAuth | null,
  creating: boolean,
): void {
  const guarded = resource.fields.filter(
    (f) =>
      f.writePermission !== undefined &&
      values[f.name] !== undefined &&
      !(creating && isEmpty(values[f.name])) &&
      !(auth && allows(auth.grants, [f.writePermission])),
  );
  if (guarded.length === 0) return;
  const missing = [...new Set(guarded.map((f) => f.writePermission as string))].sort();
  throw grantRefused(
    {
      zh: `修改${guarded.map((f) => f.title.zh).join('、')}`,
      en: `writing ${guarded.map((f) => f.name).join(', ')}`,
    },
    missing,
  );
}
