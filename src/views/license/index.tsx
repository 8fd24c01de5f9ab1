// The licence page (spec §2 /license), outside the shell: antd's theme around the details.

import { AntdProvider } from '../../app/AntdProvider.tsx';
import { LicenseDetails } from '../../components/license/LicenseDetails.tsx';

export default function LicensePage() {
  return (
    <AntdProvider>
      <LicenseDetails />
    </AntdProvider>
  );
}
