// Removing uploads no row uses (docs/api.md "Media library"): the names asked for, all or none,
// in one transaction. Inside it the tables with file columns are held against writes and the
// uses counted again, so a file a row took up after the list was shown is never removed; a file
// still in use, or newer than the grace period, refuses the whole call (409 naming them). The
// records go with the transaction, the bytes after it commits (a stored file without a record
// is never served, so a failed unlink leaves nothing reachable).
import { type Kysely, sql } from 'kysely';
import type { Manifest } from '../../runtime/schema/types.ts';
import { writeAudit } from '../audit.ts';
import { retriedTransaction } from '../db/retriedTransaction.ts';
import type { Database } from '../db/tables.ts';
import { ApiError, badRequest, notFound } from '../http/errors.ts';
import { SERVER_MESSAGES } from '../http/messages.ts';
import type { WriteActor } from '../resources/store.ts';
import { fileColumns, holdFileWrites, storedBase, usedBases } from './fileReferences.ts';
import { isStoredName } from './paths.ts';

/** The most names one call removes. */
export const REMOVE_MAX = 500;

/** `names` of a removal body, JSON or form-encoded (repeated keys); each a stored name, once. */
export function readNames(raw: unknown): string[] {
  const list = Array.isArray(raw) ? raw : raw === undefined || raw === null || raw === '' ? [] : [raw];
  if (list.length === 0) throw badRequest({ names: { zh: 'names 不能为空', en: 'names is required' } });
  if (list.length > REMOVE_MAX)
    throw badRequest({ names: { zh: `一次最多 ${REMOVE_MAX} 个`, en: `at most ${REMOVE_MAX} at a time` } });
  const bad = list.flatMap((item, i) => (isStoredName(item) ? [] : [i + 1]));
  if (bad.length > 0)
    throw badRequest({
      names: {
        zh: `第 ${bad.join('、')} 项不是存储的文件名`,
        en: `item ${bad.join(', ')} is not the name of a stored file`,
      },
    });
  const names = list as string[];
  if (new Set(names).size !== names.length)
    throw badRequest({ names: { zh: '有重复的文件名', en: 'a name is given more than once' } });
  return names;
}

export interface RemovalOptions {
  graceMs: number;
  attempts: number;
}

/** Removes the records of these uploads and their derived sizes; returns every stored name removed. */
export async function removeUnusedRecords(
  db: Kysely<Database>,
  manifest: Manifest,
  names: readonly string[],
  actor: WriteActor,
  options: RemovalOptions,
): Promise<string[]> {
  const columns = fileColumns(manifest);
  return retriedTransaction(db, { lang: actor.lang ?? 'zh', attempts: options.attempts }, async (trx) => {
    const typed = trx as Kysely<Database>;
    await holdFileWrites(trx, columns);
    const records = await typed
      .selectFrom('sys_files')
      .select(['name'])
      // a new upload may sit in a form not yet saved: it counts as used
      .select(sql<boolean>`create_time >= now() - ${options.graceMs} * interval '1 millisecond'`.as('recent'))
      .where('kind', '=', 'upload')
      .where('variant_of', 'is', null)
      .where('name', 'in', names)
      .forUpdate()
      .execute();
    const found = new Set(records.map((r) => r.name));
    const missing = names.filter((name) => !found.has(name));
    if (missing.length > 0) throw notFound(SERVER_MESSAGES.filesMissing, { missing });
    const used = await usedBases(trx, columns);
    const inUse = records
      .filter((r) => r.recent || used.has(storedBase(r.name)))
      .map((r) => r.name)
      .sort();
    if (inUse.length > 0) throw new ApiError(409, SERVER_MESSAGES.filesInUse, { inUse });
    const removed = await typed
      .deleteFrom('sys_files')
      .where((eb) => eb.or([eb('name', 'in', names), eb('variant_of', 'in', names)]))
      .returning('name')
      .execute();
    await writeAudit(typed, {
      userId: actor.auth.userId,
      userName: actor.auth.userName,
      action: 'deleteFile',
      resource: 'files',
      target: [...names],
      detail: { unused: true, count: names.length },
      address: actor.address,
    });
    return removed.map((r) => r.name);
  });
}
