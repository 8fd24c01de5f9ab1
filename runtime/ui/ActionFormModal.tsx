// The dialog of an action that asks for values first (reset password, batch update): the
// action's form compiled from the schema, submitted through the page's action runner.
import { Modal, Typography } from 'antd';
import type { Row } from '../client/resourceClient.ts';
import type { Action, Lang, Resource } from '../schema/types.ts';
import { t } from './i18n.ts';
import { LazyResourceForm } from './LazyResourceForm.tsx';
import type { FormValues } from './ResourceForm.tsx';

export interface ActionFormModalProps {
  resource: Resource;
  action: Action;
  lang: Lang;
  /** the row a row action works on */
  row?: Row;
  /** how many rows a batch action works on */
  count?: number;
  onSubmit: (values: FormValues) => Promise<unknown>;
  onClose: () => void;
  /** the permission store's check: fields the user may not write are shown disabled */
  can?: (code: string) => boolean;
}

export function ActionFormModal({
  resource,
  action,
  lang,
  row,
  count,
  onSubmit,
  onClose,
  can,
}: ActionFormModalProps) {
  const title =
    action.name === 'batchUpdate' ? t('batchUpdateTitle', lang, { count: count ?? 0 }) : action.title[lang];
  return (
    <Modal open title={title} onCancel={onClose} footer={null} destroyOnHidden width={640}>
      {action.name === 'batchUpdate' && (
        <Typography.Paragraph type="secondary">{t('batchUpdateHint', lang)}</Typography.Paragraph>
      )}
      <LazyResourceForm
        resource={resource}
        mode={{ action: action.name }}
        initial={row}
        lang={lang}
        can={can}
        submitText={t('ok', lang)}
        onSubmit={onSubmit}
        onCancel={onClose}
      />
    </Modal>
  );
}
