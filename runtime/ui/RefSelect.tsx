// A searchable picker over the rows of the resource a ref field names, of any size (see
// useRefSearch). The form widget and the filter bar both use it, so a role is chosen the same
// way wherever it is chosen. Its choices are read when it is first opened; until the first page
// is here its list shows a spinner, not "no data".
import { Select, Spin } from 'antd';
import { useState } from 'react';
import type { Id } from '../client/resourceClient.ts';
import type { Field } from '../schema/types.ts';
import { useRefSearch } from './useRefSearch.ts';

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
  /** the picker's name for assistive technology, where no label element names it */
  'aria-label'?: string;
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
  'aria-label': ariaLabel,
}: RefSelectProps) {
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState(false);
  const { options, loading, loadMore, serverSearch } = useRefSearch(field, search, value, opened);
  return (
    <Select<Id | Id[]>
      id={id}
      aria-label={ariaLabel}
      mode={multiple ? 'multiple' : undefined}
      allowClear
      value={value ?? undefined}
      onChange={(next) => onChange(next ?? undefined)}
      onBlur={onBlur}
      onOpenChange={(open) => {
        if (open) setOpened(true);
      }}
      // undefined: antd's own empty list, as the app's theme draws it
      notFoundContent={loading ? <Spin size="small" style={{ display: 'block' }} /> : undefined}
      disabled={disabled}
      placeholder={placeholder}
      loading={loading}
      options={options.map((o) => ({ value: o.value, label: o.label }))}
      // the next page of matches when the list is scrolled near its end
      onPopupScroll={(event) => {
        const list = event.currentTarget as HTMLElement;
        if (list.scrollTop + list.clientHeight >= list.scrollHeight - 40) loadMore();
      }}
      showSearch={{
        onSearch: setSearch,
        optionFilterProp: 'label',
        // when the server searches, its answer is already the match list; otherwise filter what is loaded
        filterOption: serverSearch ? false : undefined,
      }}
      style={{ minWidth: 180, ...style }}
    />
  );
}
