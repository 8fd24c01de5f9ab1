import type { UserInfo } from '../../runtime/contract.ts';

/** A user-info answer as GET /api/sys/users/{id}/info gives it; tests override what they are about. */
export function userInfo(overrides: Partial<UserInfo> = {}): UserInfo {
  const roles = overrides.roles ?? [{ id: 1, roleKey: 'admin', roleName: 'Administrator' }];
  return {
    userId: 1,
    userName: 'admin',
    realName: 'Administrator',
    departmentId: null,
    departmentName: null,
    rank: null,
    positionId: null,
    positionRankId: null,
    classifiedGrades: null,
    personImage: null,
    permissions: ['*'],
    roles: [{ id: 1, roleKey: 'admin', roleName: 'Administrator' }],
    activeRole: null,
    firstlogin: false,
    heldRoles: roles,
    ...overrides,
  };
}
