// Stored files: written under DATA_DIR with a generated name and recorded in sys_files with
// their owner and original name, read back and removed by that record. The client's file name
// is kept only as text for the download's suggested name; it never becomes a path.
import { randomUUID } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import type { Selectable } from 'kysely';
import { UPLOADS_PREFIX, type UploadResult } from '../../runtime/contract.ts';
import { writeAudit } from '../audit.ts';
import type { Db, FilesTable } from '../db/tables.ts';
import { notFound } from '../http/errors.ts';
import type { WriteActor } from '../resources/store.ts';
import type { FileTypeRule } from './fileTypes.ts';
import { type FileKind, filesDir, isStoredName } from './paths.ts';

export type FileRecord = Selectable<FilesTable>;

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
  if (!isStoredName(name) || relative(dir, path) !== name) throw notFound('file not found');
  return path;
}

export class FileStore {
  constructor(
    private readonly db: Db,
    private readonly dataDir: string,
  ) {}

  async save(
    kind: FileKind,
    bytes: Buffer,
    type: FileTypeRule,
    originalName: string,
    actor: WriteActor,
  ): Promise<UploadResult> {
    const name = `${randomUUID().replaceAll('-', '')}.${type.ext}`;
    const path = storedPath(this.dataDir, kind, name);
    // wx: a name is never reused, not even by a file someone put there by hand
    await writeFile(path, bytes, { flag: 'wx' });
    const original = cleanOriginalName(originalName);
    try {
      await this.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('sys_files')
          .values({
            kind,
            name,
            original_name: original,
            mime: type.mime,
            size: bytes.length,
            user_id: actor.auth.userId,
          })
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
      await rm(path, { force: true });
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

  async find(name: string): Promise<FileRecord | undefined> {
    return this.db.selectFrom('sys_files').selectAll().where('name', '=', name).executeTakeFirst();
  }

  async read(record: FileRecord): Promise<Buffer> {
    try {
      return await readFile(storedPath(this.dataDir, record.kind, record.name));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw notFound('file not found');
      throw error;
    }
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
