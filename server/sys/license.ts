// The licence (spec §2 /license, §8): who the installation is licensed to, which edition, until
// when. Kept in sys_settings under `license`, written at the first start (a year of the
// standard edition) and renewed by writing that row (docs/server.md). The licensee is the
// school as the site presents it: the first companys row.
import type { Kysely } from 'kysely';
import type { LicenseState } from '../../runtime/contract.ts';
import type { Lang, Manifest } from '../../runtime/schema/types.ts';
import type { Database, Db } from '../db/tables.ts';

export const LICENSE_KEY = 'license';

/** A year from the first start: the standard edition of a new installation. */
export const FIRST_LICENSE_DAYS = 365;

interface StoredLicense {
  edition?: unknown;
  /** ISO time; null for no end */
  expiresAt?: unknown;
  /** the licensee when no companys row names one */
  holder?: unknown;
}

/** Writes the first licence unless one is there. */
export async function seedLicense(trx: Kysely<Database>, now: Date): Promise<void> {
  const expiresAt = new Date(now.getTime() + FIRST_LICENSE_DAYS * 86_400_000).toISOString();
  await trx
    .insertInto('sys_settings')
    .values({ key: LICENSE_KEY, value: JSON.stringify({ edition: 'standard', expiresAt }) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

async function companyName(db: Db, manifest: Manifest): Promise<string | null> {
  const companys = manifest.resources.find((r) => r.name === 'companys');
  const name = companys?.fields.find((f) => f.name === 'companyName');
  const order = companys?.fields.find((f) => f.name === 'orderNum');
  if (!companys || !name) return null;
  let query = (db as unknown as Kysely<any>).selectFrom(companys.table).select(name.column);
  if (order) query = query.orderBy(order.column);
  const row = await query.orderBy('id').executeTakeFirst();
  return row ? String(row[name.column]) : null;
}

export async function licenseState(db: Db, manifest: Manifest): Promise<LicenseState> {
  const row = await db
    .selectFrom('sys_settings')
    .select('value')
    .where('key', '=', LICENSE_KEY)
    .executeTakeFirst();
  const stored = (row?.value ?? {}) as StoredLicense;
  const expires = typeof stored.expiresAt === 'string' ? new Date(stored.expiresAt) : null;
  const expiresAt = expires && !Number.isNaN(expires.getTime()) ? expires.toISOString() : null;
  const holder =
    (await companyName(db, manifest)) ?? (typeof stored.holder === 'string' ? stored.holder : null);
  return {
    valid: row !== undefined && (expiresAt === null || new Date(expiresAt).getTime() > Date.now()),
    holder,
    edition: typeof stored.edition === 'string' ? stored.edition : 'standard',
    expiresAt,
  };
}

/**
 * The message of a licence that is missing or past its end. It begins with 'license': the app
 * shows what follows (spec §8), in the caller's language.
 */
export function licenseMessage(state: LicenseState, lang: Lang): string {
  const day = state.expiresAt?.slice(0, 10);
  if (lang === 'en') {
    return day
      ? `licenseThe licence ended on ${day}; ask the supplier to renew it.`
      : 'licenseNo licence is installed; ask the supplier for one.';
  }
  return day ? `license授权已于 ${day} 到期，请联系供应商续期。` : 'license系统未安装授权，请联系供应商。';
}
