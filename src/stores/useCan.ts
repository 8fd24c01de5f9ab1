import { useCallback } from 'react';
import { hasPermission, usePermissionStore } from './permission.ts';

/** The permission check for components: re-renders them when the user's codes change. */
export function useCan(): (code: string) => boolean {
  const permissions = usePermissionStore((s) => s.permissions);
  return useCallback((code: string) => hasPermission(permissions, code), [permissions]);
}
