// The media library (docs/shell.md "Media library"): the uploads anyone who may upload can
// reuse, in a searchable, filterable, paged grid of thumbnails, newest first; choosing one hands
// it to the field or editor that opened the dialog. A second view lists the uploads no row uses
// any more, which an administrator may remove (all or none, re-checked by the server).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Empty, Flex, Input, Modal, Popconfirm, Segmented, Spin } from 'antd';
import { useState } from 'react';
import { isApiError } from '../client/apiError.ts';
import type { MediaQuery } from '../client/mediaClient.ts';
import type { MediaInUseData, MediaItem, MediaKind, UnusedMediaList } from '../contract.ts';
import type { Lang } from '../schema/types.ts';
import { t } from './i18n.ts';
import { MediaTile } from './MediaTile.tsx';
import { Pagination } from './Pagination.tsx';
import { queryKeys } from './queryKeys.ts';
import { useResources } from './ResourcesContext.tsx';

/** Tiles per page: full rows of 2, 3, 4 and 6 alike. */
export const MEDIA_PAGE_SIZE = 24;

type View = 'all' | 'unused';

export interface MediaLibraryDialogProps {
  open: boolean;
  lang: Lang;
  /** only this kind is offered (an image or avatar field takes pictures only) */
  kind?: MediaKind;
  /** why the opener cannot take a file (its field's upload rules), or undefined when it can */
  refuse?: (item: MediaItem) => string | undefined;
  onSelect(item: MediaItem): void;
  onClose(): void;
}

export function MediaLibraryDialog({ open, lang, kind, refuse, onSelect, onClose }: MediaLibraryDialogProps) {
  return (
    <Modal
      open={open}
      title={t('mediaLibrary', lang)}
      width={880}
      footer={null}
      onCancel={onClose}
      // a fresh library each time: the newest uploads, the first page, no search left over
      destroyOnHidden
    >
      <LibraryBody
        lang={lang}
        kind={kind}
        refuse={refuse}
        onSelect={(item) => {
          onSelect(item);
          onClose();
        }}
      />
    </Modal>
  );
}

function LibraryBody({
  lang,
  kind,
  refuse,
  onSelect,
}: Pick<MediaLibraryDialogProps, 'lang' | 'kind' | 'refuse' | 'onSelect'>) {
  const { media } = useResources();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [view, setView] = useState<View>('all');
  const [kindFilter, setKindFilter] = useState<MediaKind | 'any'>('any');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [marked, setMarked] = useState<string[]>([]);
  const [inUse, setInUse] = useState<string>();

  const query: MediaQuery = {
    page,
    limit: MEDIA_PAGE_SIZE,
    name: search || undefined,
    kind: kind ?? (kindFilter === 'any' ? undefined : kindFilter),
  };
  const list = useQuery({
    queryKey: queryKeys.mediaList(view, query),
    queryFn: ({ signal }) =>
      view === 'all' ? media.list(query, { signal }) : media.listUnused(query, { signal }),
  });
  const mayRemove = view === 'unused' && (list.data as UnusedMediaList | undefined)?.mayRemove === true;

  const remove = useMutation({
    mutationFn: (names: string[]) => media.removeUnused(names),
    onSuccess: ({ count }) => {
      setMarked([]);
      setInUse(undefined);
      message.success(t('mediaRemoved', lang, { count }));
    },
    onError: (error) => {
      // a row took a file up since the list was drawn: say which, and show the list as it is now
      const data = isApiError(error) ? (error.data as Partial<MediaInUseData> | undefined) : undefined;
      const rows = list.data?.rows ?? [];
      const names = (data?.inUse ?? []).map((n) => rows.find((r) => r.fileName === n)?.originalName ?? n);
      setInUse(names.length > 0 ? t('mediaInUse', lang, { names: names.join(', ') }) : String(error));
      setMarked((current) => current.filter((n) => !data?.inUse?.includes(n)));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.media }),
  });

  const changeView = (next: View) => {
    setView(next);
    setPage(1);
    setMarked([]);
    setInUse(undefined);
  };
  const rows = list.data?.rows ?? [];

  return (
    <Flex vertical gap={12}>
      <Flex gap={8} wrap align="center">
        <Segmented<View>
          value={view}
          onChange={changeView}
          options={[
            { value: 'all', label: t('mediaAll', lang) },
            { value: 'unused', label: t('mediaUnused', lang) },
          ]}
        />
        {!kind && (
          <Segmented<MediaKind | 'any'>
            value={kindFilter}
            onChange={(value) => {
              setKindFilter(value);
              setPage(1);
            }}
            options={[
              { value: 'any', label: t('mediaAnyKind', lang) },
              { value: 'image', label: t('mediaImages', lang) },
              { value: 'file', label: t('mediaFiles', lang) },
            ]}
          />
        )}
        <Input.Search
          allowClear
          aria-label={t('mediaSearch', lang)}
          placeholder={t('mediaSearch', lang)}
          maxLength={100}
          onSearch={(value) => {
            setSearch(value.trim());
            setPage(1);
          }}
          style={{ flex: '1 1 200px', minWidth: 160 }}
        />
      </Flex>
      {view === 'unused' && (
        <Alert
          type="info"
          showIcon
          title={t('mediaUnusedHint', lang)}
          description={list.data && !mayRemove ? t('mediaRemoveOnlyAdmin', lang) : undefined}
        />
      )}
      {inUse && (
        <Alert type="warning" showIcon closable={{ onClose: () => setInUse(undefined) }} title={inUse} />
      )}
      <Spin spinning={list.isFetching}>
        {rows.length === 0 ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={list.isPending ? ' ' : t('mediaEmpty', lang)}
            style={{ minHeight: 160 }}
          />
        ) : (
          <div
            role="list"
            aria-label={t('mediaLibrary', lang)}
            style={{
              display: 'grid',
              gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))',
              gap: 8,
              maxHeight: '55vh',
              overflowY: 'auto',
            }}
          >
            {rows.map((item) => (
              <div role="listitem" key={item.fileName} style={{ minWidth: 0 }}>
                <MediaTile
                  item={item}
                  lang={lang}
                  refusal={refuse?.(item)}
                  onChoose={onSelect}
                  marked={marked.includes(item.fileName)}
                  onMark={
                    mayRemove
                      ? (target, on) =>
                          setMarked((current) =>
                            on ? [...current, target.fileName] : current.filter((n) => n !== target.fileName),
                          )
                      : undefined
                  }
                />
              </div>
            ))}
          </div>
        )}
      </Spin>
      <Flex gap={8} wrap align="center" justify="space-between">
        {mayRemove ? (
          <Popconfirm
            title={t('mediaRemoveConfirm', lang, { count: marked.length })}
            okText={t('ok', lang)}
            cancelText={t('cancel', lang)}
            okButtonProps={{ danger: true }}
            onConfirm={() => remove.mutateAsync(marked).catch(() => undefined)}
            disabled={marked.length === 0}
          >
            <Button danger disabled={marked.length === 0} loading={remove.isPending}>
              {t('mediaRemove', lang, { count: marked.length })}
            </Button>
          </Popconfirm>
        ) : (
          <span />
        )}
        <Pagination
          total={list.data?.total ?? 0}
          page={page}
          limit={MEDIA_PAGE_SIZE}
          layout={['total', 'prev', 'pager', 'next']}
          onPagination={({ page: next }) => setPage(next)}
          lang={lang}
        />
      </Flex>
    </Flex>
  );
}
