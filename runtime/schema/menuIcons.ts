// The icon names a menu group or a resource may give (`icon: user`), each with the
// @ant-design/icons component the side menu draws for it (src/layout/MenuIcon.tsx). The names
// are here, without React, so that `schema-admin validate` refuses a name the menu would draw as
// nothing; docs/schema.md ("Menu icons") lists them.

export const MENU_ICONS = {
  menu_icon1: 'HomeOutlined',
  home: 'HomeOutlined',
  dashboard: 'DashboardOutlined',
  user: 'UserOutlined',
  users: 'UserOutlined',
  team: 'TeamOutlined',
  peoples: 'TeamOutlined',
  menu: 'MenuOutlined',
  setting: 'SettingOutlined',
  system: 'SettingOutlined',
  read: 'ReadOutlined',
  content: 'ReadOutlined',
  documentation: 'BookOutlined',
  book: 'BookOutlined',
  category: 'ApartmentOutlined',
  tree: 'ApartmentOutlined',
  department: 'ApartmentOutlined',
  position: 'IdcardOutlined',
  meeting: 'ScheduleOutlined',
  attendance: 'CarryOutOutlined',
  leave: 'CalendarOutlined',
  calendar: 'CalendarOutlined',
  expense: 'MoneyCollectOutlined',
  notice: 'NotificationOutlined',
  log: 'FileTextOutlined',
  logs: 'FileTextOutlined',
  flow: 'BranchesOutlined',
  workflow: 'BranchesOutlined',
  comment: 'CommentOutlined',
  copy: 'CopyOutlined',
  dict: 'UnorderedListOutlined',
  approval: 'AuditOutlined',
  appointment: 'ContactsOutlined',
  task: 'ProfileOutlined',
  license: 'SafetyCertificateOutlined',
  chart: 'BarChartOutlined',
  visit: 'EyeOutlined',
  link: 'LinkOutlined',
  file: 'FileOutlined',
  picture: 'PictureOutlined',
  image: 'PictureOutlined',
  mail: 'MailOutlined',
  message: 'MessageOutlined',
  send: 'SendOutlined',
  global: 'GlobalOutlined',
  website: 'GlobalOutlined',
  company: 'BankOutlined',
  office: 'SolutionOutlined',
  tag: 'TagsOutlined',
  layout: 'LayoutOutlined',
  folder: 'FolderOutlined',
  appstore: 'AppstoreOutlined',
} as const;

export type MenuIconName = keyof typeof MENU_ICONS;
/** The @ant-design/icons component names the menu imports. */
export type MenuIconComponent = (typeof MENU_ICONS)[MenuIconName];

/** An icon given as an address is drawn as an image (spec §2): http(s), a path on the site, or a data: URL. */
export function isIconImage(name: string): boolean {
  return /^(https?:|mailto:|tel:)/.test(name) || name.startsWith('/') || name.startsWith('data:');
}

export function isMenuIconName(name: string): name is MenuIconName {
  return Object.hasOwn(MENU_ICONS, name);
}
