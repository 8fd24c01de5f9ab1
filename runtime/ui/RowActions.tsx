// The actions of one row on one line: edit, delete and the resource's own row actions as links
// between dividers, and past three of them a "More" menu for the rest (see rowActionLayout.ts).
// An action shows only when the user holds its permission (filtered by the page) and its `when`
// holds for the row; an action with a confirm text asks first. A row in outline (OutlineRow.tsx)
// shows the same line as plain text of the links' size and colour, with no buttons in it. Both
// lay the line out the same way, with a span and antd's divider's look: antd's Space and Divider
// were two more components with their style hooks in every row a long table fills in, for a
// flex line and a one-pixel rule.
import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps, Popconfirm } from 'antd';
import { type ReactElement, useState } from 'react';
import type { Row } from '../client/resourceClient.ts';
import { evaluateCondition } from '../schema/condition.ts';
import type { Action, Lang } from '../schema/types.ts';
import { ActionButton } from './ActionButton.tsx';
import { t } from './i18n.ts';
import { opensForm } from './LazyResourceForm.tsx';
import { splitRowActions } from './rowActionLayout.ts';
import type { LinkButtonClasses } from './useLinkButtonClasses.ts';

export interface RowActionsProps {
  row: Row;
  /** the row actions the user may use, in schema order */
  actions: readonly Action[];
  lang: Lang;
  /** runs the action: edit opens the form, an action with a form opens its dialog, others call the server */
  onAction: (action: Action, row: Row) => unknown;
  /** the pointer or the focus reached a button that opens the form (opensForm): its code can load */
  onFormIntent?: () => void;
  /** antd's small link button's classes (useLinkButtonClasses), for links drawn without antd's Button */
  linkClasses?: LinkButtonClasses;
}

/** The row's actions on its line: the links and those in the "More" menu. */
function layOut(row: Row, actions: readonly Action[]) {
  return splitRowActions(actions.filter((action) => !action.when || evaluateCondition(action.when, row)));
}

/** antd's small link button: its height, its border (there, but not drawn) and its padding */
const LINK = {
  display: 'inline-flex',
  alignItems: 'center',
  boxSizing: 'border-box',
  height: 24,
  border: '1px solid transparent',
  paddingInline: 7,
  // the button's text line, not the cell's: its text sits a pixel higher
  lineHeight: 'normal',
} as const;
/** the line: antd's Space without a gap, its items centred */
const LINE = { display: 'inline-flex', alignItems: 'center', whiteSpace: 'nowrap' } as const;
/** antd's vertical divider between two links, with no margins */
const DIVIDER = {
  position: 'relative',
  top: '-0.06em',
  display: 'inline-block',
  height: '0.9em',
  verticalAlign: 'middle',
  borderInlineStart: '1px solid var(--ant-color-split)',
} as const;

/** The line: its links (keyed elements) in order, a divider between two; marked, as the pointer
 * reaching it has the list page ask for its dialogs' code (LazyListDialogs.tsx). */
function line(links: readonly ReactElement[]) {
  return (
    <span style={LINE} data-row-actions="">
      {links.map((link, i) => [
        i > 0 && <span key={`${link.key}|`} role="separator" aria-orientation="vertical" style={DIVIDER} />,
        link,
      ])}
    </span>
  );
}

/** The line in outline: the links' titles as text, no components (OutlineRow.tsx). */
export function rowActionsText({ row, actions, lang }: Omit<RowActionsProps, 'onAction' | 'linkClasses'>) {
  const { inline, more } = layOut(row, actions);
  const titles = inline.map((action) => ({
    key: action.name,
    text: action.title[lang],
    danger: action.danger,
  }));
  if (more.length > 0) titles.push({ key: '', text: t('more', lang), danger: false });
  return line(
    titles.map(({ key, text, danger }) => (
      <span key={key} style={{ ...LINK, color: danger ? 'var(--ant-color-error)' : 'var(--ant-color-link)' }}>
        {text}
      </span>
    )),
  );
}

export function RowActions({ row, actions, lang, onAction, onFormIntent, linkClasses }: RowActionsProps) {
  // a menu item closes its menu when clicked, so its confirm cannot hang from the item: it
  // opens on the "More" link instead
  const [confirming, setConfirming] = useState<Action | null>(null);
  const { inline, more } = layOut(row, actions);

  const items: MenuProps['items'] = more.map((action) => ({
    key: action.name,
    label: action.title[lang],
    danger: action.danger,
  }));
  const choose: MenuProps['onClick'] = ({ key }) => {
    const action = more.find((a) => a.name === key);
    if (!action) return;
    if (action.confirm) setConfirming(action);
    else onAction(action, row);
  };

  const links = inline.map((action) => (
    <ActionButton
      key={action.name}
      action={action}
      lang={lang}
      type="link"
      size="small"
      onRun={() => onAction(action, row)}
      onIntent={opensForm(action) ? onFormIntent : undefined}
      linkClasses={linkClasses}
    />
  ));
  if (more.length === 0) return line(links);
  return line([
    ...links,
    <Popconfirm
      key=""
      open={confirming !== null}
      title={confirming?.confirm?.[lang]}
      okText={t('ok', lang)}
      cancelText={t('cancel', lang)}
      okButtonProps={{ danger: confirming?.danger }}
      // a returned promise keeps OK spinning until the call settles, then the confirm closes
      onConfirm={() => (confirming ? onAction(confirming, row) : undefined)}
      onOpenChange={(open) => {
        // only closing comes from the confirm itself; opening is the menu's doing
        if (!open) setConfirming(null);
      }}
    >
      <Dropdown menu={{ items, onClick: choose }} trigger={['click']}>
        <Button type="link" size="small" icon={<DownOutlined aria-hidden />} iconPlacement="end">
          {t('more', lang)}
        </Button>
      </Dropdown>
    </Popconfirm>,
  ]);
}
