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
import type { ComponentType } from 'react';
import { isExternal } from '../router/paths.ts';

const ICONS: Record<string, ComponentType> = {
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
  name?: string;
}

export function MenuIcon({ name }: MenuIconProps) {
  if (!name) return null;
  if (isExternal(name) || name.startsWith('/') || name.startsWith('data:')) {
    return <img className="menu-icon-img" src={name} alt="" width={16} height={16} />;
  }
  const Icon = ICONS[name];
  return Icon ? <Icon /> : null;
}
