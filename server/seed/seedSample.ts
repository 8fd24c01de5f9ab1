// The sample school (sampleData.ts) written once per database, so a first start shows a
// living system: a category tree, a year of contents, offices, links, school and site info,
// home-page blocks, mailboxes and messages, departments and their pictures. Each resource is
// filled only while its table is empty, and a marker in sys_settings keeps a later start from
// filling again a table staff emptied on purpose. Field names go through the manifest, so a
// field a schema no longer has is left out rather than failing the start.
import { Readable } from 'node:stream';
import { type Kysely, sql } from 'kysely';
import { derivedImageUrl } from '../../runtime/contract.ts';
import type { Manifest, Resource } from '../../runtime/schema/types.ts';
import type { Database } from '../db/tables.ts';
import { columnValue } from '../db/treeRoot.ts';
import { type FileToStore, fileRecord } from '../files/fileStore.ts';
import { prepareImage } from '../files/imageVariants.ts';
import type { FileStorage } from '../files/storage/types.ts';
import { sanitizeRichText } from '../resources/richText.ts';
import {
  BLOCKS,
  CATEGORIES,
  CONTENTS,
  DEPARTMENTS,
  imageUrl,
  LINK_CATEGORIES,
  LINKS,
  MAILBOXES,
  MESSAGES,
  PAGES,
  PICTURES,
  REPLIERS,
  SAMPLE_IMAGES,
  SCHOOL,
  SOURCE_OFFICES,
  WEB_PICTURES,
} from './sampleData.ts';
import { gradientPng } from './sampleImages.ts';

export const SAMPLE_MARKER = 'sample-data';

const DAY = 86_400_000;

export interface SampleOptions {
  now: Date;
  /** where the sample pictures are stored; unset: rows only (tests) */
  storage?: FileStorage;
  /** the pictures, already being made (prepareSampleImages); unset: made when written */
  images?: Promise<FileToStore[]>;
}

class SampleWriter {
  readonly filled: string[] = [];
  private readonly db: Kysely<any>;
  /** the ids idOf found, by resource, field and value */
  private readonly found = new Map<string, number>();

  constructor(
    trx: Kysely<Database>,
    private readonly manifest: Manifest,
  ) {
    this.db = trx as unknown as Kysely<any>;
  }

  private resource(name: string): Resource | undefined {
    return this.manifest.resources.find((r) => r.name === name);
  }

  /** True when the resource exists and its table is empty: then it is filled, and listed. */
  async fill(name: string): Promise<boolean> {
    const resource = this.resource(name);
    if (!resource || resource.system) return false;
    const row = await this.db.selectFrom(resource.table).select('id').limit(1).executeTakeFirst();
    if (row) return false;
    this.filled.push(name);
    return true;
  }

  private columns(resource: Resource, values: Record<string, unknown>): Record<string, unknown> {
    const columns: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(values)) {
      if (name === 'id') {
        columns.id = value;
        continue;
      }
      const field = resource.fields.find((f) => f.name === name);
      if (!field || value === undefined) continue;
      columns[field.column] =
        value !== null && field.type === 'json'
          ? JSON.stringify(value)
          : field.type === 'richtext' && typeof value === 'string'
            ? sanitizeRichText(value)
            : columnValue(field, value);
    }
    return columns;
  }

  /** One row; a row that later rows look up by a name (idOf) goes in before them. */
  insert(name: string, values: Record<string, unknown>): Promise<void> {
    return this.insertAll(name, [values]);
  }

  /** Rows of one resource in one statement, in the order given (their ids follow it). */
  async insertAll(name: string, rows: Array<Record<string, unknown>>): Promise<void> {
    const resource = this.resource(name);
    if (!resource || rows.length === 0) return;
    await this.db
      .insertInto(resource.table)
      .values(rows.map((values) => this.columns(resource, values)))
      .execute();
  }

  /**
   * The id of the row whose `field` is `value`, whoever made it (the first such row). An id found
   * is remembered for the rest of the seed: the sample asks for the same category or office for
   * many rows, and on the embedded database each lookup is a round trip to its process. The seed
   * only adds rows, so the first row of a value stays the first; a value not found is asked again.
   */
  async idOf(name: string, field: string, value: unknown): Promise<number | undefined> {
    const resource = this.resource(name);
    const column = resource?.fields.find((f) => f.name === field)?.column;
    if (!resource || !column || value === undefined) return undefined;
    const key = `${name}\u0000${field}\u0000${JSON.stringify(value)}`;
    const known = this.found.get(key);
    if (known !== undefined) return known;
    const row = await this.db
      .selectFrom(resource.table)
      .select('id')
      .where(column, '=', value)
      .orderBy('id')
      .executeTakeFirst();
    if (!row) return undefined;
    this.found.set(key, Number(row.id));
    return Number(row.id);
  }

  /** After rows with chosen ids, the next generated id follows the largest. */
  async resetSequence(name: string): Promise<void> {
    const resource = this.resource(name);
    if (!resource) return;
    await sql`select setval(pg_get_serial_sequence(${resource.table}, 'id'), (select max(id) from ${sql.table(resource.table)}))`.execute(
      this.db,
    );
  }
}

/** A time `daysAgo` days before `now`, at an hour of the school day that varies with `i`. */
function dayTime(now: Date, daysAgo: number, i: number): string {
  const time = new Date(now.getTime() - daysAgo * DAY);
  time.setHours(8 + (i % 9), (i * 17) % 60, 0, 0);
  return time.toISOString();
}

const html = (paragraphs: string[]) => paragraphs.map((p) => `<p>${p}</p>`).join('');

/**
 * The sample pictures drawn and sized as an upload would be (server/files/imageVariants.ts), so
 * list cells find the thumbnail they ask for. No database: a first start begins this while its
 * database opens (server/start.ts), and the seed finds it done.
 */
export async function prepareSampleImages(): Promise<FileToStore[]> {
  const files: FileToStore[] = [];
  for (const [name, [from, to]] of Object.entries(SAMPLE_IMAGES)) {
    const prepared = await prepareImage(gradientPng(640, 360, from, to), 'image/png');
    files.push({
      name,
      mime: 'image/png',
      bytes: prepared.bytes,
      originalName: name,
      variantOf: null,
      pixels: { width: prepared.width, height: prepared.height },
    });
    for (const v of prepared.variants) {
      const derived = derivedImageUrl(`/uploads/${name}`, v.size)?.replace('/uploads/', '');
      if (derived)
        files.push({
          name: derived,
          mime: 'image/webp',
          bytes: v.bytes,
          originalName: derived,
          variantOf: name,
        });
    }
  }
  return files;
}

async function writeImages(
  trx: Kysely<Database>,
  storage: FileStorage,
  files: FileToStore[],
  ownerId: number | undefined,
) {
  await storage.init();
  if (files.length === 0) return;
  await trx
    .insertInto('sys_files')
    .values(files.map((file) => fileRecord('upload', file, ownerId ?? null)))
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  // after the records (the database driver's chunks point at them); bytes a failed seed left on
  // the disk are written again
  for (const file of files)
    await storage.write(trx, { kind: 'upload', name: file.name }, Readable.from([file.bytes]), {
      replace: true,
    });
}

/** Returns the resources filled; an empty list when the sample was written before. */
export async function seedSampleData(
  trx: Kysely<Database>,
  manifest: Manifest,
  options: SampleOptions,
): Promise<string[]> {
  const marker = await trx
    .selectFrom('sys_settings')
    .select('key')
    .where('key', '=', SAMPLE_MARKER)
    .executeTakeFirst();
  if (marker) return [];
  const { now } = options;
  const w = new SampleWriter(trx, manifest);
  const admin = await trx.selectFrom('sys_users').select('id').orderBy('id').executeTakeFirst();

  if (await w.fill('departments')) {
    for (const [i, d] of DEPARTMENTS.entries()) {
      const parentId = d.parent ? await w.idOf('departments', 'dpmtName', d.parent) : 0;
      await w.insert('departments', {
        parentId,
        dpmtName: d.name,
        leader: d.leader,
        phone: d.phone,
        orderNum: i,
      });
    }
  }
  // the administrator sits in the head teacher's office, so the session shows a department
  const office = await w.idOf('departments', 'dpmtName', '校长办公室');
  const users = manifest.resources.find((r) => r.system && r.name === 'users');
  const dpmt = users?.fields.find((f) => f.name === 'dpmtId');
  if (admin && office && dpmt) {
    await (trx as unknown as Kysely<any>)
      .updateTable('sys_users')
      .set({ [dpmt.column]: office })
      .where('id', '=', admin.id)
      .where(dpmt.column, 'is', null)
      .execute();
  }

  if (await w.fill('contentCategorys')) {
    for (const [i, c] of CATEGORIES.entries()) {
      const parentId = c.parent ? await w.idOf('contentCategorys', 'categoryName', c.parent) : 0;
      await w.insert('contentCategorys', {
        parentId,
        categoryName: c.name,
        kind: c.kind ?? 0,
        linkUrl: c.linkUrl,
        regulation: c.regulation ?? false,
        showInNav: true,
        orderNum: i,
        status: 0,
      });
    }
  }

  if (await w.fill('sourceoffices'))
    await w.insertAll(
      'sourceoffices',
      SOURCE_OFFICES.map((officeName, i) => ({ officeName, orderNum: i, status: 0 })),
    );

  if (await w.fill('contents')) {
    const category = (name: string) => w.idOf('contentCategorys', 'categoryName', name);
    const rows: Array<Record<string, unknown>> = [];
    for (const [i, c] of CONTENTS.entries()) {
      const categoryId = await category(c.category);
      if (categoryId === undefined) continue;
      const time = dayTime(now, c.daysAgo, i);
      rows.push({
        title: c.title,
        categoryId,
        summary: c.summary,
        isLink: false,
        body: html(c.paragraphs),
        coverImage: c.cover ? imageUrl(c.cover) : undefined,
        sourceOfficeId: c.office ? await w.idOf('sourceoffices', 'officeName', c.office) : undefined,
        author: c.author,
        publishTime: time,
        status: c.draft ? 0 : 1,
        pinned: c.pinned ?? false,
        viewCount: c.views ?? 0,
        createTime: time,
        updateTime: time,
      });
    }
    for (const [i, page] of PAGES.entries()) {
      const categoryId = await category(page.category);
      if (categoryId === undefined) continue;
      const time = dayTime(now, page.daysAgo, i);
      rows.push({
        title: page.title,
        categoryId,
        isLink: false,
        body: page.html,
        author: '党政办公室',
        publishTime: time,
        status: 1,
        pinned: false,
        viewCount: 0,
        createTime: time,
        updateTime: time,
      });
    }
    await w.insertAll('contents', rows);
  }

  if (await w.fill('pictures')) {
    const categoryId = await w.idOf('contentCategorys', 'categoryName', '校园风光');
    await w.insertAll(
      'pictures',
      PICTURES.map((p, i) => ({
        title: p.title,
        image: imageUrl(p.image),
        categoryId,
        description: p.description,
        photographer: '摄影社',
        takenOn: dayTime(now, p.daysAgo, i).slice(0, 10),
        orderNum: i,
        status: 0,
      })),
    );
  }

  if (await w.fill('webpictures')) {
    await w.insertAll(
      'webpictures',
      WEB_PICTURES.map((p, i) => ({
        title: p.title,
        image: imageUrl(p.image),
        position: p.position,
        linkUrl: p.linkUrl,
        orderNum: i,
        status: 0,
      })),
    );
  }

  if (await w.fill('weblinkcategorys')) {
    await w.insertAll(
      'weblinkcategorys',
      LINK_CATEGORIES.map((categoryName, i) => ({ categoryName, orderNum: i, status: 0 })),
    );
  }
  if (await w.fill('weblinks')) {
    const rows: Array<Record<string, unknown>> = [];
    for (const [i, link] of LINKS.entries()) {
      const categoryId = await w.idOf('weblinkcategorys', 'categoryName', link.category);
      if (categoryId === undefined) continue;
      rows.push({
        linkName: link.name,
        linkUrl: link.url,
        categoryId,
        newWindow: true,
        orderNum: i,
        status: 0,
      });
    }
    await w.insertAll('weblinks', rows);
  }

  if (await w.fill('companys')) await w.insert('companys', { ...SCHOOL, orderNum: 0 });

  if (await w.fill('websites')) {
    // the specification switches between themes 1 and 5 (spec §9), so the rows have those ids
    const site = {
      siteName: `${SCHOOL.companyName}内容管理系统`,
      domain: SCHOOL.website,
      keywords: `${SCHOOL.companyName},${SCHOOL.shortName},江南市中学`,
      description: `${SCHOOL.companyName}官方网站`,
      icp: '浙ICP备00000000号',
      copyright: `© ${now.getFullYear()} ${SCHOOL.companyName} 版权所有`,
    };
    await w.insert('websites', {
      id: 1,
      themeName: '日常主题',
      themeColor: '#1890ff',
      grayscale: false,
      active: true,
      ...site,
    });
    await w.insert('websites', {
      id: 5,
      themeName: '哀悼主题',
      themeColor: '#595959',
      grayscale: true,
      active: false,
      ...site,
    });
    await w.resetSequence('websites');
  }

  if (await w.fill('areablocks')) {
    const rows: Array<Record<string, unknown>> = [];
    for (const [i, b] of BLOCKS.entries()) {
      const categoryId = await w.idOf('contentCategorys', 'categoryName', b.category);
      if (categoryId === undefined) continue;
      rows.push({
        blockName: b.name,
        blockKey: b.key,
        categoryId,
        displayType: b.displayType,
        itemCount: b.items,
        showMore: true,
        orderNum: i,
        status: 0,
      });
    }
    await w.insertAll('areablocks', rows);
  }

  if (await w.fill('mailboxtypes')) {
    await w.insertAll(
      'mailboxtypes',
      MAILBOXES.map((m, i) => ({ typeName: m.name, description: m.description, orderNum: i, status: 0 })),
    );
  }
  if (await w.fill('mailboxrepliers')) {
    const rows: Array<Record<string, unknown>> = [];
    for (const [i, r] of REPLIERS.entries()) {
      const mailboxTypeId = await w.idOf('mailboxtypes', 'typeName', r.mailbox);
      if (mailboxTypeId === undefined || !admin) continue;
      rows.push({ replierName: r.name, mailboxTypeId, userId: admin.id, orderNum: i, status: 0 });
    }
    await w.insertAll('mailboxrepliers', rows);
  }
  if (await w.fill('reportedmessages')) {
    const rows: Array<Record<string, unknown>> = [];
    for (const [i, m] of MESSAGES.entries()) {
      const mailboxTypeId = await w.idOf('mailboxtypes', 'typeName', m.mailbox);
      if (mailboxTypeId === undefined) continue;
      const createTime = dayTime(now, m.daysAgo, i);
      rows.push({
        mailboxTypeId,
        title: m.title,
        content: m.content,
        reporterName: m.name,
        reporterPhone: m.phone,
        allowPublic: m.allowPublic,
        status: m.status,
        replierId: m.replier ? await w.idOf('mailboxrepliers', 'replierName', m.replier) : undefined,
        reply: m.reply,
        publicReply: m.publicReply ?? false,
        replyTime: m.reply ? dayTime(now, m.daysAgo - 1, i) : undefined,
        createTime,
      });
    }
    await w.insertAll('reportedmessages', rows);
  }

  if (options.storage)
    await writeImages(trx, options.storage, await (options.images ?? prepareSampleImages()), admin?.id);
  await trx
    .insertInto('sys_settings')
    .values({ key: SAMPLE_MARKER, value: JSON.stringify({ seededAt: now.toISOString(), filled: w.filled }) })
    .execute();
  return w.filled;
}
