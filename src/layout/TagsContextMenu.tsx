import { useEffect } from 'react';
import { CONTEXT_MENU_WIDTH } from '../config.ts';
import { useT } from '../i18n/useT.ts';
import type { TabView } from '../stores/tabs.ts';

export interface TagsContextMenuProps {
  view: TabView;
  left: number;
  top: number;
  onRefresh(view: TabView): void;
  onClose(view: TabView): void;
  onCloseOthers(view: TabView): void;
  onCloseAll(): void;
  onDismiss(): void;
}

export function TagsContextMenu({
  view,
  left,
  top,
  onRefresh,
  onClose,
  onCloseOthers,
  onCloseAll,
  onDismiss,
}: TagsContextMenuProps) {
  const t = useT();

  // Any click elsewhere, or Escape, puts the menu away.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onDismiss();
    };
    document.addEventListener('click', onDismiss);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('click', onDismiss);
      document.removeEventListener('keydown', onKey);
    };
  }, [onDismiss]);

  const entries: Array<{ key: string; label: string; run(view: TabView): void }> = [
    { key: 'refresh', label: t('refresh'), run: onRefresh },
    ...(view.meta.affix ? [] : [{ key: 'close', label: t('close'), run: onClose }]),
    { key: 'closeOthers', label: t('closeOthers'), run: onCloseOthers },
    { key: 'closeAll', label: t('closeAll'), run: () => onCloseAll() },
  ];

  return (
    <ul
      className="contextmenu"
      data-testid="tags-view-contextmenu"
      role="menu"
      style={{ left, top, width: CONTEXT_MENU_WIDTH }}
    >
      {entries.map((entry) => (
        <li key={entry.key} role="none">
          <button
            type="button"
            role="menuitem"
            onClick={() => {
              entry.run(view);
              onDismiss();
            }}
          >
            {entry.label}
          </button>
        </li>
      ))}
    </ul>
  );
}
