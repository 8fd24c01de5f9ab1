// The routes every visitor has, before and after sign-in: spec §2's table, row for row. Hidden
// routes stay out of the side menu only; what a page shows still depends on the permissions
// the server grants.

import {
  ASSIGN_USERS_PATH,
  BLOCK_LAYOUT_PATH,
  HOME_PATH,
  LICENSE_PATH,
  LINK_CONFIG_PATH,
  LOGIN_PATH,
  NEWS_DETAIL_PATH,
  NOT_FOUND_PATH,
  PASSWORD_PATH,
  PROFILE_PATH,
  RECIPIENT_CONFIG_PATH,
  REDIRECT_PATH,
} from '../config.ts';
import type { AppRoute } from './types.ts';

/** A hidden page of the shell, alone under its own 'Layout' entry as the spec's table has it. */
function hiddenShellPage(path: string, name: string, component: string, zh: string, en: string): AppRoute {
  return {
    path,
    component: 'Layout',
    hidden: true,
    children: [{ path, name, component, meta: { title: en.toLowerCase(), titleI18n: { zh, en } } }],
  };
}

export const constantRoutes: AppRoute[] = [
  {
    path: REDIRECT_PATH,
    component: 'Layout',
    hidden: true,
    children: [{ path: `${REDIRECT_PATH}/*`, component: 'redirect/index', meta: { breadcrumb: false } }],
  },
  { path: LOGIN_PATH, component: 'login/index', hidden: true, public: true },
  { path: LICENSE_PATH, component: 'license/index', hidden: true, public: true },
  { path: NOT_FOUND_PATH, component: 'error/404', hidden: true, public: true },
  {
    path: '/',
    component: 'Layout',
    redirect: HOME_PATH,
    children: [
      {
        path: HOME_PATH,
        name: 'Dashboard',
        component: 'dashboard/index',
        meta: {
          title: 'my home',
          titleI18n: { zh: '我的主页', en: 'My home' },
          icon: 'menu_icon1',
          affix: true,
        },
      },
    ],
  },
  {
    path: '/userinfo',
    component: 'Layout',
    hidden: true,
    children: [
      {
        path: PASSWORD_PATH,
        name: 'Password',
        component: 'userinfo/password',
        meta: {
          title: 'change password',
          titleI18n: { zh: '修改密码', en: 'Change password' },
          noCache: true,
        },
      },
    ],
  },
  {
    path: '/info',
    component: 'Layout',
    hidden: true,
    children: [
      {
        path: PROFILE_PATH,
        name: 'Info',
        component: 'info/index',
        meta: { title: 'personal centre', titleI18n: { zh: '个人中心', en: 'Personal centre' } },
      },
    ],
  },
  hiddenShellPage(ASSIGN_USERS_PATH, 'AllocationUser', 'cms/allocationUser', '分配用户', 'Assign users'),
  hiddenShellPage(BLOCK_LAYOUT_PATH, 'BlockLayout', 'cms/blockLayout', '栏目配置', 'Column configuration'),
  hiddenShellPage(LINK_CONFIG_PATH, 'Link', 'cms/link', '链接配置', 'Link configuration'),
  hiddenShellPage(RECIPIENT_CONFIG_PATH, 'ReplyPop', 'cms/replyPop', '收件人配置', 'Recipient configuration'),
  hiddenShellPage(NEWS_DETAIL_PATH, 'NewsDetail', 'cms/newsDetail', '新闻详情', 'News detail'),
];
