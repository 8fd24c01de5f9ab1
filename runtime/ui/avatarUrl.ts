// Avatars are either one of the 16 head icons shipped in public/avatars, named head_1 … head_16
// (spec §3), or an uploaded image's URL.
import { DEFAULT_AVATAR } from '../client/constants.ts';

const HEAD_ICON = /^head_\d+$/;

export function avatarUrl(value: unknown, base: string = import.meta.env?.BASE_URL ?? '/'): string {
  const name = typeof value === 'string' && value !== '' ? value : DEFAULT_AVATAR;
  if (HEAD_ICON.test(name)) return `${base.endsWith('/') ? base : `${base}/`}avatars/${name}.svg`;
  return name;
}
