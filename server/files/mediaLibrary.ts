// The media library's lists (docs/api.md "Media library"): the uploads of sys_files, each once
// (derived sizes left out), newest first, searched by the sender's name and filtered to
// pictures or other files; and the same list narrowed to uploads no row uses any more.
import { sql } from 'kysely';
import {
  derivedImageUrl,
  LIST_DEFAULT_LIMIT,
  LIST_MAX_LIMIT,
  type ListResult,
  type MediaItem,
  type MediaKind,
  UPLOADS_PREFIX,
} from '../../runtime/contract.ts';
import type { Lang } from '../../runtime/schema/types.ts';
import { validationMessage } from '../../runtime/schema/validationMessages.ts';
import type { Db } from '../db/tables.ts';
import { badListParameters } from '../http/errors.ts';
import { toInt4 } from '../resources/coerce.ts';
import { downloadUrl, type FileRecord } from './fileStore.ts';
import { PUBLIC_IMAGE_TYPES } from './fileTypes.ts';

/** The longest search text: an original name is at most 200 characters, a search is a part of one. */
export const MEDIA_SEARCH_MAX = 100;

export interface MediaQuery {
  page: number;
  limit: number;
  /** part of the original name, any letter case */
  name?: string;
  kind?: MediaKind;
}

const PARAMS = new Set(['page', 'limit', 'name', 'kind']);

/** The query string of a library list; anything else, or anything out of range, is a 400 naming it. */
export function readMediaQuery(query: Record<string, unknown>, lang: Lang): MediaQuery {
  const errors: Record<string, string> = {};
  const single = (name: string): string | undefined => {
    const value = query[name];
    if (value === undefined) return undefined;
    if (typeof value !== 'string') {
      errors[name] = validationMessage(lang, 'single', { title: name });
      return undefined;
    }
    return value;
  };
  for (const name of Object.keys(query))
    if (!PARAMS.has(name)) errors[name] = validationMessage(lang, 'unknownParam', { title: name });
  const page = toInt4(single('page') ?? 1) ?? 0;
  if (page < 1) errors.page = validationMessage(lang, 'page', { title: 'page' });
  const limit = toInt4(single('limit') ?? LIST_DEFAULT_LIMIT) ?? 0;
  if (limit < 1 || limit > LIST_MAX_LIMIT)
    errors.limit = validationMessage(lang, 'limit', { title: 'limit', limit: LIST_MAX_LIMIT });
  const name = single('name')?.trim();
  if (name !== undefined && name.length > MEDIA_SEARCH_MAX)
    errors.name = validationMessage(lang, 'maxLength', { title: 'name', limit: MEDIA_SEARCH_MAX });
  const kind = single('kind');
  if (kind !== undefined && kind !== '' && kind !== 'image' && kind !== 'file')
    errors.kind = lang === 'zh' ? 'kind 只能是 image 或 file' : 'kind must be image or file';
  if (Object.keys(errors).length > 0) throw badListParameters(errors);
  return {
    page,
    limit,
    name: name || undefined,
    kind: kind === 'image' || kind === 'file' ? kind : undefined,
  };
}

/** What the library shows of a record. */
export function mediaItem(record: FileRecord): MediaItem {
  const image = PUBLIC_IMAGE_TYPES.has(record.mime);
  const url = image ? `${UPLOADS_PREFIX}${record.name}` : downloadUrl(record.name);
  return {
    fileName: record.name,
    originalName: record.original_name,
    kind: image ? 'image' : 'file',
    url,
    thumbUrl: image ? (derivedImageUrl(url, 'thumb') ?? url) : null,
    type: record.mime,
    size: record.size,
    width: record.width,
    height: record.height,
    userId: record.user_id,
    createTime: new Date(record.create_time).toISOString(),
  };
}

/** A LIKE pattern matching the text anywhere, with its own % _ and \ taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface UnusedFilter {
  /** bases (storedBase) of the uploads some row uses */
  used: ReadonlySet<string>;
  /** uploads newer than this are counted as used: a form may hold them unsaved */
  graceMs: number;
}

/** One page of the library, newest first; with `unused`, only the uploads no row uses. */
export async function listMedia(
  db: Db,
  query: MediaQuery,
  unused?: UnusedFilter,
): Promise<ListResult<MediaItem>> {
  const images = [...PUBLIC_IMAGE_TYPES];
  let base = db.selectFrom('sys_files').where('kind', '=', 'upload').where('variant_of', 'is', null);
  if (query.kind === 'image') base = base.where('mime', 'in', images);
  if (query.kind === 'file') base = base.where('mime', 'not in', images);
  if (query.name) base = base.where(sql<boolean>`original_name ilike ${containing(query.name)}`);
  if (unused) {
    base = base
      .where(sql<boolean>`create_time < now() - ${unused.graceMs} * interval '1 millisecond'`)
      .where(sql<boolean>`split_part(name, '.', 1) <> all(${[...unused.used]}::text[])`);
  }
  const [{ total }] = await base.select(sql<number>`count(*)::int`.as('total')).execute();
  const rows = await base
    .selectAll()
    .orderBy('create_time', 'desc')
    .orderBy('id', 'desc')
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .execute();
  return { rows: rows.map(mediaItem), total };
}
