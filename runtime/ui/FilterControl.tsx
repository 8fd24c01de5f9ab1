// The control for one filter of the filter bar, chosen by the filter's op and its field's type.
// antd's Form.Item hands it `value` and `onChange`; it passes them to the control it draws.
import { DatePicker, Input, InputNumber, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import type { Id, RangeValue } from '../client/resourceClient.ts';
import { promptText } from '../schema/prompts.ts';
import type { Field, Lang, ListFilter } from '../schema/types.ts';
import { t } from './i18n.ts';
import { RefSelect } from './RefSelect.tsx';
import { RefTreeSelect } from './RefTreeSelect.tsx';

export interface FilterControlProps {
  filter: ListFilter;
  field: Field;
  lang: Lang;
  value?: unknown;
  onChange?: (value: unknown) => void;
}

/** every control fills its place in the filter grid, however narrow the screen */
const FULL_WIDTH = { width: '100%', minWidth: 0 } as const;

export function isDateField(field: Field): boolean {
  return field.type === 'date' || field.type === 'datetime';
}

function choices(field: Field, lang: Lang): Array<{ value: string | number | boolean; label: string }> {
  if (field.type === 'boolean') {
    return [
      { value: true, label: t('yes', lang) },
      { value: false, label: t('no', lang) },
    ];
  }
  return (field.options ?? []).map((o) => ({ value: o.value, label: o.label[lang] }));
}

export function FilterControl({ filter, field, lang, value, onChange }: FilterControlProps) {
  const title = field.title[lang];
  const enter = promptText('enter', title, lang);
  const pick = promptText('select', title, lang);
  const change = (next: unknown) => onChange?.(next);
  const multiple = filter.op === 'in';

  if (filter.op === 'range' && isDateField(field)) {
    return (
      <DatePicker.RangePicker
        aria-label={title}
        value={value as [Dayjs | null, Dayjs | null] | null}
        onChange={change}
        allowEmpty={[true, true]}
        placeholder={[t('startDate', lang), t('endDate', lang)]}
        style={FULL_WIDTH}
      />
    );
  }
  if (filter.op === 'range') {
    const range = (value ?? {}) as RangeValue;
    return (
      <Space.Compact block>
        <InputNumber
          aria-label={`${title} ≥`}
          value={range.from as number | undefined}
          onChange={(from) => change({ ...range, from: from ?? undefined })}
          style={FULL_WIDTH}
        />
        <InputNumber
          aria-label={`${title} ≤`}
          value={range.to as number | undefined}
          onChange={(to) => change({ ...range, to: to ?? undefined })}
          style={FULL_WIDTH}
        />
      </Space.Compact>
    );
  }
  if (field.type === 'tree-parent') {
    return (
      <RefTreeSelect
        aria-label={title}
        field={field}
        lang={lang}
        multiple={multiple}
        placeholder={pick}
        value={value as Id | Id[] | undefined}
        onChange={change}
        style={FULL_WIDTH}
      />
    );
  }
  if (field.type === 'ref') {
    return (
      <RefSelect
        aria-label={title}
        field={field}
        multiple={multiple}
        placeholder={pick}
        value={value as Id | Id[] | undefined}
        onChange={change}
        style={FULL_WIDTH}
      />
    );
  }
  if (field.type === 'enum' || field.type === 'boolean') {
    return (
      <Select
        aria-label={title}
        mode={multiple ? 'multiple' : undefined}
        allowClear
        placeholder={pick}
        options={choices(field, lang)}
        value={value}
        onChange={change}
        style={FULL_WIDTH}
      />
    );
  }
  if (multiple) {
    return (
      <Select
        aria-label={title}
        mode="tags"
        allowClear
        placeholder={enter}
        value={value}
        onChange={change}
        style={FULL_WIDTH}
      />
    );
  }
  if (field.type === 'integer' || field.type === 'number') {
    return (
      <InputNumber
        aria-label={title}
        placeholder={enter}
        value={value as number | undefined}
        onChange={change}
        style={FULL_WIDTH}
      />
    );
  }
  return (
    <Input
      aria-label={title}
      allowClear
      placeholder={enter}
      value={(value as string | undefined) ?? ''}
      onChange={(e) => change(e.target.value)}
    />
  );
}
