// Two revisions of a row side by side, field by field: only the fields whose values differ, under
// their titles from the schema, each value shown as the list shows it (a reference by its label,
// an option by its name). Long texts and rich text (its tags stripped) show the stretch that
// changed, struck out and inserted, rather than two whole bodies to compare by eye.
import { Table, Typography } from 'antd';
import { useMemo } from 'react';
import type { Revision } from '../client/resourceClient.ts';
import type { ColumnDescriptor } from '../schema/columns.ts';
import type { Field, Lang, Resource } from '../schema/types.ts';
import { CellValue } from './CellValue.tsx';
import { fieldCells } from './fieldCells.ts';
import { t } from './i18n.ts';
import { isEmptyValue, sameValue } from './sameValue.ts';
import { richTextLines, textChange } from './textChange.ts';
import { useRefLabels } from './useRefLabels.ts';

export interface RevisionDiffProps {
  resource: Resource;
  lang: Lang;
  older: Revision;
  newer: Revision;
}

/** The fields, in the schema's order, whose values differ between the two revisions. */
export function differingRevisionFields(resource: Resource, older: Revision, newer: Revision): Field[] {
  return resource.fields.filter(
    (f) =>
      (Object.hasOwn(older.data, f.name) || Object.hasOwn(newer.data, f.name)) &&
      !sameValue(f, older.data[f.name], newer.data[f.name]),
  );
}

const TEXT_TYPES = new Set(['text', 'richtext']);
const asText = (field: Field, value: unknown) =>
  value === null || value === undefined
    ? ''
    : field.type === 'richtext'
      ? richTextLines(String(value))
      : String(value);

const changeStyle = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

/** A long text's edit: the changed stretch, old struck out and new marked, in its context. */
function TextEdit({ field, older, newer }: { field: Field; older: unknown; newer: unknown }) {
  const change = textChange(asText(field, older), asText(field, newer));
  return (
    <Typography.Paragraph
      style={{ ...changeStyle, marginBottom: 0 }}
      data-testid={`text-change-${field.name}`}
    >
      {change.cutBefore && '…'}
      {change.before}
      {change.removed && (
        <Typography.Text delete type="danger">
          {change.removed}
        </Typography.Text>
      )}
      {change.added && <Typography.Text mark>{change.added}</Typography.Text>}
      {change.after}
      {change.cutAfter && '…'}
    </Typography.Paragraph>
  );
}

// Labels of referenced rows come from lists the user may or may not read; one they may not read
// answers silently and its cell shows the id.
const anyone = () => true;

export function RevisionDiff({ resource, lang, older, newer }: RevisionDiffProps) {
  const fields = useMemo(() => differingRevisionFields(resource, older, newer), [resource, older, newer]);
  const byName = useMemo(() => new Map(fields.map((f) => [f.name, f])), [fields]);
  const cells = useMemo(() => fieldCells(resource, fields, lang), [resource, fields, lang]);
  const compared = useMemo(
    () => [
      { ...older.data, id: 'older' },
      { ...newer.data, id: 'newer' },
    ],
    [older, newer],
  );
  const refLabels = useRefLabels(cells, compared, anyone);

  if (fields.length === 0) {
    return <Typography.Paragraph type="secondary">{t('revisionSame', lang)}</Typography.Paragraph>;
  }
  const cell = (column: ColumnDescriptor, value: unknown) =>
    isEmptyValue(value) ? (
      '—'
    ) : (
      <CellValue column={column} value={value} lang={lang} refLabels={refLabels[column.field]} />
    );
  return (
    <Table
      data-testid="revision-diff"
      size="small"
      pagination={false}
      tableLayout="fixed"
      rowKey="field"
      dataSource={cells}
      columns={[
        { key: 'field', title: t('conflictField', lang), dataIndex: 'title', width: '24%' },
        {
          key: 'change',
          title: `${t('revisionOlder', lang, { n: older.revision })} → ${t('revisionNewer', lang, { n: newer.revision })}`,
          render: (_: unknown, column: ColumnDescriptor) => {
            const field = byName.get(column.field)!;
            if (TEXT_TYPES.has(field.type)) {
              return <TextEdit field={field} older={older.data[field.name]} newer={newer.data[field.name]} />;
            }
            return (
              <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 6 }}>
                <span
                  data-testid={`older-${field.name}`}
                  style={{ textDecoration: 'line-through', opacity: 0.65 }}
                >
                  {cell(column, older.data[field.name])}
                </span>
                <span aria-hidden>→</span>
                <span data-testid={`newer-${field.name}`}>{cell(column, newer.data[field.name])}</span>
              </div>
            );
          },
        },
      ]}
    />
  );
}
