// The form's layout from the schema: `form.layout` rows put fields side by side, groups become
// tabs, and a field with `visibleWhen` shows only while its condition holds for the values typed
// so far. toJsonSchema puts the rows in the root uiSchema's `ui:options.groups`.
//
// A long form is drawn a few rows at a time, a commit each: the rows of the first screen, then the
// next few in a transition after each commit, until all are there. Drawn at once, a content's form
// (some 640 components) was one commit, with what its fields set off as they mount (antd's form
// items measuring their help text, the upload lists, the rich-text editor's making), one task of
// 55-85 ms at the end of the form's sliced render (docs/benchmarks.md, "Form drawers").
import type { ObjectFieldTemplateProps } from '@rjsf/utils';
import { Col, Row, Tabs } from 'antd';
import { type ReactNode, startTransition, useEffect, useState } from 'react';
import { evaluateCondition } from '../../schema/condition.ts';
import type { FieldCondition } from '../../schema/types.ts';

/** Rows drawn in the form's first commit, and in each commit after it. */
export const ROWS_A_COMMIT = 4;

interface LayoutGroup {
  title?: string;
  rows: string[][];
}

/** Whether a field's `visibleWhen` holds for the current values; fields without one always show. */
export function isFieldVisible(uiSchema: unknown, values: Record<string, unknown>): boolean {
  const options = (uiSchema as { 'ui:options'?: { visibleWhen?: FieldCondition } } | undefined)?.[
    'ui:options'
  ];
  return !options?.visibleWhen || evaluateCondition(options.visibleWhen, values);
}

export function LayoutObjectFieldTemplate({ properties, uiSchema, formData }: ObjectFieldTemplateProps) {
  const values = (formData ?? {}) as Record<string, unknown>;
  const content = new Map(properties.filter((p) => !p.hidden).map((p) => [p.name, p.content]));
  const visible = (name: string) => content.has(name) && isFieldVisible(uiSchema?.[name], values);
  const groups = ((uiSchema?.['ui:options'] as { groups?: LayoutGroup[] } | undefined)?.groups ?? [
    { rows: properties.map((p) => [p.name]) },
  ]) as LayoutGroup[];

  const rowCount = groups.reduce((count, group) => count + group.rows.length, 0);
  const [drawnRows, setDrawnRows] = useState(ROWS_A_COMMIT);
  useEffect(() => {
    if (drawnRows < rowCount) startTransition(() => setDrawnRows((drawn) => drawn + ROWS_A_COMMIT));
  }, [drawnRows, rowCount]);

  // the rows in order over the groups (every tab is drawn), the first `drawnRows` of them drawn
  let rowIndex = 0;
  const renderGroup = (group: LayoutGroup): ReactNode =>
    group.rows.map((row) => {
      if (rowIndex++ >= drawnRows) return null;
      const shown = row.filter(visible);
      if (shown.length === 0) return null;
      return (
        <Row gutter={16} key={row.join('|')}>
          {shown.map((name) => (
            // side by side from a small tablet up; one a line on a phone
            <Col key={name} xs={24} sm={24 / row.length}>
              {content.get(name)}
            </Col>
          ))}
        </Row>
      );
    });

  if (groups.length <= 1) return <>{groups.map(renderGroup)}</>;
  return (
    <Tabs
      items={groups.map((group, i) => ({
        key: String(i),
        label: group.title ?? String(i + 1),
        // every tab stays mounted so a field with an error on a hidden tab is still validated
        forceRender: true,
        children: renderGroup(group),
      }))}
    />
  );
}
