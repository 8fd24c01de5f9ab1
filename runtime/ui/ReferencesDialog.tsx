// A delete refused because other rows still point at the row (a 409 whose data lists them):
// what refers to it, how many, a few by name, and a link to each list filtered to those rows,
// so the editor can move or delete them first.
import { Button, Modal, Typography } from 'antd';
import { Link } from 'react-router-dom';
import type { Lang } from '../schema/types.ts';
import { t } from './i18n.ts';

export interface ReferenceBlocker {
  resource: string;
  title: string;
  route: string;
  field: string;
  filterable: boolean;
  child: boolean;
  count: number;
  rows: Array<{ id: number; label: string }>;
}

export interface ReferencesDialogProps {
  /** the server's sentence: 栏目“新闻动态”仍被 12 条内容、3 条下级栏目 引用，不能删除 */
  message: string;
  references: ReferenceBlocker[];
  /** the rows whose delete was refused; one id makes the links filter to exactly the referencing rows */
  ids: Array<string | number>;
  lang: Lang;
  onClose(): void;
}

/** The `references` of a refused delete's answer, when it has them. */
export function referencesOf(data: unknown): ReferenceBlocker[] | undefined {
  const references = (data as { references?: unknown } | null)?.references;
  return Array.isArray(references) && references.length > 0 ? (references as ReferenceBlocker[]) : undefined;
}

function listLink(blocker: ReferenceBlocker, ids: Array<string | number>): string {
  if (!blocker.filterable || ids.length !== 1) return blocker.route;
  return `${blocker.route}?f.${blocker.field}=${encodeURIComponent(String(ids[0]))}`;
}

export function ReferencesDialog({ message, references, ids, lang, onClose }: ReferencesDialogProps) {
  return (
    <Modal
      open
      title={t('cannotDelete', lang)}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('ok', lang)}
        </Button>
      }
    >
      <Typography.Paragraph>{message}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('referencesHint', lang)}</Typography.Paragraph>
      <ul className="references-list" data-testid="references">
        {references.map((blocker) => {
          const more = blocker.count - blocker.rows.length;
          return (
            <li key={`${blocker.resource}.${blocker.field}`}>
              <Typography.Text strong>
                {t('referencedRows', lang, { title: blocker.title, count: blocker.count })}
              </Typography.Text>{' '}
              <Link to={listLink(blocker, ids)} onClick={onClose}>
                {t('openList', lang)}
              </Link>
              <div>
                {blocker.rows.map((row) => row.label).join(lang === 'zh' ? '、' : ', ')}
                {more > 0 ? ` ${t('moreRows', lang, { count: more })}` : ''}
              </div>
            </li>
          );
        })}
      </ul>
    </Modal>
  );
}
