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
  options,
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
      // rjsf's array field (a multiple pick) hands ui:placeholder over only inside the options
      placeholder={placeholder || (options.placeholder as string | undefined)}
      style={{ width: '100%' }}
    />
  );
}
