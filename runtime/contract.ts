// What the server and the browser app agree on about the wire, in one place both can import:
// fixed message texts the app reacts to, the envelope shape, the header and the paths the
// specification leaves for us to name. No DOM and no node imports: the CLI, the server and the
// app all load this file.

/** The 401 message; the app offers re-login when an error message contains it (spec §8). */
export const TOKEN_FAILED_MESSAGE = 'token verification failed';

/** The 401 message in each language the server answers in (its Accept-Language); the app looks for either. */
export const TOKEN_FAILED_MESSAGES = { zh: '令牌验证失败', en: TOKEN_FAILED_MESSAGE } as const;

/** The 403 message while a user still has to replace a password someone else chose. */
export const PASSWORD_CHANGE_REQUIRED_MESSAGE = 'password change required';

/** The 500 message: nothing about the cause reaches a client. */
export const INTERNAL_ERROR_MESSAGE = 'internal server error';

/** The one message for a wrong user name or password, whether or not the user exists. */
export const LOGIN_FAILED_MESSAGE = 'incorrect user name or password';

/** The header carrying the session token; the server never reads a cookie. */
export const TOKEN_HEADER = 'X-Token';

export interface Meta {
  success: boolean;
  message: string;
}

/** Every response body, errors included. */
export interface Envelope<T = unknown> {
  meta: Meta;
  data: T;
}

/** `data` of a list response. */
export interface ListResult<T> {
  rows: T[];
  total: number;
  /** the total is the database's estimate (a large filtered list); shown as "about" */
  estimated?: boolean;
  /**
   * a tree list asked for `ancestors=true`: every row above a row of the page that the page
   * does not hold itself, so a search hit or a chosen value is shown where it sits
   */
  ancestors?: T[];
}

/** `data` of a 400: one message per bad field (unknown fields included). */
export interface ValidationErrorData {
  errors: Record<string, string>;
}

/** `data` of a batch 404: the ids that do not exist. */
export interface MissingIdsData {
  missing: Array<number | string>;
}

/** The key a list row carries, true, when the row has a pending draft (`drafts: true`; docs/api.md, "Drafts"). */
export const HAS_DRAFT_KEY = 'hasDraft';

/** An export's answer: the rows it holds, and, when more matched than an export holds, that limit (docs/api.md, "Export"). */
export const EXPORT_ROWS_HEADER = 'x-export-rows';
export const EXPORT_LIMIT_HEADER = 'x-export-limit';

export const LIST_DEFAULT_LIMIT = 20;
export const LIST_MAX_LIMIT = 500;

/** Paths the specification leaves unnamed (docs/api.md). */
export const API_PATHS = {
  login: '/api/sys/login',
  logout: '/api/sys/logout',
  userInfo: (id: number | string) => `/api/sys/users/${id}/info`,
  routes: '/api/sys/routes',
  manifest: '/api/sys/manifest',
  roleSwitch: '/api/sys/roles/switch',
  /** a role's users: GET who holds it (or not), PUT { add, remove } */
  roleUsers: (roleId: number | string) => `/api/sys/roles/${roleId}/users`,
  dashboard: '/api/sys/dashboard',
  dashboardCalendar: '/api/sys/dashboard/calendar',
  license: '/api/sys/license',
  upload: '/api/common/upload',
  download: '/common/download',
  /** the media library: GET the uploads, newest first (docs/api.md "Media library") */
  media: '/api/common/media',
  /** GET the uploads no row uses any more; DELETE { names } removes some of them */
  mediaUnused: '/api/common/media/unused',
} as const;

/** The public content service (spec §7): no sign-in, read by the public site. */
export const PUBLIC_API_BASE = '/api/cms/web';

/**
 * Where an upload a published row uses is served to anyone (a content's attachment): 404 once no
 * published row uses it (docs/api.md "Attachments of published content").
 */
export const PUBLIC_FILES_PREFIX = `${PUBLIC_API_BASE}/files/`;

/** Where uploaded images are served to anyone, so a content's pictures show on the public site. */
export const UPLOADS_PREFIX = '/uploads/';

/** The sizes made of an uploaded picture (docs/api.md "Files"): the longer side, in pixels. */
export const IMAGE_SIZES = { thumb: 240, display: 1280 } as const;
export type ImageSize = keyof typeof IMAGE_SIZES;

const UPLOADED_IMAGE = /^(\/uploads\/[A-Za-z0-9-]+)\.(jpg|png|webp)$/;

/**
 * The URL of a derived size of an uploaded picture, `/uploads/{name}_{size}.webp`, or undefined
 * for anything else (a GIF, an outside address): then the original is what there is.
 */
export function derivedImageUrl(url: string, size: ImageSize): string | undefined {
  const match = UPLOADED_IMAGE.exec(url);
  return match ? `${match[1]}_${size}.webp` : undefined;
}

/** `data` of a successful upload (docs/api.md "Files"). */
export interface UploadResult {
  /** what an image or file field stores: /uploads/{fileName} for an image, the download call for others */
  url: string;
  /** the generated name on the server, for GET /common/download?fileName= */
  fileName: string;
  /** the name the file had on the sender's computer */
  originalName: string;
  size: number;
  /** the media type the server serves it as */
  type: string;
}

/** What the media library lists: pictures (shown to anyone) or other files (downloads for staff). */
export type MediaKind = 'image' | 'file';

/** One upload in the media library (docs/api.md "Media library"). */
export interface MediaItem {
  /** the generated name on the server */
  fileName: string;
  originalName: string;
  kind: MediaKind;
  /** what a field stores to use it: /uploads/{fileName} for a picture, the download call otherwise */
  url: string;
  /** the picture's thumbnail (its original when it has none, a GIF); null for other files */
  thumbUrl: string | null;
  /** the media type it is served as */
  type: string;
  size: number;
  /** a picture's pixel size; null when unknown (other files, pictures stored before it was kept) */
  width: number | null;
  height: number | null;
  /** who uploaded it (null: the server's own, or a user since deleted) */
  userId: number | null;
  /** ISO time of the upload */
  createTime: string;
}

/** `data` of GET /api/common/media/unused: a list page, and whether the caller may remove them. */
export interface UnusedMediaList extends ListResult<MediaItem> {
  mayRemove: boolean;
}

/** `data` of a 409 from DELETE /api/common/media/unused: files a row uses again; nothing was removed. */
export interface MediaInUseData {
  inUse: string[];
}

/** `data` of an import (docs/api.md "Import"). */
export interface ImportResult {
  count: number;
  ids: number[];
}

/** `data` of a 400 from an import: each bad row by its spreadsheet row number (the header is row 1). */
export interface ImportErrorData {
  /** `{ "row 3 title": message }`, one entry per bad cell, for a toast or a plain list */
  errors: Record<string, string>;
  rows: Array<{ row: number; errors: Record<string, string> }>;
}

/**
 * `data` of GET /api/sys/license. While the licence is not valid the answer has meta.success
 * false and a message beginning with 'license' (spec §8), and `data` still holds this state.
 */
export interface LicenseState {
  valid: boolean;
  /** the licensee: the school (the first companys row), else the installation's name */
  holder: string | null;
  edition: string;
  /** ISO time the licence ends; null for a licence that does not expire */
  expiresAt: string | null;
}

/** Published contents of one calendar month, for the dashboard chart. */
export interface MonthCount {
  /** 'YYYY-MM' */
  month: string;
  count: number;
}

/** Published contents of one day of a calendar month ('YYYY-MM-DD', the server's time zone). */
export interface DayCount {
  day: string;
  count: number;
}

/**
 * The dashboard calendar's month: the published contents of each day that has any, by publish
 * time in the server's time zone (scheduled ones included: their day is marked ahead).
 */
export interface CalendarMonth {
  /** 'YYYY-MM' */
  month: string;
  days: DayCount[];
}

/** `data` of a successful login. */
export interface LoginResult {
  token: string;
  userId: number;
  firstlogin: boolean;
}

/** `data` of the user-info call (spec §3 "User info response", plus roles and firstlogin). */
export interface UserInfo {
  userId: number;
  userName: string;
  realName: string;
  departmentId: number | null;
  departmentName: string | null;
  rank: string | null;
  positionId: number | null;
  /** the session key of spec §3 that its user-info response does not name; null like the others when users declare no such field */
  positionRankId: number | null;
  classifiedGrades: string | null;
  personImage: string | null;
  permissions: string[];
  roles: Array<{ id: number; roleKey: string; roleName: string }>;
  /** the role the session is limited to after a role switch; null = all the user's roles */
  activeRole: string | null;
  /** every role the user holds, to switch between: `roles` after a switch is the one role alone */
  heldRoles: Array<{ id: number; roleKey: string; roleName: string }>;
  firstlogin: boolean;
}

/**
 * What index.html holds where the server writes each answer's style nonce (a
 * `<meta property="csp-nonce">`, read by the app for the styles it injects; docs/security.md).
 */
export const CSP_NONCE_PLACEHOLDER = '__CSP_NONCE__';
