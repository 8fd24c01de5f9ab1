// The `version` an update body may carry beside its fields (docs/api.md, "Concurrent edits"):
// the version of the row the client read. It is not a field and is never written; the store
// only compares it, so taking it out before the fields are checked opens no mass assignment.
import type { Lang } from '../../runtime/schema/types.ts';
import { badRequest } from '../http/errors.ts';
import { asRecord } from '../http/params.ts';

const MAX_VERSION = 2_147_483_647;

/** The body without `version`, and the version when one was sent ('' or null: none). */
export function splitVersion(body: unknown, lang: Lang): { version?: number; rest: Record<string, unknown> } {
  const { version: raw, ...rest } = asRecord(body);
  if (raw === undefined || raw === null || raw === '') return { rest };
  const version = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw.trim()) : Number.NaN;
  if (!Number.isInteger(version) || version < 1 || version > MAX_VERSION) {
    throw badRequest({
      version:
        lang === 'zh'
          ? 'version 必须是读取该数据时的版本号（正整数）'
          : 'version must be the version of the row as read (a positive whole number)',
    });
  }
  return { version, rest };
}
