// A save that someone else's save overtook: the update answered 409 with the row as it is now
// (docs/api.md, "Concurrent edits"). The dialog lists the fields where the editor's values and
// the saved ones differ, shown as the list shows them, and offers the two ways on: reload the
// saved row into the form (the editor's changes are dropped), or save the editor's values over
// it (sent again with the current version).
import { deepEquals } from '@rjsf/utils';
import { Button, Modal, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { isApiError } from '../client/apiError.ts';
import type { Row } from '../client/resourceClient.ts';
import { type ColumnDescriptor, toListColumns } from '../schema/columns.ts';
import type { Field, Lang, Resource } from '../schema/types.ts';
import { writableFields } from '../schema/writable.ts';
import { CellValue } from './CellValue.tsx';
import { t } from './i18n.ts';
import { useRefLabels } from './useRefLabels.ts';

export interface ConflictDialogProps {
  resource: Resource;
  lang: Lang;
  /** the values the editor tried to save */
  mine: Record<string, unknown>;
  /** the row as it is stored now */
  current: Row;
  onReload(): void;
  onOverwrite(): Promise<unknown>;
  onCancel(): void;
}

/** The current row of a stale update's answer, when the error is one. */
export function conflictOf(error: unknown): Row | undefined {
  if (!isApiError(error) || error.status !== 409) return undefined;
  const current = (error.data as { current?: unknown } | null)?.current;
  return current !== null && typeof current === 'object' && 'id' in current ? (current as Row) : undefined;
}

const isEmpty = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** Whether two values of a field mean the same: empty is empty, a time is its instant, a list its set. */
function same(field: Field, a: unknown, b: unknown): boolean {
  if (isEmpty(a) || isEmpty(b)) return isEmpty(a) && isEmpty(b);
  if (field.type === 'datetime') return Date.parse(String(a)) === Date.parse(String(b));
  if (Array.isArray(a) && Array.isArray(b)) {
    const sort = (list: unknown[]) => list.map(String).sort();
    return deepEquals(sort(a), sort(b));
  }
  return deepEquals(a, b);
}

/** The fields of the edit form whose value the editor sent differs from the saved one. */
export function differingFields(resource: Resource, mine: Record<string, unknown>, current: Row): Field[] {
  return writableFields(resource, 'update').fields.filter(
    (field) => Object.hasOwn(mine, field.name) && !same(field, mine[field.name], current[field.name]),
  );
}

// the descriptors of list cells, so values read as they do in the list (labels, tags, times)
function cellsOf(resource: Resource, fields: Field[], lang: Lang): ColumnDescriptor[] {
  const columns = fields.map((f) => ({ field: f.name, sortable: false, ellipsis: true }));
  return toListColumns({ ...resource, list: { ...resource.list, columns } }, lang);
}

// Labels of referenced rows come from the lists the form's pickers already load; a list the
// user may not read answers silently and its cell shows the id.
const anyone = () => true;

export function ConflictDialog({
  resource,
  lang,
  mine,
  current,
  onReload,
  onOverwrite,
  onCancel,
}: ConflictDialogProps) {
  const fields = useMemo(() => differingFields(resource, mine, current), [resource, mine, current]);
  const cells = useMemo(() => cellsOf(resource, fields, lang), [resource, fields, lang]);
  const compared = useMemo(() => [{ ...mine, id: current.id }, current], [mine, current]);
  const refLabels = useRefLabels(cells, compared, anyone);
  const [saving, setSaving] = useState(false);

  const overwrite = async () => {
    setSaving(true);
    try {
      await onOverwrite();
    } finally {
      setSaving(false);
    }
  };

  const cell = (column: ColumnDescriptor, value: unknown) => (
    <CellValue column={column} value={value} lang={lang} refLabels={refLabels[column.field]} />
  );

  return (
    <Modal
      open
      title={t('conflictTitle', lang)}
      onCancel={onCancel}
      width={640}
      mask={{ closable: false }}
      footer={[
        <Button key="cancel" onClick={onCancel} disabled={saving}>
          {t('cancel', lang)}
        </Button>,
        <Button key="reload" onClick={onReload} disabled={saving}>
          {t('conflictReload', lang)}
        </Button>,
        <Button key="overwrite" type="primary" danger loading={saving} onClick={overwrite}>
          {t('conflictOverwrite', lang)}
        </Button>,
      ]}
    >
      {fields.length === 0 ? (
        <Typography.Paragraph type="secondary">{t('conflictSame', lang)}</Typography.Paragraph>
      ) : (
        <>
          <Typography.Paragraph type="secondary">{t('conflictHint', lang)}</Typography.Paragraph>
          <Table
            data-testid="conflict-fields"
            size="small"
            pagination={false}
            tableLayout="fixed"
            rowKey="field"
            dataSource={cells}
            columns={[
              { key: 'field', title: t('conflictField', lang), dataIndex: 'title', width: '28%' },
              {
                key: 'mine',
                title: t('conflictMine', lang),
                render: (_: unknown, column: ColumnDescriptor) => cell(column, mine[column.field]),
              },
              {
                key: 'theirs',
                title: t('conflictTheirs', lang),
                render: (_: unknown, column: ColumnDescriptor) => cell(column, current[column.field]),
              },
            ]}
          />
        </>
      )}
    </Modal>
  );
}
