// The eight newest published contents (docs/shell.md), each leading to its news detail page. They
// come with the home page's figures (GET /api/sys/dashboard), so the list shows with them, in the
// same answer; the placeholder while they load keeps the height of eight rows.

import { Link } from 'react-router-dom';
import type { Lang } from '../../../runtime/schema/types.ts';
import { relativeTime } from '../../../runtime/ui/relativeTime.ts';
import type { RecentContent } from '../../api/dashboard.ts';
import { NEWS_DETAIL_PATH } from '../../config.ts';
import { formatTime } from '../../utils/time.ts';

export interface RecentContentsProps {
  /** undefined while the figures load */
  items: RecentContent[] | undefined;
  emptyText: string;
  lang: Lang;
}

export function RecentContents({ items, emptyText, lang }: RecentContentsProps) {
  if (items && items.length === 0) return <p className="panel-empty">{emptyText}</p>;
  return (
    <ul className="recent-contents" data-testid="recent-contents" aria-busy={!items}>
      {(items ?? []).map((item) => (
        <li key={item.id}>
          <Link to={`${NEWS_DETAIL_PATH}?id=${encodeURIComponent(String(item.id))}`}>{item.title}</Link>
          <time dateTime={item.publishTime} title={formatTime(item.publishTime)}>
            {relativeTime(item.publishTime, lang)}
          </time>
        </li>
      ))}
    </ul>
  );
}
