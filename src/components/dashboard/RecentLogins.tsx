// The latest sign-ins (the dashboard figures' recentLogins) as a plain table.

import type { Lang } from '../../../runtime/schema/types.ts';
import { relativeTime } from '../../../runtime/ui/relativeTime.ts';
import type { DashboardFigures } from '../../api/dashboard.ts';
import { formatTime } from '../../utils/time.ts';

export interface RecentLoginsProps {
  logins: DashboardFigures['recentLogins'] | undefined;
  headers: { userName: string; time: string; address: string };
  emptyText: string;
  lang: Lang;
}

export function RecentLogins({ logins, headers, emptyText, lang }: RecentLoginsProps) {
  return (
    <table className="plain-table" data-testid="recent-logins" aria-busy={logins === undefined}>
      <thead>
        <tr>
          <th scope="col">{headers.userName}</th>
          <th scope="col">{headers.time}</th>
          <th scope="col">{headers.address}</th>
        </tr>
      </thead>
      <tbody>
        {logins?.length === 0 && (
          <tr>
            <td colSpan={3} className="plain-table-empty">
              {emptyText}
            </td>
          </tr>
        )}
        {logins?.map((login) => (
          <tr key={`${login.time}-${login.userName}-${login.address}`}>
            <td>{login.userName}</td>
            <td>
              <time dateTime={login.time} title={formatTime(login.time)}>
                {relativeTime(login.time, lang)}
              </time>
            </td>
            <td>{login.address}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
