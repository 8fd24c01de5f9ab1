// A searchable picker over the rows of the resource a ref field names. The form widget and the
// filter bar both use it, so a role is chosen the same way wherever it is chosen.
import { Select } from 'antd';
import { useState } from 'react';
import type { Id } from '../client/resourceClient.ts';
import type { Field } from '../schema/types.ts';
import { useRefClient } from './ResourcesContext.tsx';
import { canSearchLabel, useRefOptions } from './useRefOptions.ts';

export interface RefSelectProps {
  field: Field;
  value?: Id | Id[] | null;
  onChange: (value: Id | Id[] | undefined) => void;
  multiple?: boolean;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
  onBlur?: () => void;
  style?: React.CSSProperties;
}

export function RefSelect({
  field,
  value,
  onChange,
  multiple,
  placeholder,
  disabled,
  id,
  onBlur,
  style,
}: RefSelectProps) {
  const [search, setSearch] = useState('');
  const { options, loading } = useRefOptions(field, search);
  // when the server searches, its answer is already the match list; otherwise filter what is loaded
  const serverSearch = canSearchLabel(useRefClient(field.ref!), field.refLabel);
  return (
    <Select<Id | Id[]>
      id={id}
      mode={multiple ? 'multiple' : undefined}
      allowClear
      value={value ?? undefined}
      onChange={(next) => onChange(next ?? undefined)}
      onBlur={onBlur}
      disabled={disabled}
      placeholder={placeholder}
      loading={loading}
      options={options.map((o) => ({ value: o.value, label: o.label }))}
      showSearch={{
        onSearch: setSearch,
        optionFilterProp: 'label',
        filterOption: serverSearch ? false : undefined,
      }}
      style={{ minWidth: 180, ...style }}
    />
  );
}
