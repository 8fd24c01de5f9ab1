// The specification's business constants (§9) that only the browser app needs. Shared wire
// constants (time-out, toast duration, page sizes) live in runtime/client.

/** The product's API prefix (DESIGN §5); empty means the app's own origin. */
export const API_BASE: string = import.meta.env.VITE_API_BASE ?? '';

export const HOME_PATH = '/dashboard';
export const LOGIN_PATH = '/login';
export const PASSWORD_PATH = '/userinfo/password';
export const PROFILE_PATH = '/info/index';
export const NOT_FOUND_PATH = '/404';
export const REDIRECT_PATH = '/redirect';
export const LICENSE_PATH = '/license';
export const ASSIGN_USERS_PATH = '/allocationUser';
export const BLOCK_LAYOUT_PATH = '/blockLayout';
export const LINK_CONFIG_PATH = '/link';
export const RECIPIENT_CONFIG_PATH = '/replyPop';
export const NEWS_DETAIL_PATH = '/newsDetail';
/** The generated list page of the reported messages, where unread ones are answered. */
export const REPORTS_PATH = '/cms/reportedmessages';

export const MOBILE_BREAKPOINT = 992;
export const SIDEBAR_WIDTH = 210;
/** Wide enough for the menu icons alone once the sidebar is folded. */
export const SIDEBAR_COLLAPSED_WIDTH = 54;
export const CONTEXT_MENU_WIDTH = 105;

/** Spec §8, word for word: shown where the browser offers no fullscreen. */
export const FULLSCREEN_UNSUPPORTED = 'you browser can not work';

export const TOKEN_COOKIE = 'token';
export const SIDEBAR_COOKIE = 'sidebarStatus';

/**
 * Spec §9. `theme` is the settings panel's default theme colour (409EFF); `mainTheme` (#1890ff)
 * colours the sign-in page's button and links; `homeTheme` the dashboard's accents.
 */
export const COLORS = {
  theme: '#409EFF',
  mainTheme: '#1890ff',
  homeTheme: '#7D1BAA',
  menuBg: '#304156',
  menuText: '#bfcbd9',
  menuActiveText: '#409EFF',
  subMenuActiveText: '#f4f4f5',
  menuHover: '#263445',
  subMenuBg: '#1f2d3d',
  subMenuHover: '#001528',
} as const;
