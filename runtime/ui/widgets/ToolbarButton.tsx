// One button of the rich-text toolbar: an icon with its name as tooltip and accessible name,
// filled while its format applies to the selection. Other props (a popover's trigger handlers
// and ref) reach the button, so a popover can open from it. The tooltip is made as the pointer
// or the focus comes (HoverTooltip.tsx): a dozen antd tooltips made with the toolbar each drew
// itself again inside the commit that put the editor in the form.
import { Button, type ButtonProps } from 'antd';
import type { ReactNode } from 'react';
import { HoverTooltip } from '../HoverTooltip.tsx';

export interface ToolbarButtonProps extends Omit<ButtonProps, 'icon' | 'title'> {
  icon: ReactNode;
  title: string;
  active?: boolean;
}

export function ToolbarButton({ icon, title, active, onMouseDown, ...rest }: ToolbarButtonProps) {
  return (
    <HoverTooltip title={title}>
      <Button
        size="small"
        icon={icon}
        aria-label={title}
        aria-pressed={active}
        color={active ? 'primary' : 'default'}
        variant={active ? 'filled' : 'text'}
        {...rest}
        onMouseDown={(e) => {
          // keep the editor's selection: a button taking focus would collapse it before the click
          e.preventDefault();
          onMouseDown?.(e);
        }}
      />
    </HoverTooltip>
  );
}
