// The licence page (spec §2 /license, outside the shell): the licence state the server reports.
// While the licence is not valid the server answers meta.success false with a message beginning
// with 'license' and the state still in `data`: the page shows that state, and the message
// without those 7 characters (spec §8), as a toast would.

import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import { isApiError } from '../../../runtime/client/apiError.ts';
import { toastText } from '../../../runtime/client/http.ts';
import { type LicenseState, licenseRequest } from '../../api/license.ts';
import { PageLoading } from '../../components/PageLoading.tsx';
import { HOME_PATH } from '../../config.ts';
import { editionName } from '../../i18n/editions.ts';
import { useT } from '../../i18n/useT.ts';
import { useLanguageStore } from '../../stores/language.ts';
import { formatDayCount, formatTime } from '../../utils/time.ts';

/** The state an invalid licence's failure still carries in `data`. */
function stateOf(error: Error | null): LicenseState | undefined {
  if (!isApiError(error) || typeof error.data !== 'object' || error.data === null) return undefined;
  return 'valid' in error.data ? (error.data as LicenseState) : undefined;
}

export function LicenseDetails() {
  const t = useT();
  const lang = useLanguageStore((s) => s.lang);
  const navigate = useNavigate();
  const license = useQuery({ queryKey: ['license'], queryFn: licenseRequest });

  // keyed: the failure's `extra` lists it after the retry button
  const home = (
    <Button key="home" type="primary" onClick={() => navigate(HOME_PATH)}>
      {t('backHome')}
    </Button>
  );

  const state = license.data ?? stateOf(license.error);
  if (license.isPending) return <PageLoading fullscreen />;
  if (!state) {
    return (
      <Result
        status="warning"
        title={t('licenseUnknown')}
        subTitle={license.error ? toastText(license.error.message) : undefined}
        extra={[
          <Button key="retry" onClick={() => license.refetch()}>
            {t('retry')}
          </Button>,
          home,
        ]}
        data-testid="license-page"
      />
    );
  }

  const { valid, holder, edition, expiresAt } = state;
  const remaining = expiresAt ? new Date(expiresAt).getTime() - Date.now() : null;
  return (
    <Result
      status={valid ? 'success' : 'error'}
      icon={valid ? <SafetyCertificateOutlined aria-hidden /> : undefined}
      title={t(valid ? 'licenseValid' : 'licenseInvalid')}
      subTitle={license.error ? toastText(license.error.message) : t('licenseText')}
      extra={home}
      data-testid="license-page"
    >
      <Descriptions
        column={1}
        bordered
        size="small"
        items={[
          { key: 'holder', label: t('licenseHolder'), children: holder ?? '—' },
          {
            key: 'edition',
            label: t('licenseEdition'),
            children: edition ? editionName(edition, lang) : '—',
          },
          {
            key: 'expires',
            label: t('licenseExpires'),
            children: expiresAt ? formatTime(expiresAt) : t('licenseNoExpiry'),
          },
          ...(remaining !== null && remaining > 0
            ? [{ key: 'remaining', label: t('licenseRemaining'), children: formatDayCount(remaining, lang) }]
            : []),
        ]}
      />
    </Result>
  );
}
