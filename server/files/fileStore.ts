// Stored files: written under DATA_DIR with a generated name and recorded in sys_files with
// their owner and original name, read back and removed by that record. The client's file name
// is kept only as text for the download's suggested name; it never becomes a path. A file is
// read only when it has a record, only as a regular file inside its folder, never through a
// symbolic link: a link or a device planted in the folder is not a stored file.
import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { type FileHandle, open, rm, writeFile } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import type { Selectable } from 'kysely';
import { UPLOADS_PREFIX, type UploadResult } from '../../runtime/contract.ts';
import { writeAudit } from '../audit.ts';
import type { Db, FilesTable } from '../db/tables.ts';
import { notFound } from '../http/errors.ts';
import { SERVER_MESSAGES } from '../http/messages.ts';
import type { WriteActor } from '../resources/store.ts';
import type { FileTypeRule } from './fileTypes.ts';
import { type FileKind, filesDir, isStoredName } from './paths.ts';

export type FileRecord = Selectable<FilesTable>;

// O_NOFOLLOW: a symbolic link in the last part of the path fails (ELOOP) instead of being
// followed; O_NONBLOCK: a planted FIFO cannot hold the request open waiting for a writer
const OPEN_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;
const NOT_STORED = new Set(['ENOENT', 'ELOOP', 'ENOTDIR', 'ENXIO', 'EISDIR']);

/** An open stored file and its size; the caller closes it (a read stream does so when done). */
export interface OpenedFile {
  handle: FileHandle;
  size: number;
}

/** The sender's name, as text only: no path, no control characters, at most 200 characters. */
export function cleanOriginalName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (clean || 'file').slice(0, 200);
}

/** The download call of a stored file (what a non-image file field stores). */
export function downloadUrl(fileName: string): string {
  return `/common/download?fileName=${encodeURIComponent(fileName)}`;
}

/** The absolute path of a stored name, and proof that it stays inside its folder. */
export function storedPath(dataDir: string, kind: FileKind, name: string): string {
  const dir = resolve(filesDir(dataDir, kind));
  const path = resolve(dir, name);
  if (!isStoredName(name) || relative(dir, path) !== name) throw notFound(SERVER_MESSAGES.fileNotFound);
  return path;
}

export class FileStore {
  constructor(
    private readonly db: Db,
    private readonly dataDir: string,
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
    const files = [
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
    const written: string[] = [];
    try {
      for (const file of files) {
        const path = storedPath(this.dataDir, kind, file.name);
        // wx: a name is never reused, not even by a file someone put there by hand
        await writeFile(path, file.bytes, { flag: 'wx' });
        written.push(path);
      }
      await this.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('sys_files')
          .values(
            files.map((file) => ({
              kind,
              name: file.name,
              original_name: file.originalName,
              mime: file.mime,
              size: file.bytes.length,
              width: file.pixels?.width ?? null,
              height: file.pixels?.height ?? null,
              variant_of: file.variantOf,
              user_id: actor.auth.userId,
            })),
          )
          .execute();
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
      await Promise.all(written.map((path) => rm(path, { force: true })));
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

  /** The recorded file, opened for reading; 404 for anything but a regular file in its folder. */
  async open(record: FileRecord): Promise<OpenedFile> {
    let handle: FileHandle;
    try {
      handle = await open(storedPath(this.dataDir, record.kind, record.name), OPEN_FLAGS);
    } catch (error) {
      if (NOT_STORED.has((error as NodeJS.ErrnoException).code ?? ''))
        throw notFound(SERVER_MESSAGES.fileNotFound);
      throw error;
    }
    const stat = await handle.stat();
    if (!stat.isFile()) {
      await handle.close();
      throw notFound(SERVER_MESSAGES.fileNotFound);
    }
    return { handle, size: stat.size };
  }

  async read(record: FileRecord): Promise<Buffer> {
    const { handle } = await this.open(record);
    try {
      return await handle.readFile();
    } finally {
      await handle.close();
    }
  }

  /** The bytes of files whose records are already gone (a removal that committed). */
  async discard(kind: FileKind, names: readonly string[]): Promise<void> {
    await Promise.all(names.map((name) => rm(storedPath(this.dataDir, kind, name), { force: true })));
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
    await rm(storedPath(this.dataDir, record.kind, record.name), { force: true });
  }
}
