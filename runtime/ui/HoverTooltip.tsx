// antd's tooltip for what is drawn many times over (an entry of a tree, a row of a list), made
// only once the pointer or the focus comes to it. Each antd tooltip, as it mounts, stores its
// target from a ref callback, which is a state change React draws again at once, inside the
// commit's task: a form with the menu tree's sixty tooltips spent 12 ms of its opening frame on
// them. Here the tooltip is drawn beside its target, over the target's box, so the target itself is
// never drawn again when the tooltip comes (a button under the pointer or the focus stays the
// same element); once made, the tooltip stays, opened and closed as the pointer comes and goes.
// A list's sortable column titles use it too: a table of them made as many nested updates in the
// commit that draws the list page.
import { Tooltip } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';

/** antd's tooltip opens this long after the pointer comes (its `mouseEnterDelay`, 0.1 s) */
export const HOVER_DELAY_MS = 100;

export interface HoverTooltipProps {
  title: ReactNode;
  children: ReactNode;
  /** the target is a block that fills its line (a sortable column's title across its header cell):
   * held in a block rather than an inline box the size of its content */
  block?: boolean;
}

export function HoverTooltip({ title, children, block = false }: HoverTooltipProps) {
  // null: never wanted, and no tooltip made
  const [open, setOpen] = useState<boolean | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(true), HOVER_DELAY_MS);
  };
  const hide = () => {
    clearTimeout(timer.current);
    setOpen((was) => (was === null ? null : false));
  };
  return (
    <span
      style={{ position: 'relative', display: block ? 'block' : 'inline-flex' }}
      onPointerEnter={show}
      onPointerLeave={hide}
      onFocus={show}
      onBlur={hide}
    >
      {children}
      {open !== null && (
        <Tooltip title={title} open={open}>
          <span aria-hidden style={{ position: 'absolute', inset: 0, pointerEvents: 'none' }} />
        </Tooltip>
      )}
    </span>
  );
}
