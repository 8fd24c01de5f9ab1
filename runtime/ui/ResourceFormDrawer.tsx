// Create and edit open the resource form in a drawer beside the list. Editing loads the row
// afresh, so the form starts from what the server holds rather than from a stale list page,
// and the save sends the version it loaded: when someone else saved the row meanwhile, the
// conflict dialog shows what differs and lets the editor reload theirs or overwrite. A resource
// with `revisions: true` adds a History tab beside the form (RevisionHistory). Closing a form
// with unsaved changes asks first.
import { useQuery } from '@tanstack/react-query';
import { Drawer, Empty, Modal, Skeleton, Tabs } from 'antd';
import { useRef, useState } from 'react';
import type { Id, ResourceClient, Row } from '../client/resourceClient.ts';
import { inSentence } from '../schema/prompts.ts';
import type { Lang } from '../schema/types.ts';
import { ConflictDialog, conflictOf } from './ConflictDialog.tsx';
import { t } from './i18n.ts';
import { queryKeys } from './queryKeys.ts';
import { type FormValues, ResourceForm } from './ResourceForm.tsx';
import { RevisionHistory } from './RevisionHistory.tsx';

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
}: ResourceFormDrawerProps) {
  const { resource } = client;
  const editing = target.mode === 'update' ? target.id : undefined;
  const row = useQuery({
    queryKey: queryKeys.row(resource.name, editing ?? ''),
    queryFn: () => client.get(editing!),
    enabled: editing !== undefined,
    // the form must start from the server's current values, never from a cached copy
    gcTime: 0,
  });
  // the saved row the editor chose to reload after a conflict; the form then starts from it
  const [reloaded, setReloaded] = useState<Row>();
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const loaded = reloaded ?? row.data;
  const version = typeof loaded?.version === 'number' ? loaded.version : undefined;
  // whether the form holds changes not saved; a close then asks before dropping them
  const dirty = useRef(false);
  const [modal, modalHolder] = Modal.useModal();
  const [tab, setTab] = useState('form');
  const startFrom = (saved: Row) => {
    dirty.current = false;
    setReloaded(saved);
  };

  const requestClose = () => {
    if (!dirty.current) return onClose();
    void modal.confirm({
      title: t('unsavedTitle', lang),
      content: t('unsavedText', lang),
      okText: t('unsavedDiscard', lang),
      okButtonProps: { danger: true },
      cancelText: t('unsavedKeep', lang),
      onOk: onClose,
    });
  };

  const save = async (values: FormValues, base = version) => {
    try {
      await onSubmit(values, base);
    } catch (error) {
      const current = conflictOf(error);
      if (!current) throw error;
      setConflict({ mine: values, current });
    }
  };

  // one row is being made or changed: 新增用户 / New user, not 新增用户管理 / New Users
  const name = inSentence(resource.singular[lang], lang);
  const title =
    target.mode === 'create'
      ? t('createTitle', lang, { resource: name })
      : t('editTitle', lang, { resource: name });
  const form = (
    <ResourceForm
      // a reloaded row starts the form afresh from the saved values
      key={`${String(editing ?? 'new')}:${version ?? ''}`}
      resource={resource}
      mode={target.mode}
      initial={loaded}
      lang={lang}
      can={can}
      onSubmit={(values) => save(values)}
      onCancel={requestClose}
      onDirtyChange={(changed) => {
        dirty.current = changed;
      }}
    />
  );
  const update = resource.actions.find((a) => a.name === 'update');
  const withHistory = editing !== undefined && resource.revisions === true;
  return (
    <Drawer open title={title} onClose={requestClose} size={720} destroyOnHidden>
      {modalHolder}
      {editing !== undefined && row.isError ? (
        // the HTTP client has shown why; the drawer only says there is nothing to edit
        <Empty description={t('empty', lang)} />
      ) : editing !== undefined && !loaded ? (
        <Skeleton active loading />
      ) : withHistory ? (
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            // the form stays mounted behind the history, so a look at it loses no edit
            { key: 'form', label: t('editTab', lang), children: form },
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
        form
      )}
      {conflict && (
        <ConflictDialog
          resource={resource}
          lang={lang}
          mine={conflict.mine}
          current={conflict.current}
          onCancel={() => setConflict(null)}
          onReload={() => {
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
