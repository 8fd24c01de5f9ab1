// One button for one schema action, in the toolbar or in a row. An action with a confirm text
// asks first (its danger flag colours both the button and the confirm). The confirm is made at
// the button's first click, not with the button: a long table draws a dozen rows each frame of a
// quick scroll, and a closed confirm in each (a popover with its trigger, motion and observers)
// costs about as much to draw as the rest of the row's actions. Given antd's small link button's
// classes, a row's button is a plain <button> with them until it is asked to confirm: antd's Button
// is a dozen hooks and a loading icon's motion wrapper in every row (useLinkButtonClasses.ts).
import { Button, type ButtonProps, Popconfirm } from 'antd';
import { useState } from 'react';
import type { Action, Lang } from '../schema/types.ts';
import { t } from './i18n.ts';
import type { LinkButtonClasses } from './useLinkButtonClasses.ts';

export interface ActionButtonProps {
  action: Action;
  lang: Lang;
  /** runs the action; a returned promise keeps the confirm's OK button spinning until it settles */
  onRun: () => unknown;
  disabled?: boolean;
  icon?: ButtonProps['icon'];
  type?: ButtonProps['type'];
  size?: ButtonProps['size'];
  /** the pointer reached the button, or the focus did: what the action opens can start loading */
  onIntent?: () => void;
  /** draws the button, until a confirm opens from it, as a plain one with these classes of antd's
   * small link button */
  linkClasses?: LinkButtonClasses;
}

export function ActionButton({
  action,
  lang,
  onRun,
  disabled,
  icon,
  type,
  size,
  onIntent,
  linkClasses,
}: ActionButtonProps) {
  const [asked, setAsked] = useState(false);
  const title = action.title[lang];
  if (linkClasses && !asked)
    return (
      <button
        type="button"
        className={action.danger ? linkClasses.danger : linkClasses.link}
        disabled={disabled}
        onPointerEnter={onIntent}
        onFocus={onIntent}
        onClick={() => (action.confirm ? setAsked(true) : onRun())}
      >
        <span>{title}</span>
      </button>
    );
  const props = {
    icon,
    type,
    size,
    disabled,
    danger: action.danger,
    onPointerEnter: onIntent,
    onFocus: onIntent,
  };
  if (!action.confirm) {
    return (
      <Button {...props} onClick={() => onRun()}>
        {title}
      </Button>
    );
  }
  if (!asked)
    return (
      <Button {...props} onClick={() => setAsked(true)}>
        {title}
      </Button>
    );
  // the button in the confirm is a new one: it takes the focus the clicked one had
  return (
    <Popconfirm
      defaultOpen
      title={action.confirm[lang]}
      okText={t('ok', lang)}
      cancelText={t('cancel', lang)}
      okButtonProps={{ danger: action.danger }}
      onConfirm={() => onRun()}
      disabled={disabled}
    >
      <Button {...props} autoFocus>
        {title}
      </Button>
    </Popconfirm>
  );
}
