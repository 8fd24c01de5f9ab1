import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';

export interface HamburgerProps {
  /** the sidebar is open */
  active: boolean;
  label: string;
  onToggle(): void;
}

export function Hamburger({ active, label, onToggle }: HamburgerProps) {
  return (
    <button
      type="button"
      className="hamburger"
      data-testid="hamburger"
      aria-label={label}
      aria-expanded={active}
      onClick={onToggle}
    >
      {active ? <MenuFoldOutlined aria-hidden /> : <MenuUnfoldOutlined aria-hidden />}
    </button>
  );
}
