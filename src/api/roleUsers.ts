// A role's users (docs/api.md, "A role's users"): a searched page of those who hold a role or do
// not, and giving or taking the role for several users in one call, which the server checks
// against the grant rules as one transaction.
import { API_PATHS, type Envelope, type ListResult } from '../../runtime/contract.ts';
import { getData, http } from './http.ts';

export interface RoleUser {
  id: number;
  userName: string;
  realName: string;
  /** 0 active, 1 frozen */
  status: number;
}

export interface RoleUsersQuery {
  /** true: the users holding the role; false: the others */
  holding: boolean;
  search: string;
  page: number;
  limit: number;
}

export function roleUsersPage(
  roleId: number | string,
  query: RoleUsersQuery,
  signal?: AbortSignal,
): Promise<ListResult<RoleUser>> {
  return getData<ListResult<RoleUser>>(API_PATHS.roleUsers(roleId), {
    params: {
      holding: String(query.holding),
      search: query.search || undefined,
      page: query.page,
      limit: query.limit,
    },
    signal,
  });
}

/** Gives the role to `add` and takes it from `remove`; how many holdings changed each way. */
export async function changeRoleUsers(
  roleId: number | string,
  change: { add?: number[]; remove?: number[] },
): Promise<{ added: number; removed: number }> {
  const response = await http.put<Envelope<{ added: number; removed: number }>>(
    API_PATHS.roleUsers(roleId),
    change,
  );
  return response.data.data;
}
