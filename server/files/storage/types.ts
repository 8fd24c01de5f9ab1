// Where the bytes of stored files live. FileStore keeps the records (sys_files) and asks a
// storage driver for the bytes, so every place that writes, reads or removes a file (uploads,
// downloads, the public image path, the sample pictures, unused-file removal) goes through one
// interface: the disk under DATA_DIR, or the database every instance shares (docs/server.md,
// "File storage", says what another driver, such as S3, must do).
import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.ts';
import type { FileKind } from '../paths.ts';

export type StorageDriver = 'disk' | 'database';

/** A stored file as its record names it. */
export interface StoredRef {
  kind: FileKind;
  /** the generated stored name (paths.ts isStoredName) */
  name: string;
}

/** Bytes `start` to `end`, both included, as an HTTP range says. */
export interface ByteRange {
  start: number;
  end: number;
}

/** A stored file found and ready to read: its size now, and its bytes as a stream. */
export interface StoredBytes {
  size: number;
  /** the whole file, or one range of it; call at most once */
  read(range?: ByteRange): Readable;
  /** lets go of what open() holds, when the bytes are not read after all (a 304, a 416) */
  close(): Promise<void>;
}

export interface FileStorage {
  readonly driver: StorageDriver;
  /** what must exist before the first write (folders) */
  init(): Promise<void>;
  /**
   * Stores a new file's bytes from a stream, holding at most a bounded buffer. Called inside the
   * transaction that inserts the file's record (`trx`), so a driver keeping bytes in the database
   * commits or rolls back with it. Returns the number of bytes stored. `replace` overwrites
   * bytes already stored under the name (the sample pictures, written again after a failed seed).
   */
  write(
    trx: Kysely<Database>,
    file: StoredRef,
    source: Readable,
    options?: { replace?: boolean },
  ): Promise<number>;
  /** Undoes writes whose transaction failed; bytes the rollback took already are no concern. */
  abandon(files: readonly StoredRef[]): Promise<void>;
  /** The file's bytes, or undefined when nothing is stored under the name. */
  open(file: StoredRef): Promise<StoredBytes | undefined>;
  /** Removes the bytes of files whose records a committed transaction deleted. */
  discard(files: readonly StoredRef[]): Promise<void>;
}
