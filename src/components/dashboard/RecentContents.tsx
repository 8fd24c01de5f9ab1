// The newest contents by publish time, each leading to its news detail page.

import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { ListParams, ResourceClient } from '../../../runtime/client/resourceClient.ts';
import type { Lang } from '../../../runtime/schema/types.ts';
import { queryKeys } from '../../../runtime/ui/queryKeys.ts';
import { NEWS_DETAIL_PATH } from '../../config.ts';
import { formatTime } from '../../utils/time.ts';

export interface RecentContentsProps {
  contents: ResourceClient;
  lang: Lang;
  emptyText: string;
}

const PARAMS: ListParams = { page: 1, limit: 8, sort: '-publishTime' };

export function RecentContents({ contents, lang, emptyText }: RecentContentsProps) {
  const recent = useQuery({
    queryKey: queryKeys.list(contents.resource.name, PARAMS),
    queryFn: () => contents.list(PARAMS),
  });
  const status = contents.resource.fields.find((field) => field.name === 'status');
  const rows = recent.data?.rows ?? [];

  if (recent.isSuccess && rows.length === 0) return <p className="panel-empty">{emptyText}</p>;
  return (
    <ul className="recent-contents" data-testid="recent-contents" aria-busy={recent.isPending}>
      {rows.map((row) => {
        const option = status?.options?.find((o) => o.value === row.status);
        return (
          <li key={String(row.id)}>
            <Link to={`${NEWS_DETAIL_PATH}?id=${encodeURIComponent(String(row.id))}`}>
              {String(row.title)}
            </Link>
            {option && <span className="recent-contents-status">{option.label[lang]}</span>}
            <time dateTime={String(row.publishTime ?? '')}>{formatTime(row.publishTime, 'YYYY-MM-DD')}</time>
          </li>
        );
      })}
    </ul>
  );
}
