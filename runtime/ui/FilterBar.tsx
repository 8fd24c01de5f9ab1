// The search form above a list: one control per declared filter, in the shape its op asks for
// (text for like, a select for eq on enums and booleans, a date range for range, a multi-select
// for in). Nothing is sent until Search; Reset clears every control and searches again. The
// filters sit in a grid whose columns follow the screen's width, labels aligned, down to one
// filter a line on a phone.
import { Button, Col, Flex, Form, type FormInstance, Row, theme } from 'antd';
import type { Dayjs } from 'dayjs';
import { memo, useEffect, useRef } from 'react';
import { DATE_FORMAT } from '../client/constants.ts';
import type { Filters, FilterValue, RangeValue } from '../client/resourceClient.ts';
import type { Lang, Resource } from '../schema/types.ts';
import { textWidth } from './columnWidth.ts';
import { FilterControl, isDateField } from './FilterControl.tsx';
import { toDayjs } from './formatTime.ts';
import { t } from './i18n.ts';
import { useMinWidth } from './useMinWidth.ts';

export interface FilterBarProps {
  resource: Resource;
  lang: Lang;
  value: Filters;
  onSearch: (filters: Filters) => void;
}

type DateRange = [Dayjs | null, Dayjs | null] | null;

/** a filter's share of the line by screen width: Ant Design Pro's query filter's own */
const FILTER_SPAN = { xs: 24, sm: 24, md: 12, lg: 12, xl: 8, xxl: 6 } as const;
/** the label's colon and the gap after it */
const LABEL_CHROME = 24;
/** a longer label wraps rather than squeeze its control */
const MAX_LABEL_WIDTH = 140;

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

/**
 * Puts the filters a page opens with into its form's store, once, as the form draws and before
 * its fields mount. It is the form's child because the form connects its store as it renders:
 * a store written before that (in the filter bar's own render, which React may set aside
 * unfinished, or which draws no form when there is no filter) makes antd warn that the store is
 * connected to no form.
 */
function FirstValues({ form, values }: { form: FormInstance; values: Record<string, unknown> }) {
  const written = useRef(false);
  if (!written.current) {
    written.current = true;
    form.setFieldsValue(values);
  }
  return null;
}

// Drawn again only when its own props change: each of antd's form items asks the browser whether
// it is on screen as it renders, which lays out the page, and a tree table's level opening or
// "load more" renders the list page around the filter bar (docs/benchmarks.md, "Tree tables").
export const FilterBar = memo(function FilterBar({ resource, lang, value, onSearch }: FilterBarProps) {
  const [form] = Form.useForm();
  const wide = useMinWidth(theme.useToken().token.screenSM);
  // The URL may change the filters (Back, a shared link): the controls follow. Only a change
  // does: a kept-alive tab shown again re-creates its effects, and what was typed in it, not yet
  // searched, stays. The first filters go into the form's store before its fields mount
  // (FirstValues), rather than after its first commit, which would draw every control again
  // before the page's first frame (docs/benchmarks.md, "Tree tables"); they are not its initial
  // values, to which the reset button would go back.
  const shownFilters = useRef<{ resource: Resource; filters: string } | null>(null);
  shownFilters.current ??= { resource, filters: JSON.stringify(value) };
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

  const labelWidth = Math.min(
    MAX_LABEL_WIDTH,
    Math.max(...filters.map(({ field }) => textWidth(field.title[lang]))) + LABEL_CHROME,
  );
  // a phone: one filter a line, its label above it, as antd lays a form out on a narrow screen
  const stacked = !wide;

  return (
    <Form
      form={form}
      layout={stacked ? 'vertical' : 'horizontal'}
      labelCol={stacked ? undefined : { flex: `${labelWidth}px` }}
      labelWrap
      role="search"
      onFinish={(values) => onSearch(toFilters(resource, values))}
      style={{ marginBottom: 16 }}
    >
      <FirstValues form={form} values={toFormValues(resource, value)} />
      <Row gutter={[16, stacked ? 0 : 12]}>
        {filters.map(({ filter, field }) => (
          <Col key={filter.field} {...FILTER_SPAN}>
            <Form.Item
              name={filter.field}
              label={field.title[lang]}
              style={{ marginBottom: stacked ? 12 : 0 }}
            >
              <FilterControl filter={filter} field={field} lang={lang} />
            </Form.Item>
          </Col>
        ))}
        {/* the buttons end the last line, on the right, as in Ant Design Pro's query filter */}
        <Col {...FILTER_SPAN} style={{ marginInlineStart: 'auto' }}>
          <Flex justify="end" gap="small">
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
          </Flex>
        </Col>
      </Row>
    </Form>
  );
});
