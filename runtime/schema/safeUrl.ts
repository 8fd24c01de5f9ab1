// The one rule for a value that becomes an address in a page (a link's href, an image's src): the
// fields of type url, image, file and avatar. An allow-list, so no spelling of a script address
// gets through: `javascript:`, `data:` and `vbscript:` in any case, split by tabs or line breaks,
// after spaces or control characters, or entity- or percent-encoded, all fail to match it.
// The form's JSON Schema names it as a `format`, so the browser and the server check the same
// thing, and the public content service uses it to hold back a value written around the API.
import type { FieldType } from './types.ts';

/** The JSON Schema format of url, image and file fields. */
export const SAFE_URL_FORMAT = 'safe-url';
/** The JSON Schema format of avatar fields: a head icon's name (head_1 … head_16) or a safe URL. */
export const AVATAR_FORMAT = 'avatar';

/** A head icon shipped with the app (spec §3), which an avatar field may name instead of a URL. */
export const HEAD_ICON = /^head_\d+$/;

const SCHEMES = new Set(['http:', 'https:', 'mailto:', 'tel:']);
// written out: the scheme as typed must be one of these, not merely what a URL parser makes of it
const ABSOLUTE = /^(https?:\/\/[^/?#\\]|mailto:[^/]|tel:[^/])/i;
// a path on this site: one slash, then anything but a second slash or a backslash (both would
// make it an address on another host: //evil.example, /\evil.example)
const SITE_PATH = /^\/(?![/\\])/;
// control characters, spaces of any kind and backslashes: never part of an address we store
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\s\\]/u;
const BASE = 'http://site.invalid';

/** Whether text is an http(s), mailto or tel address, or a path on this site (`/…`). */
export function isSafeUrl(text: string): boolean {
  if (text === '' || FORBIDDEN.test(text)) return false;
  if (SITE_PATH.test(text)) {
    // what a browser makes of it must stay on this site
    try {
      return new URL(text, BASE).origin === BASE;
    } catch {
      return false;
    }
  }
  if (!ABSOLUTE.test(text)) return false;
  try {
    return SCHEMES.has(new URL(text).protocol);
  } catch {
    return false;
  }
}

/** Whether text may be stored in an avatar field. */
export function isAvatarValue(text: string): boolean {
  return HEAD_ICON.test(text) || isSafeUrl(text);
}

/** The formats the compiled schemas name, with their checks: for ajv and any other validator. */
export const URL_FORMATS: Record<string, (text: string) => boolean> = {
  [SAFE_URL_FORMAT]: isSafeUrl,
  [AVATAR_FORMAT]: isAvatarValue,
};

/** The format a field type's values must meet, if it holds an address. */
export function urlFormatOf(type: FieldType): string | undefined {
  if (type === 'url' || type === 'image' || type === 'file') return SAFE_URL_FORMAT;
  if (type === 'avatar') return AVATAR_FORMAT;
  return undefined;
}

/**
 * A stored value as it may leave for a page: unchanged when it meets its field's rule, null when
 * it does not (a row written straight into the table, or before the rule existed).
 */
export function safeUrlValue(type: FieldType, value: unknown): unknown {
  const format = urlFormatOf(type);
  if (!format || typeof value !== 'string' || value === '') return value;
  return URL_FORMATS[format](value) ? value : null;
}
