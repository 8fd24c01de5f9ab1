// The latest sign-ins (the dashboard figures' recentLogins) as a plain table.

import type { DashboardFigures } from '../../api/dashboard.ts';
import { formatTime } from '../../utils/time.ts';

export interface RecentLoginsProps {
  logins: DashboardFigures['recentLogins'] | undefined;
  headers: { userName: string; time: string; address: string };
  emptyText: string;
}

export function RecentLogins({ logins, headers, emptyText }: RecentLoginsProps) {
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
            <td>{formatTime(login.time)}</td>
            <td>{login.address}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
