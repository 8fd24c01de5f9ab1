// Stored files: recorded in sys_files with their owner and original name under a generated
// name, their bytes kept by a storage driver (storage/types.ts: the disk under DATA_DIR, or the
// database every instance shares). The client's file name is kept only as text for the
// download's suggested name; it never becomes a path. A file is read only when it has a record.
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Selectable } from 'kysely';
import { UPLOADS_PREFIX, type UploadResult } from '../../runtime/contract.ts';
import { writeAudit } from '../audit.ts';
import type { Db, FilesTable } from '../db/tables.ts';
import { notFound } from '../http/errors.ts';
import { SERVER_MESSAGES } from '../http/messages.ts';
import type { WriteActor } from '../resources/store.ts';
import type { FileTypeRule } from './fileTypes.ts';
import type { FileKind } from './paths.ts';
import type { FileStorage, StoredBytes, StoredRef } from './storage/types.ts';

export type FileRecord = Selectable<FilesTable>;

/** The sender's name, as text only: no path, no control characters, at most 200 characters. */
export function cleanOriginalName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (clean || 'file').slice(0, 200);
}

/** A file as it is stored: a picture, one of its derived sizes, or any other upload. */
export interface FileToStore {
  name: string;
  bytes: Buffer;
  mime: string;
  originalName: string;
  /** the picture a derived size belongs to */
  variantOf: string | null;
  pixels?: { width: number; height: number };
}

/** A stored file's row in sys_files. */
export function fileRecord(kind: FileKind, file: FileToStore, userId: number | null) {
  return {
    kind,
    name: file.name,
    original_name: file.originalName,
    mime: file.mime,
    size: file.bytes.length,
    width: file.pixels?.width ?? null,
    height: file.pixels?.height ?? null,
    variant_of: file.variantOf,
    user_id: userId,
  };
}

/** The download call of a stored file (what a non-image file field stores). */
export function downloadUrl(fileName: string): string {
  return `/common/download?fileName=${encodeURIComponent(fileName)}`;
}

export class FileStore {
  constructor(
    private readonly db: Db,
    readonly storage: FileStorage,
  ) {}

  /**
   * Writes the file, and for a picture its derived sizes (`{name}_{size}.webp`), and records
   * them all in one transaction: either every file has its record or none is left behind.
   */
  async save(
    kind: FileKind,
    bytes: Buffer,
    type: FileTypeRule,
    originalName: string,
    actor: WriteActor,
    derived: ReadonlyArray<{ size: string; bytes: Buffer }> = [],
    /** a picture's upright pixel size, kept for the media library */
    pixels?: { width: number; height: number },
  ): Promise<UploadResult> {
    const base = randomUUID().replaceAll('-', '');
    const name = `${base}.${type.ext}`;
    const original = cleanOriginalName(originalName);
    const files: FileToStore[] = [
      { name, bytes, mime: type.mime, originalName: original, variantOf: null, pixels },
      ...derived.map((d) => ({
        name: `${base}_${d.size}.webp`,
        bytes: d.bytes,
        mime: 'image/webp',
        originalName: cleanOriginalName(`${original} (${d.size})`),
        variantOf: name,
        pixels: undefined,
      })),
    ];
    const refs: StoredRef[] = files.map((file) => ({ kind, name: file.name }));
    try {
      await this.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('sys_files')
          .values(files.map((file) => fileRecord(kind, file, actor.auth.userId)))
          .execute();
        // the records first: the database driver's chunks point at them
        for (const file of files)
          await this.storage.write(trx, { kind, name: file.name }, Readable.from([file.bytes]));
        await writeAudit(trx, {
          userId: actor.auth.userId,
          userName: actor.auth.userName,
          action: kind,
          resource: 'files',
          target: name,
          address: actor.address,
        });
      });
    } catch (error) {
      await this.storage.abandon(refs);
      throw error;
    }
    return {
      url: type.image && kind === 'upload' ? `${UPLOADS_PREFIX}${name}` : downloadUrl(name),
      fileName: name,
      originalName: original,
      size: bytes.length,
      type: type.mime,
    };
  }

  async find(name: string, kind?: FileKind): Promise<FileRecord | undefined> {
    let query = this.db.selectFrom('sys_files').selectAll().where('name', '=', name);
    if (kind) query = query.where('kind', '=', kind);
    return query.executeTakeFirst();
  }

  /** The recorded file's bytes; 404 when the storage holds none under its name. */
  async open(record: Pick<FileRecord, 'kind' | 'name'>): Promise<StoredBytes> {
    const opened = await this.storage.open({ kind: record.kind, name: record.name });
    if (!opened) throw notFound(SERVER_MESSAGES.fileNotFound);
    return opened;
  }

  /** The bytes of files whose records are already gone (a removal that committed). */
  async discard(kind: FileKind, names: readonly string[]): Promise<void> {
    await this.storage.discard(names.map((name) => ({ kind, name })));
  }

  /** The record and the file, the record first so a failed delete leaves nothing pointing at a gap. */
  async remove(record: FileRecord, actor: WriteActor): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('sys_files').where('id', '=', record.id).execute();
      await writeAudit(trx, {
        userId: actor.auth.userId,
        userName: actor.auth.userName,
        action: 'deleteFile',
        resource: 'files',
        target: record.name,
        address: actor.address,
      });
    });
    await this.storage.discard([{ kind: record.kind, name: record.name }]);
  }
}
