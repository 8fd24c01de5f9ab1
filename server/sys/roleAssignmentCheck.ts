// The one check every change of a user's roles by a role's users call passes, inside its
// transaction and before the change is written: exactly the check any other write of a user's
// roles passes in the store (create, update, batch update, the assignRoles action, an import), so
// both paths keep one rule set (docs/security.md, "Who may grant what"). The field's own write
// permission (`roleIds` needs sys:users:assignRoles), then the users' grant rules: nobody changes
// their own roles, a role is given or taken only within the caller's permissions, an account that
// holds more than the caller is not theirs to manage, the last active administrator stays one.
import { checkFieldPermissions } from '../auth/fieldAccess.ts';
import type { WriteContext } from '../resources/hooks.ts';
import { systemHooks } from './hooks.ts';

/** 403 or 400 when the caller may not give `userId` exactly the roles `next` (ids); `ctx.resource` is users. */
export async function checkRoleAssignment(ctx: WriteContext, userId: number, next: number[]): Promise<void> {
  const values = { roleIds: next };
  checkFieldPermissions(ctx.resource, values, ctx.auth, false);
  await systemHooks[ctx.resource.name]?.beforeWrite?.(ctx, [userId], values);
}
