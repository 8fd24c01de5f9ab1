// Moving to the database driver keeps the files stored before: at start, every recorded file
// the database holds no bytes for is copied in from DATA_DIR when it lies there, one file per
// transaction, streamed. The disk copy stays (a backup the operator removes when satisfied);
// a record whose bytes are nowhere stays a 404, as it was.
import { sql } from 'kysely';
import type { Db } from '../../db/tables.ts';
import type { DiskStorage } from './diskStorage.ts';
import type { PostgresStorage } from './postgresStorage.ts';

/** Returns the names copied in. */
export async function adoptDiskFiles(
  db: Db,
  disk: DiskStorage,
  database: PostgresStorage,
): Promise<string[]> {
  const missing = await db
    .selectFrom('sys_files as f')
    .select(['f.kind', 'f.name'])
    .where(sql<boolean>`not exists (select 1 from sys_file_chunks c where c.file_name = f.name)`)
    .orderBy('f.id')
    .execute();
  const copied: string[] = [];
  for (const file of missing) {
    const opened = await disk.open(file);
    if (!opened) continue;
    await db.transaction().execute((trx) => database.write(trx, file, opened.read()));
    copied.push(file.name);
  }
  return copied;
}
