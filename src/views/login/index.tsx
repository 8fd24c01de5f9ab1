// Sign-in (spec §2 /login, §4 "Login"): user name (trimmed) and password; on success the
// profile and the route table are fetched, then the page asked for in `redirect` opens (the
// route guard puts the change-password page first when the password was chosen by someone else).
// The page everyone loads first is kept to plain HTML styled after antd (login.css): antd's
// inputs bring its form, overlay and compact-space machinery, a quarter of what the page would
// load (docs/benchmarks.md, "Bundle").

import { LoadingOutlined, LockOutlined, UserOutlined } from '@ant-design/icons';
import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useT } from '../../i18n/useT.ts';
import { LanguageSwitch } from '../../layout/LanguageSwitch.tsx';
import { preloadSignedInPage, prepareSignedInPage } from '../../router/preload.ts';
import { safeRedirect } from '../../router/safeRedirect.ts';
import { restoreSession } from '../../session/restoreSession.ts';
import { useSessionStore } from '../../stores/session.ts';
import '../../styles/login.css';

interface Missing {
  userName: boolean;
  password: boolean;
}

export default function LoginPage() {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState<Missing>({ userName: false, password: false });
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    // a user name of spaces is no user name: it is trimmed before it is sent
    const check = { userName: userName.trim() === '', password: password === '' };
    setMissing(check);
    if (check.userName || check.password) return;
    setLoading(true);
    setError(null);
    try {
      await useSessionStore.getState().login({ userName: userName.trim(), password });
      const target = safeRedirect(params.get('redirect'));
      try {
        // the page opens once its code is here, so it draws whole rather than behind a spinner
        const restored = restoreSession((routes) => prepareSignedInPage(routes, target));
        // its code and data asked for now, beside the profile and the route list, not after them
        void preloadSignedInPage(target.split(/[?#]/, 1)[0]);
        await restored;
      } catch (failure) {
        // half a session (a token without a profile or routes) is no session
        useSessionStore.getState().resetToken();
        throw failure;
      }
      navigate(target, { replace: true });
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : t('loginFailed'));
      setLoading(false);
    }
  }

  return (
    <div className="login-container">
      <div className="login-language">
        <LanguageSwitch />
      </div>
      <form className="login-form" data-testid="login-form" onSubmit={onSubmit} noValidate>
        <h1 className="login-title">{t('siteTitle')}</h1>
        <h2 className="login-subtitle">{t('loginTitle')}</h2>
        {error && (
          <div className="login-alert" role="alert">
            {error}
          </div>
        )}
        <label className={missing.userName ? 'login-field login-field-invalid' : 'login-field'}>
          <UserOutlined aria-hidden />
          <input
            placeholder={t('userName')}
            aria-label={t('userName')}
            aria-invalid={missing.userName}
            autoComplete="username"
            autoFocus
            value={userName}
            onChange={(event) => setUserName(event.target.value)}
          />
          {missing.userName && <span className="login-field-error">{t('userNameRequired')}</span>}
        </label>
        <label className={missing.password ? 'login-field login-field-invalid' : 'login-field'}>
          <LockOutlined aria-hidden />
          <input
            type="password"
            placeholder={t('password')}
            aria-label={t('password')}
            aria-invalid={missing.password}
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          {missing.password && <span className="login-field-error">{t('passwordRequired')}</span>}
        </label>
        <button type="submit" className="login-submit" disabled={loading} aria-busy={loading}>
          {loading && <LoadingOutlined aria-hidden />}
          {t('login')}
        </button>
      </form>
    </div>
  );
}
