// The disk driver: bytes under DATA_DIR/uploads and DATA_DIR/exports, one file per stored name.
// The default with the embedded database, whose data lives in the same folder (one backup holds
// both). A file is read only as a regular file inside its folder, never through a symbolic link:
// a link or a device planted in the folder is not a stored file.
import { constants, createWriteStream } from 'node:fs';
import { type FileHandle, mkdir, open, rm } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { notFound } from '../../http/errors.ts';
import { SERVER_MESSAGES } from '../../http/messages.ts';
import { type FileKind, filesDir, isStoredName } from '../paths.ts';
import type { FileStorage, StoredBytes, StoredRef } from './types.ts';

// O_NOFOLLOW: a symbolic link in the last part of the path fails (ELOOP) instead of being
// followed; O_NONBLOCK: a planted FIFO cannot hold the request open waiting for a writer
const OPEN_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;
const NOT_STORED = new Set(['ENOENT', 'ELOOP', 'ENOTDIR', 'ENXIO', 'EISDIR']);

/** The absolute path of a stored name, and proof that it stays inside its folder. */
export function storedPath(dataDir: string, kind: FileKind, name: string): string {
  const dir = resolve(filesDir(dataDir, kind));
  const path = resolve(dir, name);
  if (!isStoredName(name) || relative(dir, path) !== name) throw notFound(SERVER_MESSAGES.fileNotFound);
  return path;
}

export class DiskStorage implements FileStorage {
  readonly driver = 'disk' as const;

  constructor(private readonly dataDir: string) {}

  async init(): Promise<void> {
    for (const kind of ['upload', 'export'] as const)
      await mkdir(filesDir(this.dataDir, kind), { recursive: true });
  }

  async write(_trx: unknown, file: StoredRef, source: Readable, options: { replace?: boolean } = {}) {
    const path = storedPath(this.dataDir, file.kind, file.name);
    // wx: a name is never reused, not even by a file someone put there by hand
    const out = createWriteStream(path, { flags: options.replace ? 'w' : 'wx' });
    let size = 0;
    source.on('data', (chunk: Buffer) => {
      size += chunk.length;
    });
    await pipeline(source, out);
    return size;
  }

  async abandon(files: readonly StoredRef[]): Promise<void> {
    await this.discard(files);
  }

  async open(file: StoredRef): Promise<StoredBytes | undefined> {
    let handle: FileHandle;
    try {
      handle = await open(storedPath(this.dataDir, file.kind, file.name), OPEN_FLAGS);
    } catch (error) {
      if (NOT_STORED.has((error as NodeJS.ErrnoException).code ?? '')) return undefined;
      throw error;
    }
    const stat = await handle.stat();
    if (!stat.isFile()) {
      await handle.close();
      return undefined;
    }
    return {
      size: stat.size,
      // the stream closes the file when it ends or the request is aborted
      read: (range) => handle.createReadStream(range ? { start: range.start, end: range.end } : {}),
      close: () => handle.close(),
    };
  }

  async discard(files: readonly StoredRef[]): Promise<void> {
    await Promise.all(
      files.map((file) => rm(storedPath(this.dataDir, file.kind, file.name), { force: true })),
    );
  }
}
