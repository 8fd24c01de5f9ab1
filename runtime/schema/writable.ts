// Which fields a client may send in each write: the one answer the form, the client-side
// validation and the server's mass-assignment guard all use.
import { evaluateCondition } from './condition.ts';
import type { Field, Resource } from './types.ts';

/**
 * create, update, an action's dialog, `public`: what the public content service takes in a POST,
 * or `draft`: an edit saved as a draft (`drafts: true`), the update's fields, none yet required
 */
export type FormMode = 'create' | 'update' | 'draft' | 'public' | { action: string };

export interface WritableFields {
  fields: Field[];
  /** batch updates set only what is sent, so nothing is required */
  partial: boolean;
}

export function modeKey(mode: FormMode): string {
  return typeof mode === 'string' ? mode : `action:${mode.action}`;
}

function writableIn(resource: Resource, mode: 'create' | 'update'): Field[] {
  return resource.fields.filter((f) => !f.readOnly && (f.only === undefined || f.only.includes(mode)));
}

const byNames = (resource: Resource, names: string[]): Field[] => {
  const byName = new Map(resource.fields.map((f) => [f.name, f]));
  return names.flatMap((name) => byName.get(name) ?? []);
};

/**
 * A `requiredWhen` on a field the action itself sets is decided before any body arrives: `reply`,
 * required when `status == 2`, is required in the dialog of an action that sets status 2 and
 * optional in one that sets status 1.
 */
function settle(field: Field, set: Record<string, unknown>): Field {
  const when = field.requiredWhen;
  if (when === undefined || !Object.hasOwn(set, when.field)) return field;
  return { ...field, required: field.required || evaluateCondition(when, set), requiredWhen: undefined };
}

export function writableFields(resource: Resource, mode: FormMode): WritableFields {
  if (mode === 'public') {
    // the public writes exactly what `public.submit` names, whatever staff forms allow
    if (!resource.public?.submit) throw new Error(`resource ${resource.name} takes no public submissions`);
    return { fields: byNames(resource, resource.public.submit), partial: false };
  }
  if (mode === 'draft') return { fields: writableIn(resource, 'update'), partial: true };
  if (typeof mode === 'string') return { fields: writableIn(resource, mode), partial: false };
  if (mode.action === 'create' || mode.action === 'update') {
    return { fields: writableIn(resource, mode.action), partial: false };
  }
  const action = resource.actions.find((a) => a.name === mode.action);
  if (!action) throw new Error(`resource ${resource.name} has no action ${mode.action}`);
  if (action.name === 'batchUpdate') {
    // a batch update sets only the fields sent, each checked alone: what its form names (or
    // every field writable on update), none of them required
    if (action.form) return { fields: byNames(resource, action.form), partial: true };
    // a unique value cannot be given to several rows at once
    return { fields: writableIn(resource, 'update').filter((f) => !f.unique), partial: true };
  }
  if (action.form) {
    // an action's form names exactly what it asks for, whatever create and update allow
    const set = action.set ?? {};
    return { fields: byNames(resource, action.form).map((f) => settle(f, set)), partial: false };
  }
  return { fields: [], partial: false };
}

/**
 * Fields the caller may not write for want of their `writePermission`: the form shows them
 * disabled and leaves them out of what it sends; the server refuses them with a 403.
 */
export function lockedFields(resource: Resource, holds: (code: string) => boolean): Set<string> {
  return new Set(
    resource.fields
      .filter((f) => f.writePermission !== undefined && !holds(f.writePermission))
      .map((f) => f.name),
  );
}
