// The business constants of the specification (§9) that the client and the generic pages share.
// Kept free of React and of axios so the server and the CLI can read them too. What the wire
// contract fixes (header name, list limits, message texts) comes from runtime/contract.ts.

import { INTERNAL_ERROR_MESSAGE, LIST_DEFAULT_LIMIT, LIST_MAX_LIMIT } from '../contract.ts';

/** Every call gives up after ten seconds (spec §7). */
export const REQUEST_TIMEOUT_MS = 10000;
/** Error toasts stay for five seconds (spec §8). */
export const ERROR_TOAST_MS = 5000;
/** The pagination control scrolls the window to the top over this long (spec §4). */
export const SCROLL_DURATION_MS = 800;

/** A failure message beginning with these 7 characters shows only what follows them (spec §8). */
export const LICENSE_PREFIX = 'license';

export const DEFAULT_PAGE = 1;
export const DEFAULT_LIMIT = LIST_DEFAULT_LIMIT;
export const PAGE_SIZES: readonly number[] = [10, 20, 30, 50];
/** The largest page the server serves (docs/api.md); tree resources and ref pickers load this many at once. */
export const MAX_LIMIT = LIST_MAX_LIMIT;
/**
 * A view that needs every row of a list (listAll.ts: a check tree's entries, the blocks marking a
 * category tree) reads at most this many pages of MAX_LIMIT, 10,000 rows, and says when it stopped.
 */
export const LIST_ALL_MAX_PAGES = 20;

/**
 * What a status means when the response carries no message of its own. The specification names
 * 401 and 500; the others are the statuses docs/api.md lists.
 */
export const STATUS_DESCRIPTIONS: Readonly<Record<number, string>> = {
  400: 'bad request',
  401: 'unauthorised',
  403: 'forbidden',
  404: 'not found',
  409: 'conflict',
  413: 'payload too large',
  423: 'locked',
  429: 'too many requests',
  500: INTERNAL_ERROR_MESSAGE,
};

/** Timestamps show as year-month-day hour:minute:second, two-digit padded (spec §9). */
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const DATE_FORMAT = 'YYYY-MM-DD';

/** The head icons head_1 … head_16 a user picks as avatar; head_1 is the default (spec §3). */
export const AVATAR_COUNT = 16;
export const DEFAULT_AVATAR = 'head_1';
