// Menu icon names (from schemas and the menu table) mapped to @ant-design/icons components.
// Importing each icon by name keeps the bundle to the icons listed here; an icon that is a URL
// is shown as an image (spec §2), an unknown name as nothing rather than a wrong picture.

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
import { isExternal } from '../router/paths.ts';

const ICONS: Record<string, ComponentType<{ className?: string; style?: CSSProperties }>> = {
  menu_icon1: HomeOutlined,
  home: HomeOutlined,
  dashboard: DashboardOutlined,
  user: UserOutlined,
  users: UserOutlined,
  team: TeamOutlined,
  peoples: TeamOutlined,
  menu: MenuOutlined,
  setting: SettingOutlined,
  system: SettingOutlined,
  read: ReadOutlined,
  content: ReadOutlined,
  documentation: BookOutlined,
  book: BookOutlined,
  category: ApartmentOutlined,
  tree: ApartmentOutlined,
  department: ApartmentOutlined,
  position: IdcardOutlined,
  meeting: ScheduleOutlined,
  attendance: CarryOutOutlined,
  leave: CalendarOutlined,
  calendar: CalendarOutlined,
  expense: MoneyCollectOutlined,
  notice: NotificationOutlined,
  log: FileTextOutlined,
  logs: FileTextOutlined,
  flow: BranchesOutlined,
  workflow: BranchesOutlined,
  comment: CommentOutlined,
  copy: CopyOutlined,
  dict: UnorderedListOutlined,
  approval: AuditOutlined,
  appointment: ContactsOutlined,
  task: ProfileOutlined,
  license: SafetyCertificateOutlined,
  chart: BarChartOutlined,
  visit: EyeOutlined,
  link: LinkOutlined,
  picture: PictureOutlined,
  image: PictureOutlined,
  mail: MailOutlined,
  message: MessageOutlined,
  send: SendOutlined,
  global: GlobalOutlined,
  website: GlobalOutlined,
  company: BankOutlined,
  office: SolutionOutlined,
  tag: TagsOutlined,
  layout: LayoutOutlined,
  folder: FolderOutlined,
  appstore: AppstoreOutlined,
};

export interface MenuIconProps {
  name: string;
  /** antd's menu passes its icon class (size, line, spacing before the label) and style */
  className?: string;
  style?: CSSProperties;
}

function isImage(name: string): boolean {
  return isExternal(name) || name.startsWith('/') || name.startsWith('data:');
}

/** Whether `name` draws anything: the menu leaves out an icon that would be empty. */
export function hasMenuIcon(name: string | undefined): name is string {
  return Boolean(name) && (isImage(name as string) || (name as string) in ICONS);
}

export function MenuIcon({ name, className, style }: MenuIconProps) {
  if (isImage(name)) {
    // in the box of an antd icon (1em square, the menu's icon class) so it lines up with them
    const classes = className ? `menu-icon-img ${className}` : 'menu-icon-img';
    return (
      <span className={classes} style={style} aria-hidden>
        <img src={name} alt="" />
      </span>
    );
  }
  const Icon = ICONS[name];
  return Icon ? <Icon className={className} style={style} /> : null;
}
