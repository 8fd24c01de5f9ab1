// Failures before the shell exists — a reload whose stored token the server no longer accepts is
// found while the profile is fetched, before the shell and its FeedbackBridge mount — are shown
// with antd's static message and modal. Loaded only then, so the sign-in page does not carry antd.

import { Modal, message } from 'antd';
import type { HttpFeedback } from '../api/httpEvents.ts';
import { messages } from '../i18n/messages.ts';
import type { Translate } from '../i18n/useT.ts';
import { useLanguageStore } from '../stores/language.ts';
import { askRelogin } from './askRelogin.ts';

const t: Translate = (key) => messages[key][useLanguageStore.getState().lang];

export const standaloneFeedback: HttpFeedback = {
  error(text, durationMs) {
    message.error(text, durationMs / 1000);
  },
  tokenFailed() {
    return askRelogin(Modal.confirm, t);
  },
};
