// One button of the rich-text toolbar: an icon with its name as tooltip and accessible name,
// filled while its format applies to the selection. Other props (a popover's trigger handlers
// and ref) reach the button, so a popover can open from it.
import { Button, type ButtonProps, Tooltip } from 'antd';
import type { ReactNode } from 'react';

export interface ToolbarButtonProps extends Omit<ButtonProps, 'icon' | 'title'> {
  icon: ReactNode;
  title: string;
  active?: boolean;
}

export function ToolbarButton({ icon, title, active, onMouseDown, ...rest }: ToolbarButtonProps) {
  return (
    <Tooltip title={title}>
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
    </Tooltip>
  );
}
