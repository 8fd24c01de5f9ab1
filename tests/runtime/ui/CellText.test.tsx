// A list cell in outline (a long list's row while the window scrolls) shows what the full cell
// shows, and its tags as antd draws them: the same texts, and each tag with the classes and
// colour antd's Tag has, without antd's components.
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ColumnDescriptor } from '../../../runtime/schema/columns.ts';
import { cellText } from '../../../runtime/ui/CellText.tsx';
import { CellValue } from '../../../runtime/ui/CellValue.tsx';

function column(cell: ColumnDescriptor['cell'], extra: Partial<ColumnDescriptor> = {}): ColumnDescriptor {
  return { field: 'f', title: 'F', sortable: false, ellipsis: false, cell, ...extra };
}

/** each tag's antd classes (not the theme's) and inline colours, then the cell's whole text */
function shape(container: HTMLElement) {
  const tags = [...container.querySelectorAll('.ant-tag')].map((tag) => ({
    classes: [...tag.classList].filter((name) => name.startsWith('ant-tag')).sort(),
    background: (tag as HTMLElement).style.backgroundColor,
    color: (tag as HTMLElement).style.color,
    text: tag.textContent,
  }));
  return { tags, text: container.textContent };
}

const status = column('tag', {
  options: [
    { value: 0, label: '正常', color: 'green' },
    { value: 1, label: '停用', color: '#ff5500' },
    { value: 2, label: '草稿' },
  ],
});

describe('cellText', () => {
  const ahead = new Date(Date.now() + 86_400_000).toISOString();
  it.each<[string, ColumnDescriptor, unknown, Record<string, unknown>?]>([
    ['an option with a preset colour', status, 0],
    ['an option with a colour of its own', status, 1],
    ['an option without a colour', status, 2],
    ['a value on', column('boolean'), true],
    ['a value off', column('boolean'), 0],
    ['several references', column('ref', { multiple: true }), [3, 4]],
    ['a scheduled publish time', column('datetime', { publishAt: true }), ahead, { status: 1 }],
    ['a publish time gone by', column('datetime', { publishAt: true }), '2020-01-02 03:04:05'],
  ])('draws %s as the full cell does', (_, descriptor, value, row) => {
    const refLabels = new Map([
      ['3', '校园'],
      ['4', '新闻'],
    ]);
    const props = { column: descriptor, value, lang: 'zh' as const, refLabels, row };
    const full = render(<CellValue {...props} />);
    const outline = render(<>{cellText(props)}</>);
    expect(shape(outline.container)).toEqual(shape(full.container));
  });
});
