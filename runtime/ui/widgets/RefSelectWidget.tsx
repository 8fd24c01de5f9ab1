// rjsf widget `refSelect`: a ref field edited with the searchable picker over the referenced resource.
import type { WidgetProps } from '@rjsf/utils';
import type { Id } from '../../client/resourceClient.ts';
import { RefSelect } from '../RefSelect.tsx';
import { formContextOf } from './formContext.ts';

export function RefSelectWidget({
  id,
  name,
  value,
  onChange,
  onBlur,
  disabled,
  readonly,
  placeholder,
  options,
  registry,
}: WidgetProps) {
  const field = formContextOf(registry).fields.get(name);
  if (!field?.ref) throw new Error(`the refSelect widget needs a ref field; ${name} is not one`);
  return (
    <RefSelect
      id={id}
      field={field}
      multiple={field.multiple}
      value={value as Id | Id[] | null}
      // a cleared picker sends an explicit empty value, so an update can unset the reference
      onChange={(next) => onChange(next ?? (field.multiple ? [] : null))}
      onBlur={() => onBlur(id, value)}
      disabled={disabled || readonly}
      // rjsf's array field (a multiple pick) hands ui:placeholder over only inside the options
      placeholder={placeholder || (options.placeholder as string | undefined)}
      style={{ width: '100%' }}
    />
  );
}
