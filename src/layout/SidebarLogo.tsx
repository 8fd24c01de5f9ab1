import { Link } from 'react-router-dom';
import { HOME_PATH } from '../config.ts';

export interface SidebarLogoProps {
  title: string;
  collapsed: boolean;
}

export function SidebarLogo({ title, collapsed }: SidebarLogoProps) {
  return (
    <Link to={HOME_PATH} className="sidebar-logo" aria-label={title}>
      <img src={`${import.meta.env.BASE_URL}logo.svg`} alt="" />
      {!collapsed && <span>{title}</span>}
    </Link>
  );
}
