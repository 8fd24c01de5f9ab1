import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import { AntdProvider } from '../../app/AntdProvider.tsx';
import { HOME_PATH } from '../../config.ts';
import { useT } from '../../i18n/useT.ts';

export default function NotFoundPage() {
  const t = useT();
  const navigate = useNavigate();
  return (
    // outside the shell (/404) antd's theme is not there yet; inside it, this one nests harmlessly
    <AntdProvider>
      <Result
        status="404"
        title="404"
        subTitle={
          <>
            <strong>{t('notFoundTitle')}</strong>
            <br />
            {t('notFoundText')}
          </>
        }
        extra={
          <Button type="primary" onClick={() => navigate(HOME_PATH, { replace: true })}>
            {t('backHome')}
          </Button>
        }
      />
    </AntdProvider>
  );
}
