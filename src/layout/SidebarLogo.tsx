import { Link } from 'react-router-dom';
// a small file, so the build writes it into the code (a data: address): no request of its own
import logo from '../assets/logo.svg';
import { HOME_PATH } from '../config.ts';

export interface SidebarLogoProps {
  title: string;
  collapsed: boolean;
}

export function SidebarLogo({ title, collapsed }: SidebarLogoProps) {
  return (
    <Link to={HOME_PATH} className="sidebar-logo" aria-label={title}>
      <img src={logo} alt="" />
      {!collapsed && <span>{title}</span>}
    </Link>
  );
}
