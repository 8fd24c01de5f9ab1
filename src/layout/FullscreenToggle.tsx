// The navbar's fullscreen button. Where the browser offers no fullscreen, the spec's own message
// (§8, word for word) says so.

import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useEffect, useState } from 'react';
import { FULLSCREEN_UNSUPPORTED } from '../config.ts';
import { useT } from '../i18n/useT.ts';

export function FullscreenToggle() {
  const { message } = App.useApp();
  const t = useT();
  const [active, setActive] = useState(() => Boolean(document.fullscreenElement));

  useEffect(() => {
    const follow = () => setActive(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', follow);
    return () => document.removeEventListener('fullscreenchange', follow);
  }, []);

  async function toggle() {
    if (!document.fullscreenEnabled) {
      message.warning(FULLSCREEN_UNSUPPORTED);
      return;
    }
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else await document.documentElement.requestFullscreen();
    } catch {
      // the browser refused (no user gesture, or a policy): the same as not supported
      message.warning(FULLSCREEN_UNSUPPORTED);
    }
  }

  return (
    <Button
      type="text"
      icon={active ? <FullscreenExitOutlined aria-hidden /> : <FullscreenOutlined aria-hidden />}
      aria-label={t(active ? 'exitFullscreen' : 'fullscreen')}
      aria-pressed={active}
      className="navbar-fullscreen"
      data-testid="fullscreen-toggle"
      onClick={toggle}
    />
  );
}
