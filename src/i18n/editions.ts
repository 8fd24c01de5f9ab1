// The licence editions by name (the licence page, spec §2 /license). The server keeps the
// edition as a code (`standard`, written at the first start); an edition an operator wrote that
// is not listed here shows as written.

import type { I18n, Lang } from '../../runtime/schema/types.ts';

const EDITIONS: Readonly<Record<string, I18n>> = {
  standard: { zh: '标准版', en: 'Standard' },
  trial: { zh: '试用版', en: 'Trial' },
  professional: { zh: '专业版', en: 'Professional' },
  enterprise: { zh: '企业版', en: 'Enterprise' },
};

export function editionName(edition: string, lang: Lang): string {
  return Object.hasOwn(EDITIONS, edition) ? EDITIONS[edition][lang] : edition;
}
