// Create and edit open the resource form in a drawer beside the list. Editing loads the row
// afresh, so the form starts from what the server holds rather than from a stale list page,
// and the save sends the version it loaded: when someone else saved the row meanwhile, the
// conflict dialog shows what differs and lets the editor reload theirs or overwrite. A resource
// with `revisions: true` adds a History tab beside the form (RevisionHistory). One with
// `drafts: true` opens a row's pending draft in the form, saves every edit as the draft a moment
// after it (useDraftAutosave) and offers to publish or discard it (DraftBar); 保存 still saves the
// row at once, and drops the draft it held. Closing a form, leaving its page or closing the tab
// with changes not saved anywhere asks first. A resource with a `preview` page action gets a
// 预览 button that shows the form's state as the public site would (the draft, once saved).
import { EyeOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Empty, Modal, message, Skeleton, Tabs } from 'antd';
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { type Draft, fillPath, type Id, type ResourceClient, type Row } from '../client/resourceClient.ts';
import { inSentence } from '../schema/prompts.ts';
import type { Lang } from '../schema/types.ts';
import { writableFields } from '../schema/writable.ts';
import { ConflictDialog, conflictOf } from './ConflictDialog.tsx';
import { DraftBar } from './DraftBar.tsx';
import { t } from './i18n.ts';
import { LazyResourceForm, loadResourceForm } from './LazyResourceForm.tsx';
import { LeaveGuard } from './LeaveGuard.tsx';
import { queryKeys } from './queryKeys.ts';
import type { FormValues } from './ResourceForm.tsx';
import { RevisionHistory } from './RevisionHistory.tsx';
import { useDraftAutosave } from './useDraftAutosave.ts';

export type FormTarget = { mode: 'create' } | { mode: 'update'; id: Id };

export interface ResourceFormDrawerProps {
  client: ResourceClient;
  target: FormTarget;
  lang: Lang;
  /** `version`: the version of the row the edit started from (undefined on create) */
  onSubmit: (values: FormValues, version?: number) => Promise<unknown>;
  onClose: () => void;
  /** the permission store's check: fields the user may not write are shown disabled */
  can?: (code: string) => boolean;
  /** the row after its draft was published (`drafts: true`); without it the drawer says so and closes */
  onPublished?: (row: Row) => void;
}

interface Conflict {
  mine: FormValues;
  current: Row;
}

export function ResourceFormDrawer({
  client,
  target,
  lang,
  onSubmit,
  onClose,
  can,
  onPublished,
}: ResourceFormDrawerProps) {
  const { resource } = client;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const editing = target.mode === 'update' ? target.id : undefined;
  // the form's code comes beside the row it edits, not after it
  useEffect(() => void loadResourceForm(resource), [resource]);
  const withDrafts = editing !== undefined && resource.drafts === true;
  const row = useQuery({
    queryKey: queryKeys.row(resource.name, editing ?? ''),
    queryFn: () => client.get(editing!),
    enabled: editing !== undefined,
    // the form must start from the server's current values, never from a cached copy
    gcTime: 0,
  });
  const savedDraft = useQuery({
    queryKey: [...queryKeys.row(resource.name, editing ?? ''), 'draft'],
    queryFn: () => client.draft(editing!),
    enabled: withDrafts,
    gcTime: 0,
  });
  // the saved row the editor chose to reload after a conflict; the form then starts from it
  const [reloaded, setReloaded] = useState<Row>();
  const [conflict, setConflict] = useState<Conflict | null>(null);
  // the draft as last saved (undefined: as the form opened it); null: none
  const [draft, setDraft] = useState<Draft | null>();
  // the form starts afresh from the row (a discarded draft, a reload) when this changes
  const [epoch, setEpoch] = useState(0);
  const [ignoreOpened, setIgnoreOpened] = useState(false);
  const [busy, setBusy] = useState(false);
  const loaded = reloaded ?? row.data;
  const version = typeof loaded?.version === 'number' ? loaded.version : undefined;
  const opened = withDrafts && !ignoreOpened ? (savedDraft.data ?? null) : null;
  const current = draft === undefined ? opened : draft;
  // the form holds the draft it opened over the row; keys the form does not hold are ignored
  const initial = useMemo(
    () => (loaded && opened ? { ...loaded, ...opened.data } : loaded),
    [loaded, opened],
  );
  // whether the form holds changes not saved; a close then asks before dropping them
  const dirty = useRef(false);
  const [modal, modalHolder] = Modal.useModal();
  const [toast, toastHolder] = message.useMessage();
  const [tab, setTab] = useState('form');
  const refreshList = () =>
    queryClient.invalidateQueries({ queryKey: [...queryKeys.resource(resource.name), 'list'] });
  const autosave = useDraftAutosave(
    client,
    withDrafts ? editing : undefined,
    opened?.baseVersion ?? version,
    (saved) => {
      // the list's draft tag follows when a draft comes or goes
      if ((saved === null) !== (current === null)) void refreshList();
      setDraft(saved);
    },
  );
  const startFrom = (saved: Row) => {
    dirty.current = false;
    setReloaded(saved);
    setIgnoreOpened(true);
    setDraft(null);
    setEpoch((n) => n + 1);
  };
  const unsaved = useCallback(
    () => (withDrafts ? autosave.unsaved() : dirty.current),
    [withDrafts, autosave.unsaved],
  );

  /** Leaves the form (a close, another page): what waits is saved to the draft first; what cannot be, asked about. */
  const leave = async (go: () => void, stay: () => void = () => {}) => {
    if (withDrafts) await autosave.flush();
    if (!unsaved()) return go();
    void modal.confirm({
      title: t('unsavedTitle', lang),
      content: t('unsavedText', lang),
      okText: t('unsavedDiscard', lang),
      okButtonProps: { danger: true },
      cancelText: t('unsavedKeep', lang),
      onOk: go,
      onCancel: stay,
    });
  };
  const requestClose = () => void leave(onClose);

  const save = async (values: FormValues, base = version) => {
    // the row is saved as the form holds it: no autosave may write a draft behind it
    if (withDrafts) await autosave.hold();
    try {
      await onSubmit(values, base);
    } catch (error) {
      // not saved: the values wait for the draft again
      if (withDrafts) autosave.change(values);
      const now = conflictOf(error);
      if (!now) throw error;
      setConflict({ mine: values, current: now });
      return;
    }
    if (withDrafts) {
      // the row now holds what the form did, its draft with it: nothing is left to publish
      await client.discardDraft(editing!);
      await refreshList();
    }
  };

  const publish = async () => {
    setBusy(true);
    try {
      await autosave.flush();
      if (autosave.unsaved()) return;
      const published = await client.publishDraft(editing!);
      await queryClient.invalidateQueries({ queryKey: queryKeys.resource(resource.name) });
      if (onPublished) return onPublished(published);
      toast.success(t('draftPublished', lang));
      onClose();
    } catch (error) {
      const now = conflictOf(error);
      // the row was saved since the draft began: the editor compares and chooses, as on a save
      if (now) {
        const held = { ...(loaded ?? {}), ...(current?.data ?? {}) };
        const mine = Object.fromEntries(
          writableFields(resource, 'update').fields.flatMap((f) =>
            f.name in held ? [[f.name, held[f.name]]] : [],
          ),
        );
        setConflict({ mine, current: now });
      }
    } finally {
      setBusy(false);
    }
  };

  const discard = async () => {
    setBusy(true);
    try {
      await autosave.flush();
      await client.discardDraft(editing!);
      toast.success(t('draftDiscarded', lang));
      void refreshList();
      const fresh = await client.get(editing!);
      startFrom(fresh);
    } finally {
      setBusy(false);
    }
  };

  const previewAction = resource.actions.find((a) => a.name === 'preview' && a.open);
  const preview =
    previewAction && editing !== undefined && loaded ? (
      <Button
        icon={<EyeOutlined aria-hidden />}
        onClick={async () => {
          // the form's state as saved: the draft once the waiting edits are in it
          if (withDrafts) await autosave.flush();
          navigate(fillPath(previewAction.open!, loaded as Row));
        }}
      >
        {t('preview', lang)}
      </Button>
    ) : undefined;

  // one row is being made or changed: 新增用户 / New user, not 新增用户管理 / New Users
  const name = inSentence(resource.singular[lang], lang);
  const title =
    target.mode === 'create'
      ? t('createTitle', lang, { resource: name })
      : t('editTitle', lang, { resource: name });
  const form = (
    <LazyResourceForm
      // a reloaded row starts the form afresh from the saved values
      key={`${String(editing ?? 'new')}:${version ?? ''}:${epoch}`}
      resource={resource}
      mode={target.mode}
      initial={initial}
      lang={lang}
      can={can}
      onSubmit={(values) => save(values)}
      onCancel={requestClose}
      onDirtyChange={(changed) => {
        dirty.current = changed;
      }}
      onValuesChange={withDrafts ? autosave.change : undefined}
    />
  );
  const canWrite = can?.(resource.actions.find((a) => a.name === 'update')?.permission ?? '') ?? true;
  const bar = withDrafts ? (
    <DraftBar
      lang={lang}
      draft={current}
      state={autosave.state}
      canWrite={canWrite}
      busy={busy}
      onPublish={() => void publish()}
      onDiscard={() => void discard()}
    />
  ) : null;
  const update = resource.actions.find((a) => a.name === 'update');
  const withHistory = editing !== undefined && resource.revisions === true;
  // The drawer opens at once, a skeleton in it, and the form is drawn after it in a render React
  // may cut into slices (a deferred value's), as is the form of a row that has just arrived. A
  // form is a hundred-odd components and more (its fields, their antd controls, a rich-text
  // editor, a menu tree): drawn in the click that opens it, or in the task that brings its row,
  // it held the page for one task of 65–180 ms (docs/benchmarks.md, "Form drawers").
  const waiting = editing !== undefined && (!loaded || (withDrafts && savedDraft.isPending));
  const drawn = useDeferredValue(!waiting, false);
  return (
    <Drawer open title={title} onClose={requestClose} size={720} destroyOnHidden extra={preview}>
      {modalHolder}
      {toastHolder}
      <LeaveGuard unsaved={unsaved} onBlocked={(proceed, stay) => void leave(proceed, stay)} />
      {editing !== undefined && (row.isError || savedDraft.isError) ? (
        // the HTTP client has shown why; the drawer only says there is nothing to edit
        <Empty description={t('empty', lang)} />
      ) : waiting || !drawn ? (
        <Skeleton active loading />
      ) : withHistory ? (
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            // the form stays mounted behind the history, so a look at it loses no edit
            {
              key: 'form',
              label: t('editTab', lang),
              children: (
                <>
                  {bar}
                  {form}
                </>
              ),
            },
            {
              key: 'history',
              label: t('historyTab', lang),
              children: (
                <RevisionHistory
                  client={client}
                  id={editing}
                  lang={lang}
                  version={version}
                  canRestore={update !== undefined && (can?.(update.permission) ?? true)}
                  onRestored={startFrom}
                />
              ),
            },
          ]}
        />
      ) : (
        <>
          {bar}
          {form}
        </>
      )}
      {conflict && (
        <ConflictDialog
          resource={resource}
          lang={lang}
          mine={conflict.mine}
          current={conflict.current}
          onCancel={() => setConflict(null)}
          onReload={() => {
            // theirs, as saved: the draft made over the older row goes with the editor's values
            if (withDrafts)
              void autosave
                .hold()
                .then(() => client.discardDraft(editing!))
                .then(refreshList);
            startFrom(conflict.current);
            setConflict(null);
          }}
          onOverwrite={async () => {
            // mine again, over the version saved now; a newer save meanwhile is a new conflict
            const base = typeof conflict.current.version === 'number' ? conflict.current.version : undefined;
            try {
              await save(conflict.mine, base);
              setConflict((shown) => (shown === conflict ? null : shown));
            } catch {
              // the HTTP client has shown why; the form stays open with the editor's values
              setConflict(null);
            }
          }}
        />
      )}
    </Drawer>
  );
}
