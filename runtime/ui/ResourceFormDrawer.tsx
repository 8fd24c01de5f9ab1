// Create and edit open the resource form in a drawer beside the list. Editing loads the row
// afresh, so the form starts from what the server holds rather than from a stale list page.
import { useQuery } from '@tanstack/react-query';
import { Drawer, Empty, Skeleton } from 'antd';
import type { Id, ResourceClient } from '../client/resourceClient.ts';
import type { Lang } from '../schema/types.ts';
import { t } from './i18n.ts';
import { queryKeys } from './queryKeys.ts';
import { type FormValues, ResourceForm } from './ResourceForm.tsx';

export type FormTarget = { mode: 'create' } | { mode: 'update'; id: Id };

export interface ResourceFormDrawerProps {
  client: ResourceClient;
  target: FormTarget;
  lang: Lang;
  onSubmit: (values: FormValues) => Promise<unknown>;
  onClose: () => void;
}

export function ResourceFormDrawer({ client, target, lang, onSubmit, onClose }: ResourceFormDrawerProps) {
  const { resource } = client;
  const editing = target.mode === 'update' ? target.id : undefined;
  const row = useQuery({
    queryKey: queryKeys.row(resource.name, editing ?? ''),
    queryFn: () => client.get(editing!),
    enabled: editing !== undefined,
    // the form must start from the server's current values, never from a cached copy
    gcTime: 0,
  });
  const name = resource.title[lang];
  const title =
    target.mode === 'create'
      ? t('createTitle', lang, { resource: name })
      : t('editTitle', lang, { resource: name });
  return (
    <Drawer open title={title} onClose={onClose} size={720} destroyOnHidden>
      {editing !== undefined && row.isError ? (
        // the HTTP client has shown why; the drawer only says there is nothing to edit
        <Empty description={t('empty', lang)} />
      ) : editing !== undefined && !row.data ? (
        <Skeleton active loading />
      ) : (
        <ResourceForm
          key={String(editing ?? 'new')}
          resource={resource}
          mode={target.mode}
          initial={row.data}
          lang={lang}
          onSubmit={onSubmit}
          onCancel={onClose}
        />
      )}
    </Drawer>
  );
}
