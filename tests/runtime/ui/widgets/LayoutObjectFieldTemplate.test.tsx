import type { ObjectFieldTemplateProps } from '@rjsf/utils';
import { render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { describe, expect, it } from 'vitest';
import {
  LayoutObjectFieldTemplate,
  ROWS_A_COMMIT,
} from '../../../../runtime/ui/widgets/LayoutObjectFieldTemplate.tsx';

/** The template's props for `count` one-field rows, in two tabs, each field an input named after it. */
function rowsOf(count: number): ObjectFieldTemplateProps {
  const names = Array.from({ length: count }, (_, i) => `f${i}`);
  const half = Math.ceil(count / 2);
  return {
    properties: names.map((name) => ({
      name,
      hidden: false,
      readonly: false,
      disabled: false,
      content: <input aria-label={name} />,
    })),
    uiSchema: {
      'ui:options': {
        groups: [
          { title: 'one', rows: names.slice(0, half).map((name) => [name]) },
          { title: 'two', rows: names.slice(half).map((name) => [name]) },
        ],
      },
    },
    formData: {},
  } as unknown as ObjectFieldTemplateProps;
}

/** How many inputs the page held after each commit that changed how many (antd's tabs commit too). */
const steps = (inPage: number[]) => inPage.filter((count, i) => i === 0 || count !== inPage[i - 1]);

describe('LayoutObjectFieldTemplate', () => {
  it('draws a long form a few rows a commit, in order over its tabs, until every row is there', () => {
    const rows = 2 * ROWS_A_COMMIT + 3;
    // the inputs in the page at each commit of the form
    const inPage: number[] = [];
    render(
      <Profiler id="form" onRender={() => inPage.push(document.querySelectorAll('input').length)}>
        <LayoutObjectFieldTemplate {...rowsOf(rows)} />
      </Profiler>,
    );
    expect(steps(inPage)).toEqual([ROWS_A_COMMIT, 2 * ROWS_A_COMMIT, rows]);
    // every field is there in the end, the second tab's too (every tab is drawn)
    for (let i = 0; i < rows; i++) expect(screen.getByLabelText(`f${i}`)).toBeTruthy();
  });

  it('draws a short form in one commit', () => {
    const inPage: number[] = [];
    render(
      <Profiler id="form" onRender={() => inPage.push(document.querySelectorAll('input').length)}>
        <LayoutObjectFieldTemplate {...rowsOf(ROWS_A_COMMIT)} />
      </Profiler>,
    );
    expect(steps(inPage)).toEqual([ROWS_A_COMMIT]);
  });
});
