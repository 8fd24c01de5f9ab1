// The recycle bin of a resource with `softDelete: true` (docs/schema.md, "Recycle bin"): the
// rows deleted from its list, the latest first, with who deleted each and how long ago; restore
// and permanent delete per row and for a selection, each after a confirmation. Restoring needs
// the delete permission the bin is opened with; deleting for good needs the resource's purge.
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Drawer,
  Flex,
  Grid,
  Popconfirm,
  Space,
  Table,
  type TableColumnsType,
  Tooltip,
  Typography,
} from 'antd';
import { useMemo, useState } from 'react';
import { isApiError } from '../client/apiError.ts';
import { ERROR_TOAST_MS } from '../client/constants.ts';
import type { BinnedRow, Id, ResourceClient } from '../client/resourceClient.ts';
import { toListColumns } from '../schema/columns.ts';
import type { Lang, Resource } from '../schema/types.ts';
import { CellValue } from './CellValue.tsx';
import { formatTime } from './formatTime.ts';
import { t } from './i18n.ts';
import { queryKeys } from './queryKeys.ts';
import { ReferencesDialog, type ReferencesDialogProps, referencesOf } from './ReferencesDialog.tsx';
import { relativeTime } from './relativeTime.ts';

const PAGE_SIZE = 20;

export interface RecycleBinProps {
  resource: Resource;
  client: ResourceClient;
  lang: Lang;
  /** the user may delete rows for good (the resource's purge permission) */
  canPurge: boolean;
  /** a toast: the page's own, so the bin's confirmations read like the list's */
  notify: { success(text: string): void; error(text: string, seconds?: number): void };
  onClose(): void;
}

export function RecycleBin({ resource, client, lang, canPurge, notify, onClose }: RecycleBinProps) {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Id[]>([]);
  const [busy, setBusy] = useState(false);
  // on a phone who and when go under the row's name, and the two buttons one above the other
  const narrow = Grid.useBreakpoint().sm === false;
  const [refusal, setRefusal] = useState<Omit<ReferencesDialogProps, 'lang' | 'onClose'> | null>(null);
  const query = useQuery({
    queryKey: queryKeys.bin(resource.name, page, PAGE_SIZE),
    queryFn: () => client.bin({ page, limit: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  // the row is named as its list names it: by the list's first column
  const label = useMemo(() => toListColumns(resource, lang)[0], [resource, lang]);

  /** Runs a restore or a purge, then refreshes the bin and the list (one key holds both). */
  const run = async (kind: 'restore' | 'purge', ids: Id[]) => {
    setBusy(true);
    try {
      const { count } =
        kind === 'restore' ? await client.restore(ids) : await client.purge(ids, { silent: true });
      notify.success(t(kind === 'restore' ? 'binRestored' : 'binPurged', lang, { count }));
      setSelected((s) => s.filter((id) => !ids.includes(id)));
      // a page emptied by the change steps back one
      const left = (query.data?.rows.length ?? 0) - ids.length;
      if (left <= 0 && page > 1) setPage(page - 1);
    } catch (error) {
      // a purge refused by references names them, as a refused delete does; other failures
      // were shown by the HTTP client (a restore's 409 says which field)
      const references = kind === 'purge' && isApiError(error) ? referencesOf(error.data) : undefined;
      if (references && isApiError(error)) setRefusal({ message: error.message, references, ids });
      else if (kind === 'purge' && !(isApiError(error) && error.canceled))
        notify.error(error instanceof Error ? error.message : String(error), ERROR_TOAST_MS / 1000);
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: queryKeys.resource(resource.name) });
    }
  };

  const when = (row: BinnedRow) => (
    <Tooltip title={formatTime(row.deletedAt)}>
      <span>{relativeTime(row.deletedAt, lang)}</span>
    </Tooltip>
  );
  const who = (row: BinnedRow) => row.deletedBy?.name ?? '—';
  const name = (row: BinnedRow) =>
    label ? <CellValue column={label} value={row[label.field]} lang={lang} /> : row.id;
  const columns: TableColumnsType<BinnedRow> = [
    narrow
      ? {
          key: 'label',
          title: label?.title ?? 'ID',
          render: (_, row) => (
            <Flex vertical gap={2}>
              {name(row)}
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {who(row)} · {when(row)}
              </Typography.Text>
            </Flex>
          ),
        }
      : { key: 'label', title: label?.title ?? 'ID', render: (_, row) => name(row) },
    ...(narrow
      ? []
      : [
          {
            key: 'deletedBy',
            title: t('binDeletedBy', lang),
            width: 110,
            render: (_: unknown, row: BinnedRow) => who(row),
          },
          {
            key: 'deletedAt',
            title: t('binDeletedAt', lang),
            width: 120,
            render: (_: unknown, row: BinnedRow) => when(row),
          },
        ]),
    {
      key: 'actions',
      title: t('actions', lang),
      width: narrow ? 96 : canPurge ? 168 : 80,
      render: (_, row) => (
        <Space size={0} orientation={narrow ? 'vertical' : 'horizontal'} align="start">
          <Popconfirm
            title={t('binRestoreConfirm', lang)}
            okText={t('binRestore', lang)}
            cancelText={t('cancel', lang)}
            onConfirm={() => run('restore', [row.id])}
          >
            <Button type="link" size="small" disabled={busy}>
              {t('binRestore', lang)}
            </Button>
          </Popconfirm>
          {canPurge && (
            <Popconfirm
              title={t('binPurgeConfirm', lang)}
              okText={t('binPurge', lang)}
              okButtonProps={{ danger: true }}
              cancelText={t('cancel', lang)}
              onConfirm={() => run('purge', [row.id])}
            >
              <Button type="link" size="small" danger disabled={busy}>
                {t('binPurge', lang)}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  const count = selected.length;
  return (
    <Drawer
      open
      title={t('binTitle', lang, { title: resource.title[lang] })}
      onClose={onClose}
      size={720}
      destroyOnHidden
    >
      {refusal && <ReferencesDialog {...refusal} lang={lang} onClose={() => setRefusal(null)} />}
      <Flex vertical gap={12}>
        <Alert type="info" showIcon title={t('binHint', lang)} />
        <Flex gap={8} wrap align="center">
          <Popconfirm
            title={t('binRestoreManyConfirm', lang, { count })}
            okText={t('binRestore', lang)}
            cancelText={t('cancel', lang)}
            disabled={count === 0}
            onConfirm={() => run('restore', selected)}
          >
            <Button disabled={count === 0 || busy}>{t('binRestoreSelected', lang)}</Button>
          </Popconfirm>
          {canPurge && (
            <Popconfirm
              title={t('binPurgeManyConfirm', lang, { count })}
              okText={t('binPurge', lang)}
              okButtonProps={{ danger: true }}
              cancelText={t('cancel', lang)}
              disabled={count === 0}
              onConfirm={() => run('purge', selected)}
            >
              <Button danger disabled={count === 0 || busy}>
                {t('binPurgeSelected', lang)}
              </Button>
            </Popconfirm>
          )}
          {count > 0 && <Typography.Text type="secondary">{t('selected', lang, { count })}</Typography.Text>}
        </Flex>
        <Table<BinnedRow>
          size="small"
          rowKey="id"
          loading={query.isFetching}
          dataSource={query.data?.rows ?? []}
          columns={columns}
          locale={{ emptyText: t('binEmpty', lang) }}
          rowSelection={{
            selectedRowKeys: selected,
            onChange: (keys) => setSelected(keys as Id[]),
          }}
          pagination={
            (query.data?.total ?? 0) > PAGE_SIZE
              ? {
                  current: page,
                  pageSize: PAGE_SIZE,
                  total: query.data?.total ?? 0,
                  size: 'small',
                  showSizeChanger: false,
                  onChange: setPage,
                }
              : false
          }
        />
      </Flex>
    </Drawer>
  );
}
