// The list page's columns as the table needs them: resolved titles, the cell kind that renders
// each value, and the enum options or referenced resource the cell shows labels from.
import { type CellKind, FIELD_TYPE_SPECS } from './fieldTypes.ts';
import type { FieldCondition, Lang, Resource } from './types.ts';

export interface ColumnDescriptor {
  field: string;
  title: string;
  width?: number;
  fixed?: 'left' | 'right';
  sortable: boolean;
  ellipsis: boolean;
  cell: CellKind;
  /** enum columns: the tag text and colour per value */
  options?: Array<{ value: string | number; label: string; color?: string }>;
  /** ref columns: the resource the id points into and the field shown for it */
  ref?: string;
  refLabel?: string;
  multiple?: boolean;
  /** shown as a time ago (runtime/ui/relativeTime.ts), the full time on hover */
  relative?: boolean;
  /** the publish time of a resource with a publish window: a time still ahead shows 已排期 */
  publishAt?: boolean;
  /**
   * what else a row needs to be public (the public service's `where`, e.g. status == 1): a draft
   * whose time is ahead is not scheduled, so its time shows no 已排期
   */
  publishedWhen?: FieldCondition;
}

export function toListColumns(resource: Resource, lang: Lang): ColumnDescriptor[] {
  const fields = new Map(resource.fields.map((f) => [f.name, f]));
  return resource.list.columns.flatMap((column) => {
    const field = fields.get(column.field);
    if (!field) return [];
    const descriptor: ColumnDescriptor = {
      field: column.field,
      title: field.title[lang],
      width: column.width,
      fixed: column.fixed,
      sortable: column.sortable,
      ellipsis: column.ellipsis,
      cell: FIELD_TYPE_SPECS[field.type].cell,
    };
    if (field.options) {
      descriptor.options = field.options.map((o) => ({
        value: o.value,
        label: o.label[lang],
        color: o.color,
      }));
    }
    if (field.ref !== undefined) {
      descriptor.ref = field.ref;
      descriptor.refLabel = field.refLabel;
      descriptor.multiple = field.multiple ?? false;
    }
    if (resource.publish?.at === field.name) {
      descriptor.publishAt = true;
      if (resource.public?.where) descriptor.publishedWhen = resource.public.where;
    }
    if (column.relative) descriptor.relative = true;
    return [descriptor];
  });
}
