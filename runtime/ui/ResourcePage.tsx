// The generic list page every schema resource gets (DESIGN §7): filter bar, toolbar, table with
// selection, sorting and row actions, and the shared pagination control. Page, size, sort and
// filters live in the route's search parameters; server data lives in react-query; the table's
// sorting, paging, selection, column visibility and expansion are react-table state. A tree
// resource's page reads its tree a level at a time (useTreeTable.ts) and is not paged.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  functionalUpdate,
  type PaginationState,
  type RowSelectionState,
  useTable,
} from '@tanstack/react-table';
import { message } from 'antd';
import { type SyntheticEvent, useCallback, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { isApiError } from '../client/apiError.ts';
import { ERROR_TOAST_MS } from '../client/constants.ts';
import { type DownloadProgress, fillPath, type ResourceClient, type Row } from '../client/resourceClient.ts';
import { toListColumns } from '../schema/columns.ts';
import { findBinAction } from '../schema/recycleBin.ts';
import type { Action, Lang, Resource } from '../schema/types.ts';
import { buildListColumns } from './buildListColumns.ts';
import type { TreeRow } from './buildTree.ts';
import { ColumnSettings } from './ColumnSettings.tsx';
import { DataTable } from './DataTable.tsx';
import { type ExportChoice, ExportProgress } from './ExportButton.tsx';
import { FilterBar } from './FilterBar.tsx';
import { t } from './i18n.ts';
import {
  ActionFormModal,
  ImportDialog,
  loadListDialogs,
  RecycleBin,
  ResourceFormDrawer,
} from './LazyListDialogs.tsx';
import { loadResourceForm } from './LazyResourceForm.tsx';
import { ListCellContext, type ListCellValue } from './listCellContext.ts';
import { isTreeList, listParams, listRead } from './listReads.ts';
import { listFeatures } from './listTable.ts';
import { Pagination } from './Pagination.tsx';
import { pageActions } from './pageActions.ts';
import { queryKeys } from './queryKeys.ts';
import { ReferencesDialog, type ReferencesDialogProps, referencesOf } from './ReferencesDialog.tsx';
import type { FormValues } from './ResourceForm.tsx';
import type { FormTarget } from './ResourceFormDrawer.tsx';
import { saveFile } from './saveFile.ts';
import { Toolbar } from './Toolbar.tsx';
import { canOpen } from './treeTableRows.ts';
import { useColumnVisibility } from './useColumnVisibility.ts';
import { useLinkButtonClasses } from './useLinkButtonClasses.ts';
import { useListState } from './useListState.ts';
import { useRefLabels } from './useRefLabels.ts';
import { useTreeTable } from './useTreeTable.ts';

export interface ResourcePageProps {
  resource: Resource;
  client: ResourceClient;
  lang?: Lang;
  /** the permission store's check, e.g. can('sys:users:delete') */
  can: (code: string) => boolean;
}

interface ActionRequest {
  action: Action;
  row?: Row;
  values?: FormValues;
  /** an export's columns */
  columns?: ExportChoice;
}

const NO_ROWS: TreeRow[] = [];
/** A dialog opens from the toolbar or a row's actions: the pointer or the focus reaching either
 * asks for the dialogs' code, well before a click. Not on any pointer over the page: compiling
 * it is a task of its own, which would land in a row's opening or a scroll (docs/benchmarks.md). */
const DIALOG_OPENERS = '[data-toolbar], [data-row-actions]';
const preloadDialogs = (event: SyntheticEvent) => {
  // code that cannot be fetched is reported when a dialog opens (the page's error element), not here
  if (event.target instanceof Element && event.target.closest(DIALOG_OPENERS))
    loadListDialogs().catch(() => {});
};

export function ResourcePage({ resource, client, lang = 'zh', can }: ResourcePageProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // a page-local toast API: works whether or not the app wraps the page in antd's <App>
  const [toast, toastHolder] = message.useMessage();
  const [list, listActions] = useListState(resource);
  const tree = isTreeList(resource);

  const params = useMemo(() => listParams(list), [list]);
  // the app asked for the first of these reads as the navigation began (listReads.ts)
  const query = useQuery({ ...listRead(client, params), placeholderData: keepPreviousData, enabled: !tree });
  const treeTable = useTreeTable(client, { enabled: tree, sort: params.sort, filters: list.filters });
  const data: TreeRow[] = tree ? treeTable.data : (query.data?.rows ?? NO_ROWS);
  const fetching = tree ? treeTable.loading : query.isFetching;

  const actions = useMemo(() => pageActions(resource, can), [resource, can]);
  const descriptors = useMemo(() => toListColumns(resource, lang), [resource, lang]);
  const refLabels = useRefLabels(descriptors, tree ? treeTable.rows : (query.data?.rows ?? NO_ROWS), can);

  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const [columnVisibility, setColumnVisibility] = useColumnVisibility(resource.name);
  const [formTarget, setFormTarget] = useState<FormTarget | null>(null);
  const [dialog, setDialog] = useState<{ action: Action; row?: Row } | null>(null);
  const [importing, setImporting] = useState(false);
  const [binOpen, setBinOpen] = useState(false);
  // the bin opens for those who may delete (they may put back what they took away)
  const binAction = resource.softDelete ? findBinAction(resource, 'remove') : undefined;
  const canOpenBin = binAction !== undefined && can(binAction.permission);
  const purgeAction = resource.softDelete ? findBinAction(resource, 'purge') : undefined;
  const [refusal, setRefusal] = useState<Omit<ReferencesDialogProps, 'lang' | 'onClose'> | null>(null);

  // each export's own message: one reusing the key of a message still closing would vanish with it
  const exports = useRef(0);
  /** The fields of the columns the list shows now, in its order (the column settings applied). */
  const visibleFields = () => {
    const fields = new Set(descriptors.map((d) => d.field));
    return table
      .getVisibleLeafColumns()
      .map((column) => column.id)
      .filter((id) => fields.has(id));
  };

  const invalidate = () => queryClient.invalidateQueries({ queryKey: queryKeys.resource(resource.name) });
  const selectedIds = () => Object.keys(rowSelection).filter((id) => rowSelection[id]);

  const perform = useMutation({
    mutationFn: async ({ action, row, values, columns }: ActionRequest): Promise<string | undefined> => {
      const ids = selectedIds();
      switch (action.name) {
        case 'delete':
          await client.remove(row!.id, { silent: true });
          setRowSelection((s) =>
            Object.fromEntries(Object.entries(s).filter(([id]) => id !== String(row!.id))),
          );
          return t(resource.softDelete ? 'binMovedOne' : 'deleted', lang);
        case 'batchDelete': {
          const { count } = await client.removeMany(ids, { silent: true });
          setRowSelection({});
          return t(resource.softDelete ? 'binMovedMany' : 'deletedMany', lang, { count });
        }
        case 'batchUpdate': {
          const { count } = await client.updateMany(ids, values ?? {});
          setRowSelection({});
          return t('updatedMany', lang, { count });
        }
        case 'export': {
          // one message for the whole export: its progress, then what was saved
          const exportKey = `export:${resource.name}:${++exports.current}`;
          const progress = (loaded: DownloadProgress) =>
            toast.open({
              key: exportKey,
              type: 'loading',
              content: <ExportProgress progress={loaded} lang={lang} />,
              duration: 0,
            });
          progress({ loaded: 0 });
          try {
            const file = await client.exportFile({
              sort: params.sort,
              filters: params.filters,
              ids: ids.length > 0 ? ids : undefined,
              columns: columns === 'all' ? 'all' : visibleFields(),
              onProgress: progress,
            });
            saveFile(file);
            if (file.limit)
              // more rows matched than an export holds: said, not left for the user to find out
              toast.warning({
                content: t('exportLimited', lang, {
                  file: file.fileName,
                  limit: file.limit.toLocaleString(),
                }),
                key: exportKey,
                duration: 10,
              });
            else toast.success({ content: t('exported', lang, { file: file.fileName }), key: exportKey });
            return undefined;
          } catch (error) {
            // the HTTP client has said why; the progress must not stay behind
            toast.destroy(exportKey);
            throw error;
          }
        }
        default: {
          const body = action.scope === 'batch' ? { ...values, ids } : values;
          const result = await client.action(action.name, row, body);
          if (result.kind === 'file') {
            saveFile(result.file);
            return undefined;
          }
          return t('actionDone', lang, { action: action.title[lang] });
        }
      }
    },
    onSuccess: (text, request) => {
      if (text) toast.success(text);
      if (request.action.name !== 'export' && !request.action.download) return invalidate();
    },
    // deletes are sent silently: a refusal by references opens the dialog that names them
    onError: (error, request) => {
      if (request.action.name !== 'delete' && request.action.name !== 'batchDelete') return;
      const references = isApiError(error) ? referencesOf(error.data) : undefined;
      if (references) {
        const ids = request.action.name === 'delete' ? [request.row!.id] : selectedIds();
        setRefusal({ message: error.message, references, ids });
      } else if (!isApiError(error) || !error.canceled) toast.error(error.message, ERROR_TOAST_MS / 1000);
    },
  });

  /** What a click on an action does: open the form or the action's dialog, or call the server. */
  const startAction = (action: Action, row?: Row): Promise<unknown> | undefined => {
    if (action.name === 'create') return void setFormTarget({ mode: 'create' });
    if (action.name === 'update' && row) return void setFormTarget({ mode: 'update', id: row.id });
    if (action.name === 'batchUpdate' || action.form) return void setDialog({ action, row });
    if (action.name === 'import') return void setImporting(true);
    if (action.open) return void navigate(fillPath(action.open, row));
    if (action.name === 'export') return startExport(action, 'visible');
    // failures were shown as toasts by the HTTP client; the button only has to stop spinning
    return perform.mutateAsync({ action, row }).catch(() => undefined);
  };
  const startExport = (action: Action, columns: ExportChoice) =>
    perform.mutateAsync({ action, columns }).catch(() => undefined);
  // the column definitions must stay stable across renders; they reach the latest handler here
  const startActionRef = useRef(startAction);
  startActionRef.current = startAction;

  // the pointer reached a button that opens the form (a toolbar's or a row's): its code comes now
  const loadForm = useCallback(() => void loadResourceForm(resource), [resource]);

  const selectable = actions.batch.length > 0 || actions.toolbar.some((a) => a.name === 'export');
  const { columns, layout } = useMemo(
    () => buildListColumns({ descriptors, lang, rowActions: actions.row }),
    [descriptors, lang, actions.row],
  );
  const linkClasses = useLinkButtonClasses();
  const cellContext = useMemo<ListCellValue>(
    () => ({
      lang,
      descriptors: new Map(descriptors.map((d) => [d.field, d])),
      refLabels,
      expanderColumn: tree ? descriptors[0]?.field : undefined,
      // the first column, fixed at the left: seen at every width, however far the table scrolls
      draftColumn: resource.drafts ? descriptors[0]?.field : undefined,
      rowActions: actions.row,
      onRowAction: (action, row) => startActionRef.current(action, row),
      onFormIntent: loadForm,
      linkClasses,
    }),
    [lang, descriptors, refLabels, tree, actions.row, resource.drafts, loadForm, linkClasses],
  );

  // one object while the page stays: react-table builds its rows anew for a new one, and a long
  // tree's thousands of rows would go through the table again on every render of this page
  const pagination = useMemo<PaginationState>(
    () => ({ pageIndex: list.page - 1, pageSize: list.limit }),
    [list.page, list.limit],
  );
  const table = useTable({
    features: listFeatures,
    columns,
    data,
    getRowId: (row) => String(row.id),
    getSubRows: tree ? (row) => row.children : undefined,
    // a row whose children are not read yet opens too: opening reads them
    getRowCanExpand: tree ? (row) => canOpen(row.original) : undefined,
    state: {
      sorting: list.sorting,
      pagination,
      rowSelection,
      columnVisibility,
      expanded: treeTable.expanded,
    },
    onSortingChange: (updater) => listActions.setSorting(functionalUpdate(updater, list.sorting)),
    onPaginationChange: (updater) => {
      const next = functionalUpdate(updater, pagination);
      listActions.setPagination({ page: next.pageIndex + 1, limit: next.pageSize });
    },
    onRowSelectionChange: setRowSelection,
    onColumnVisibilityChange: setColumnVisibility,
    onExpandedChange: treeTable.onExpandedChange,
    // a level arriving changes the rows; what is open stays open
    autoResetExpanded: false,
    manualSorting: true,
    manualPagination: true,
    autoResetPageIndex: false,
    rowCount: query.data?.total ?? 0,
    enableMultiSort: false,
    // a sorted column flips between ascending and descending; there is always an order
    enableSortingRemoval: false,
    enableRowSelection: selectable,
    enableSubRowSelection: false,
  });

  return (
    <div onPointerOver={preloadDialogs} onFocus={preloadDialogs}>
      {toastHolder}
      {importing && (
        <ImportDialog
          client={client}
          lang={lang}
          can={can}
          onClose={() => setImporting(false)}
          onImported={(count) => {
            setImporting(false);
            toast.success(t('importDone', lang, { count }));
            void invalidate();
          }}
        />
      )}
      {refusal && <ReferencesDialog {...refusal} lang={lang} onClose={() => setRefusal(null)} />}
      <FilterBar resource={resource} lang={lang} value={list.filters} onSearch={listActions.setFilters} />
      <Toolbar
        lang={lang}
        actions={actions.toolbar}
        batchActions={actions.batch}
        selectedCount={selectedIds().length}
        onAction={(action) => startAction(action)}
        onFormIntent={loadForm}
        onExport={startExport}
        exporting={perform.isPending && perform.variables?.action.name === 'export'}
        onRefresh={() => void invalidate()}
        refreshing={fetching}
        onOpenBin={canOpenBin ? () => setBinOpen(true) : undefined}
        extra={<ColumnSettings table={table} layout={layout} lang={lang} />}
      />
      <ListCellContext.Provider value={cellContext}>
        <DataTable
          table={table}
          layout={layout}
          lang={lang}
          loading={fetching}
          selectable={selectable}
          onLoadMore={tree ? treeTable.loadMore : undefined}
          loadingMore={tree ? treeTable.loadingMore : undefined}
          loadingLevels={tree ? treeTable.loadingLevels : undefined}
        />
      </ListCellContext.Provider>
      <Pagination
        // a tree pages each level on its own ("load more"), and an empty list has nothing to page through
        hidden={tree || !query.data?.total}
        total={query.data?.total ?? 0}
        estimated={query.data?.estimated}
        page={list.page}
        limit={list.limit}
        lang={lang}
        onPagination={({ page, limit }) => table.setPagination({ pageIndex: page - 1, pageSize: limit })}
      />
      {binOpen && (
        <RecycleBin
          resource={resource}
          client={client}
          lang={lang}
          canPurge={purgeAction !== undefined && can(purgeAction.permission)}
          notify={{
            success: (text) => toast.success(text),
            error: (text, seconds) => toast.error(text, seconds),
          }}
          onClose={() => setBinOpen(false)}
        />
      )}
      {formTarget && (
        <ResourceFormDrawer
          client={client}
          target={formTarget}
          lang={lang}
          can={can}
          onClose={() => setFormTarget(null)}
          onPublished={() => {
            toast.success(t('draftPublished', lang));
            setFormTarget(null);
          }}
          onSubmit={async (values, version) => {
            if (formTarget.mode === 'create') await client.create(values);
            else await client.update(formTarget.id, values, { version });
            toast.success(t('saved', lang));
            setFormTarget(null);
            await invalidate();
          }}
        />
      )}
      {dialog && (
        <ActionFormModal
          resource={resource}
          action={dialog.action}
          row={dialog.row}
          count={selectedIds().length}
          lang={lang}
          can={can}
          onClose={() => setDialog(null)}
          onSubmit={async (values) => {
            await perform.mutateAsync({ action: dialog.action, row: dialog.row, values });
            setDialog(null);
          }}
        />
      )}
    </div>
  );
}
