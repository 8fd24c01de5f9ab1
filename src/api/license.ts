import { API_PATHS, type LicenseState } from '../../runtime/contract.ts';
import { getData } from './http.ts';

export type { LicenseState };

/** Silent: the licence page shows a failure itself (the 'license' prefix rule included). */
export function licenseRequest(): Promise<LicenseState> {
  return getData<LicenseState>(API_PATHS.license, { silent: true });
}
