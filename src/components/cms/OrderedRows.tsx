// The configuration pages' list of rows in their public order, a page at a time: move a row up
// or down (one reorder call: the server moves it among all the rows of its group, across pages),
// show or hide it on the site (the resource's show and hide actions), and, where the page asks,
// select rows for a batch call. Labels of the references on the page come in one request each.

import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Checkbox, Empty, Pagination, Skeleton, Space, Switch } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import type { Filters, Id, ListParams, ResourceClient, Row } from '../../../runtime/client/resourceClient.ts';
import { queryKeys } from '../../../runtime/ui/queryKeys.ts';
import { useRefLabels } from '../../../runtime/ui/useRefLabels.ts';
import { useT } from '../../i18n/useT.ts';
import { useCan } from '../../stores/useCan.ts';

/** Rows a page of a configuration list shows. */
export const ORDERED_PAGE_SIZE = 20;

export interface OrderedRowsProps {
  client: ResourceClient;
  /** the list's filters: the group shown (a link category), none for a whole-table order */
  filters?: Filters;
  /** a row's content; `label(field)` is the label of a ref field's value on that row */
  renderRow(row: Row, label: (field: string) => string): ReactNode;
  /** what the empty list says */
  empty: string;
  pageSize?: number;
  /** rows ticked for a batch call; without it the rows have no checkbox */
  selection?: { selected: Id[]; onChange(ids: Id[]): void };
}

const NO_ROWS: Row[] = [];

/** status 0 is shown on the site, 1 hidden, in every resource these pages order */
const SHOWN = 0;

export function OrderedRows({
  client,
  filters,
  renderRow,
  empty,
  pageSize = ORDERED_PAGE_SIZE,
  selection,
}: OrderedRowsProps) {
  const t = useT();
  const { message } = App.useApp();
  const can = useCan();
  const queryClient = useQueryClient();
  const { resource } = client;
  const [page, setPage] = useState(1);

  const params: ListParams = { page, limit: pageSize, sort: resource.order?.field, filters };
  const query = useQuery({
    queryKey: queryKeys.list(resource.name, params),
    queryFn: ({ signal }) => client.list(params, { signal }),
    placeholderData: keepPreviousData,
  });
  const rows = query.data?.rows ?? NO_ROWS;
  const total = query.data?.total ?? 0;

  const refColumns = useMemo(
    () =>
      resource.fields
        .filter((f) => f.type === 'ref' && !f.multiple)
        .map((f) => ({ field: f.name, ref: f.ref, refLabel: f.refLabel })),
    [resource],
  );
  const labels = useRefLabels(refColumns, rows, can);

  const allowed = (name: string) => {
    const action = resource.actions.find((a) => a.name === name);
    return Boolean(action && can(action.permission));
  };
  const movable = Boolean(resource.order) && allowed('reorder');
  const togglable = ['show', 'hide'].every((name) => resource.actions.some((a) => a.name === name));

  const write = useMutation({
    mutationFn: (run: () => Promise<unknown>) => run(),
    // not returned: a message's promise lasts as long as it shows, and would hold the buttons
    onSuccess: () => {
      message.success(t('saved'));
    },
    // the HTTP client has shown why; the list is read again either way
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.resource(resource.name) }),
  });
  const busy = write.isPending;
  const send = (run: () => Promise<unknown>) => write.mutateAsync(run).catch(() => undefined);
  const first = (page - 1) * pageSize;

  if (query.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (query.isSuccess && total === 0) return <Empty description={empty} />;
  return (
    <>
      <ul className="ordered-rows" aria-busy={query.isFetching}>
        {rows.map((row, index) => (
          <li key={String(row.id)} data-row-id={String(row.id)}>
            {selection && (
              <Checkbox
                aria-label={String(row.id)}
                checked={selection.selected.some((id) => String(id) === String(row.id))}
                onChange={(event) =>
                  selection.onChange(
                    event.target.checked
                      ? [...selection.selected, row.id]
                      : selection.selected.filter((id) => String(id) !== String(row.id)),
                  )
                }
              />
            )}
            <div className="ordered-rows-main">
              {renderRow(row, (field) => {
                const id = row[field];
                return labels[field]?.get(String(id)) ?? String(id ?? '');
              })}
            </div>
            {togglable && (
              <Switch
                checked={row.status === SHOWN}
                disabled={busy || !allowed(row.status === SHOWN ? 'hide' : 'show')}
                checkedChildren={t('shown')}
                unCheckedChildren={t('hidden')}
                onChange={(checked) => send(() => client.action(checked ? 'show' : 'hide', row))}
              />
            )}
            {movable && (
              <Space.Compact>
                <Button
                  icon={<ArrowUpOutlined aria-hidden />}
                  aria-label={t('moveUp')}
                  disabled={busy || first + index === 0}
                  onClick={() => send(() => client.reorder({ id: row.id, offset: -1 }))}
                />
                <Button
                  icon={<ArrowDownOutlined aria-hidden />}
                  aria-label={t('moveDown')}
                  disabled={busy || first + index === total - 1}
                  onClick={() => send(() => client.reorder({ id: row.id, offset: 1 }))}
                />
              </Space.Compact>
            )}
          </li>
        ))}
      </ul>
      {total > pageSize && (
        <Pagination
          className="ordered-rows-pages"
          size="small"
          align="end"
          current={page}
          pageSize={pageSize}
          total={total}
          showSizeChanger={false}
          onChange={setPage}
        />
      )}
    </>
  );
}
