// What the resource form tells its widgets through rjsf's `registry.formContext`.
import type { Id } from '../../client/resourceClient.ts';
import type { Field, Lang } from '../../schema/types.ts';

export interface ResourceFormContext {
  lang: Lang;
  /** the resource the form writes: uploads go through its client, under its fields' rules */
  resource: string;
  /** the row being edited, so a tree-parent picker cannot make a row its own parent */
  rowId?: Id;
  /** the resource's fields by name: ref widgets read `ref` and `refLabel` from them */
  fields: ReadonlyMap<string, Field>;
}

export function formContextOf(registry: { formContext?: unknown }): ResourceFormContext {
  return registry.formContext as ResourceFormContext;
}
