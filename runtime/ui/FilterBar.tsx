// The search form above a list: one control per declared filter, in the shape its op asks for
// (text for like, a select for eq on enums and booleans, a date range for range, a multi-select
// for in). Nothing is sent until Search; Reset clears every control and searches again.
import { Button, Form, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useRef } from 'react';
import { DATE_FORMAT } from '../client/constants.ts';
import type { Filters, FilterValue, RangeValue } from '../client/resourceClient.ts';
import type { Lang, Resource } from '../schema/types.ts';
import { FilterControl, isDateField } from './FilterControl.tsx';
import { toDayjs } from './formatTime.ts';
import { t } from './i18n.ts';

export interface FilterBarProps {
  resource: Resource;
  lang: Lang;
  value: Filters;
  onSearch: (filters: Filters) => void;
}

type DateRange = [Dayjs | null, Dayjs | null] | null;

/** Filters → the controls' values (date ranges become dayjs pairs). */
function toFormValues(resource: Resource, filters: Filters): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const { field: name, op } of resource.list.filters) {
    const value = filters[name];
    if (value === undefined) continue;
    const field = resource.fields.find((f) => f.name === name);
    if (op === 'range' && field && isDateField(field)) {
      const range = value as RangeValue;
      out[name] = [toDayjs(range.from) ?? null, toDayjs(range.to) ?? null];
    } else {
      out[name] = value;
    }
  }
  return out;
}

/** The controls' values → filters; a date range covers whole days, in the browser's time zone. */
function toFilters(resource: Resource, values: Record<string, unknown>): Filters {
  const out: Filters = {};
  for (const { field: name, op } of resource.list.filters) {
    const value = values[name];
    if (value === undefined || value === null || value === '') continue;
    const field = resource.fields.find((f) => f.name === name);
    if (op === 'range' && field && isDateField(field)) {
      const [from, to] = (value as DateRange) ?? [null, null];
      const format = (d: Dayjs | null, edge: 'start' | 'end') => {
        if (!d) return undefined;
        if (field.type === 'date') return d.format(DATE_FORMAT);
        return (edge === 'start' ? d.startOf('day') : d.endOf('day')).format();
      };
      out[name] = { from: format(from, 'start'), to: format(to, 'end') };
    } else {
      out[name] = value as FilterValue;
    }
  }
  return out;
}

export function FilterBar({ resource, lang, value, onSearch }: FilterBarProps) {
  const [form] = Form.useForm();
  // The URL may change the filters (Back, a shared link): the controls follow. Only a change
  // does: a kept-alive tab shown again re-creates its effects, and what was typed in it, not yet
  // searched, stays.
  const shownFilters = useRef<{ resource: Resource; filters: string } | null>(null);
  useEffect(() => {
    const filters = JSON.stringify(value);
    const shown = shownFilters.current;
    if (shown?.resource === resource && shown.filters === filters) return;
    shownFilters.current = { resource, filters };
    form.resetFields();
    form.setFieldsValue(toFormValues(resource, value));
  }, [form, resource, value]);

  const filters = resource.list.filters.flatMap((filter) => {
    const field = resource.fields.find((f) => f.name === filter.field);
    return field ? [{ filter, field }] : [];
  });
  if (filters.length === 0) return null;

  return (
    <Form
      form={form}
      layout="inline"
      role="search"
      onFinish={(values) => onSearch(toFilters(resource, values))}
      style={{ rowGap: 12, marginBottom: 16 }}
    >
      {filters.map(({ filter, field }) => (
        <Form.Item key={filter.field} name={filter.field} label={field.title[lang]}>
          <FilterControl filter={filter} field={field} lang={lang} />
        </Form.Item>
      ))}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('search', lang)}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              onSearch({});
            }}
          >
            {t('reset', lang)}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
