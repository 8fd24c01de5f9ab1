// rjsf widget `checkTree`: a multiple ref into a tree, ticked entry by entry in the tree itself.
import type { WidgetProps } from '@rjsf/utils';
import type { Id } from '../../client/resourceClient.ts';
import { RefCheckTree } from '../RefCheckTree.tsx';
import { formContextOf } from './formContext.ts';

export function CheckTreeWidget({ id, name, value, onChange, disabled, readonly, registry }: WidgetProps) {
  const context = formContextOf(registry);
  const field = context.fields.get(name);
  if (!field?.ref || !field.multiple)
    throw new Error(`the checkTree widget needs a ref field holding a list; ${name} is not one`);
  return (
    <RefCheckTree
      id={id}
      field={field}
      lang={context.lang}
      value={Array.isArray(value) ? (value as Id[]) : []}
      onChange={onChange}
      disabled={disabled || readonly}
    />
  );
}
