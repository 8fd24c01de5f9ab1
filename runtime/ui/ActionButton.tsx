// One button for one schema action, in the toolbar or in a row. An action with a confirm text
// asks first (its danger flag colours both the button and the confirm).
import { Button, type ButtonProps, Popconfirm } from 'antd';
import type { Action, Lang } from '../schema/types.ts';
import { t } from './i18n.ts';

export interface ActionButtonProps {
  action: Action;
  lang: Lang;
  /** runs the action; a returned promise keeps the confirm's OK button spinning until it settles */
  onRun: () => unknown;
  disabled?: boolean;
  icon?: ButtonProps['icon'];
  type?: ButtonProps['type'];
  size?: ButtonProps['size'];
}

export function ActionButton({ action, lang, onRun, disabled, icon, type, size }: ActionButtonProps) {
  const title = action.title[lang];
  const props = { icon, type, size, disabled, danger: action.danger };
  if (!action.confirm) {
    return (
      <Button {...props} onClick={() => onRun()}>
        {title}
      </Button>
    );
  }
  return (
    <Popconfirm
      title={action.confirm[lang]}
      okText={t('ok', lang)}
      cancelText={t('cancel', lang)}
      okButtonProps={{ danger: action.danger }}
      onConfirm={() => onRun()}
      disabled={disabled}
    >
      <Button {...props}>{title}</Button>
    </Popconfirm>
  );
}
