import { Result } from 'antd';
import { useT } from '../../i18n/useT.ts';

/** A configuration page whose data the user may not read (or this build lacks). */
export function Unavailable() {
  const t = useT();
  return <Result status="403" title="403" subTitle={t('pageUnavailable')} />;
}
