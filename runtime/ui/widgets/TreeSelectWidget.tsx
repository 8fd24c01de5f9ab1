// rjsf widget `treeSelect`: a tree-parent field (or a ref into a tree) picked from the tree itself.
import type { WidgetProps } from '@rjsf/utils';
import type { Id } from '../../client/resourceClient.ts';
import { RefTreeSelect } from '../RefTreeSelect.tsx';
import { formContextOf } from './formContext.ts';

export function TreeSelectWidget({
  id,
  name,
  value,
  onChange,
  disabled,
  readonly,
  placeholder,
  registry,
}: WidgetProps) {
  const context = formContextOf(registry);
  const field = context.fields.get(name);
  if (!field?.ref)
    throw new Error(`the treeSelect widget needs a field that refers to a tree; ${name} does not`);
  return (
    <RefTreeSelect
      id={id}
      field={field}
      multiple={field.multiple}
      lang={context.lang}
      selfId={context.rowId}
      value={value as Id | Id[] | null}
      onChange={(next) => onChange(next ?? (field.multiple ? [] : null))}
      disabled={disabled || readonly}
      placeholder={placeholder}
      style={{ width: '100%' }}
    />
  );
}
