import type { ModalFuncProps } from 'antd';
import type { Translate } from '../i18n/useT.ts';
import { useSessionStore } from '../stores/session.ts';

/**
 * Spec §8's token failure: the login has expired; stay on the page, or sign in again (reset the
 * token, reload). Settles when the user has chosen. `confirm` is antd's: the shell's context-aware
 * one, or the static one before the shell exists.
 */
export function askRelogin(confirm: (props: ModalFuncProps) => unknown, t: Translate): Promise<boolean> {
  return new Promise((resolve) => {
    confirm({
      title: t('loginExpiredTitle'),
      content: t('loginExpired'),
      okText: t('relogin'),
      cancelText: t('stay'),
      onOk() {
        useSessionStore.getState().resetToken();
        window.location.reload();
        resolve(true);
      },
      onCancel() {
        resolve(false);
      },
    });
  });
}
