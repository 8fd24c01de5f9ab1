// Which uploads the rows still use. Every resource's file-holding columns are read, from the
// manifest, so a resource added as YAML is counted like the others: image, avatar and file
// fields hold an upload's URL, url fields may, and rich text holds pictures and download links
// inside its HTML. A use is any /uploads/{name}, /web/files/{name} (the public attachment path)
// or fileName={name} in the column's text (with or without the API prefix or a host in front),
// and it counts for the upload and its derived sizes alike ({name}_thumb.webp is the same upload
// as {name}.png).
import { type Kysely, sql } from 'kysely';
import type { FieldType, Manifest } from '../../runtime/schema/types.ts';
import { fieldsNeedingColumns } from '../db/columns.ts';

/** Field types whose column can hold an upload's address. */
export const HOLDS_FILE_URLS: ReadonlySet<FieldType> = new Set([
  'image',
  'avatar',
  'file',
  'url',
  'richtext',
]);

/** The part of a stored name before its size suffix and extension: generated names hold no '_' or '.'. */
export const STORED_BASE = '[A-Za-z0-9-]{1,100}';
// the public attachment path (/api/cms/web/files/{name}) counts too: a row may hold the address
// a visitor was given
const USE_PATTERN = `(?:/uploads/|/web/files/|fileName=)(${STORED_BASE})`;

export interface FileColumn {
  table: string;
  column: string;
}

/** Every column of every resource that may hold an upload's address, in table order. */
export function fileColumns(manifest: Manifest): FileColumn[] {
  return manifest.resources
    .flatMap((resource) =>
      fieldsNeedingColumns(resource)
        .filter((field) => HOLDS_FILE_URLS.has(field.type))
        .map((field) => ({ table: resource.table, column: field.column })),
    )
    .sort((a, b) => a.table.localeCompare(b.table) || a.column.localeCompare(b.column));
}

/** The base of a stored name (`abc.png`, `abc_thumb.webp` → `abc`). */
export function storedBase(name: string): string {
  return name.split('.')[0].split('_')[0];
}

/** The bases of every upload some row uses now. */
export async function usedBases(db: Kysely<any>, columns: readonly FileColumn[]): Promise<Set<string>> {
  const used = new Set<string>();
  for (const { table, column } of columns) {
    const text = sql`${sql.ref(column)}::text`;
    const { rows } = await sql<{ base: string }>`
      select distinct (regexp_matches(${text}, ${USE_PATTERN}, 'g'))[1] as base
      from ${sql.table(table)}
      where ${text} ~ ${'/uploads/|/web/files/|fileName='}
    `.execute(db);
    for (const row of rows) used.add(row.base);
  }
  return used;
}

/**
 * Holds every write to the tables with file columns until the transaction ends (SHARE mode lets
 * reads through), and waits for the writes already under way: a scan after it sees every use
 * any committed row makes, and no row can start using a file before the removal commits. Taken
 * in table order, as every such lock is, so two removals cannot deadlock on each other.
 */
export async function holdFileWrites(trx: Kysely<any>, columns: readonly FileColumn[]): Promise<void> {
  for (const table of [...new Set(columns.map((c) => c.table))].sort())
    await sql`lock table ${sql.table(table)} in share mode`.execute(trx);
}
