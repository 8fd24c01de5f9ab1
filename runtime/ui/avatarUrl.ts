// Avatars are either one of the 16 head icons shipped in public/avatars, named head_1 … head_16
// (spec §3), or an uploaded image's URL.
import { DEFAULT_AVATAR } from '../client/constants.ts';

const HEAD_ICON = /^head_\d+$/;

// The head icons are written into the code (data: addresses, under 1 kB gzipped for all 16): the
// navbar's avatar then needs no request of its own after sign-in, one that could only start once
// the profile had named it (docs/benchmarks.md, "Bundle"). public/avatars still serves them, for
// menu icons and stored addresses that name the files.
const HEAD_ICONS = import.meta.glob<string>('../../public/avatars/head_*.svg', {
  eager: true,
  query: '?inline',
  import: 'default',
});

export function avatarUrl(value: unknown, base: string = import.meta.env?.BASE_URL ?? '/'): string {
  const name = typeof value === 'string' && value !== '' ? value : DEFAULT_AVATAR;
  if (!HEAD_ICON.test(name)) return name;
  return (
    HEAD_ICONS[`../../public/avatars/${name}.svg`] ??
    `${base.endsWith('/') ? base : `${base}/`}avatars/${name}.svg`
  );
}
