// Hands antd's context-aware message and modal (App.useApp) to the HTTP client, which lives
// outside React: failures become 5 s error toasts, a lost session the spec's "login expired" box.

import { App } from 'antd';
import { useEffect } from 'react';
import { useT } from '../i18n/useT.ts';
import { askRelogin } from './askRelogin.ts';
import { registerFeedback } from './feedback.ts';

export function FeedbackBridge() {
  const { message, modal } = App.useApp();
  const t = useT();

  useEffect(() => {
    registerFeedback({
      error(text, durationMs) {
        message.error(text, durationMs / 1000);
      },
      tokenFailed() {
        return askRelogin(modal.confirm, t);
      },
    });
    return () => registerFeedback(null);
  }, [message, modal, t]);

  return null;
}
