// Menu icon names (from schemas and the menu table; runtime/schema/menuIcons.ts) drawn as
// @ant-design/icons components. Importing each icon by name keeps the bundle to the icons listed
// here; an icon that is a URL is shown as an image (spec §2), an unknown name as nothing rather
// than a wrong picture.

import {
  ApartmentOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BarChartOutlined,
  BookOutlined,
  BranchesOutlined,
  CalendarOutlined,
  CarryOutOutlined,
  CommentOutlined,
  ContactsOutlined,
  CopyOutlined,
  DashboardOutlined,
  EyeOutlined,
  FileOutlined,
  FileTextOutlined,
  FolderOutlined,
  GlobalOutlined,
  HomeOutlined,
  IdcardOutlined,
  LayoutOutlined,
  LinkOutlined,
  MailOutlined,
  MenuOutlined,
  MessageOutlined,
  MoneyCollectOutlined,
  NotificationOutlined,
  PictureOutlined,
  ProfileOutlined,
  ReadOutlined,
  SafetyCertificateOutlined,
  ScheduleOutlined,
  SendOutlined,
  SettingOutlined,
  SolutionOutlined,
  TagsOutlined,
  TeamOutlined,
  UnorderedListOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ComponentType, CSSProperties } from 'react';
import {
  isIconImage,
  isMenuIconName,
  MENU_ICONS,
  type MenuIconComponent,
} from '../../runtime/schema/menuIcons.ts';

// one component per name in runtime/schema/menuIcons.ts; the type makes both lists agree
const COMPONENTS: Record<
  MenuIconComponent,
  ComponentType<{ className?: string; style?: CSSProperties; 'aria-hidden'?: boolean }>
> = {
  ApartmentOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BarChartOutlined,
  BookOutlined,
  BranchesOutlined,
  CalendarOutlined,
  CarryOutOutlined,
  CommentOutlined,
  ContactsOutlined,
  CopyOutlined,
  DashboardOutlined,
  EyeOutlined,
  FileOutlined,
  FileTextOutlined,
  FolderOutlined,
  GlobalOutlined,
  HomeOutlined,
  IdcardOutlined,
  LayoutOutlined,
  LinkOutlined,
  MailOutlined,
  MenuOutlined,
  MessageOutlined,
  MoneyCollectOutlined,
  NotificationOutlined,
  PictureOutlined,
  ProfileOutlined,
  ReadOutlined,
  SafetyCertificateOutlined,
  ScheduleOutlined,
  SendOutlined,
  SettingOutlined,
  SolutionOutlined,
  TagsOutlined,
  TeamOutlined,
  UnorderedListOutlined,
  UserOutlined,
};

export interface MenuIconProps {
  name: string;
  /** antd's menu passes its icon class (size, line, spacing before the label) and style */
  className?: string;
  style?: CSSProperties;
}

/** Whether `name` draws anything: the menu leaves out an icon that would be empty. */
export function hasMenuIcon(name: string | undefined): name is string {
  return Boolean(name) && (isIconImage(name as string) || isMenuIconName(name as string));
}

export function MenuIcon({ name, className, style }: MenuIconProps) {
  if (isIconImage(name)) {
    // in the box of an antd icon (1em square, the menu's icon class) so it lines up with them
    const classes = className ? `menu-icon-img ${className}` : 'menu-icon-img';
    return (
      <span className={classes} style={style} aria-hidden>
        <img src={name} alt="" />
      </span>
    );
  }
  if (!isMenuIconName(name)) return null;
  const Icon = COMPONENTS[MENU_ICONS[name]];
  // drawn, not read: the menu entry is named by its title alone
  return <Icon className={className} style={style} aria-hidden />;
}
