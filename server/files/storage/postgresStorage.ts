// The database driver: a file's bytes as rows of sys_file_chunks, 256 KiB each, written in the
// transaction that inserts its sys_files record and deleted with that record (the chunks' foreign
// key cascades). The default whenever DATABASE_URL is set: every instance on the database sees
// every file whatever its DATA_DIR, and a database backup holds them. Bytes go in and out one
// chunk at a time, so a file is never held whole in memory, and a range reads only its chunks.
import { Readable } from 'node:stream';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/tables.ts';
import type { ByteRange, FileStorage, StoredBytes, StoredRef } from './types.ts';

/**
 * Every chunk but a file's last holds exactly this many bytes; ranges find their chunks by it,
 * so it is part of the stored format and never changes without a migration.
 */
export const CHUNK_SIZE = 256 * 1024;

export class PostgresStorage implements FileStorage {
  readonly driver = 'database' as const;

  constructor(private readonly db: Kysely<Database>) {}

  async init(): Promise<void> {}

  async write(
    trx: Kysely<Database>,
    file: StoredRef,
    source: Readable,
    options: { replace?: boolean } = {},
  ): Promise<number> {
    if (options.replace) await trx.deleteFrom('sys_file_chunks').where('file_name', '=', file.name).execute();
    let seq = 0;
    let size = 0;
    let pending: Buffer[] = [];
    let pendingLength = 0;
    const flush = async (upTo: number) => {
      const joined = Buffer.concat(pending, pendingLength);
      const data = joined.subarray(0, upTo);
      const rest = joined.subarray(upTo);
      await trx.insertInto('sys_file_chunks').values({ file_name: file.name, seq, data }).execute();
      seq += 1;
      pending = rest.length > 0 ? [Buffer.from(rest)] : [];
      pendingLength = rest.length;
    };
    for await (const piece of source) {
      const bytes = Buffer.isBuffer(piece) ? piece : Buffer.from(piece);
      pending.push(bytes);
      pendingLength += bytes.length;
      size += bytes.length;
      while (pendingLength >= CHUNK_SIZE) await flush(CHUNK_SIZE);
    }
    // the last, short chunk; an empty file still gets one, so "has chunks" means "is stored"
    if (pendingLength > 0 || seq === 0) await flush(pendingLength);
    return size;
  }

  async abandon(): Promise<void> {
    // the rollback of the write's transaction took its chunks
  }

  async open(file: StoredRef): Promise<StoredBytes | undefined> {
    const found = await this.db
      .selectFrom('sys_file_chunks')
      .select([
        sql<number>`count(*)::int`.as('chunks'),
        sql<number>`coalesce(sum(length(data)), 0)::int`.as('size'),
      ])
      .where('file_name', '=', file.name)
      .executeTakeFirstOrThrow();
    if (found.chunks === 0) return undefined;
    const size = Number(found.size);
    return {
      size,
      read: (range) => this.stream(file.name, range ?? { start: 0, end: size - 1 }),
      close: async () => {},
    };
  }

  /** The bytes of a range, one chunk per read: the stream asks for the next when it has room. */
  private stream(name: string, range: ByteRange): Readable {
    const last = Math.floor(range.end / CHUNK_SIZE);
    let seq = Math.floor(range.start / CHUNK_SIZE);
    const db = this.db;
    return new Readable({
      async read() {
        if (range.end < range.start || seq > last) {
          this.push(null);
          return;
        }
        try {
          const row = await db
            .selectFrom('sys_file_chunks')
            .select('data')
            .where('file_name', '=', name)
            .where('seq', '=', seq)
            .executeTakeFirst();
          if (!row) throw new Error(`chunk ${seq} of ${name} is missing`);
          const offset = seq * CHUNK_SIZE;
          const from = Math.max(range.start - offset, 0);
          const to = Math.min(range.end - offset + 1, row.data.length);
          seq += 1;
          this.push(Buffer.from(row.data.subarray(from, to)));
        } catch (error) {
          this.destroy(error as Error);
        }
      },
    });
  }

  async discard(): Promise<void> {
    // deleting a record deleted its chunks in the same transaction (on delete cascade)
  }
}
