// A reorder (docs/api.md, "Order"): one call, one transaction, for any resource whose schema
// declares `order`. The rows of the group are locked in id order, so two reorders of one group
// queue instead of deadlocking; a deadlock with other writes is tried again. Every row that gets
// a new position is written at once, with its update time and its version (an edit form that read
// it before is told); nothing is written when any id is bad.
import { type Kysely, sql } from 'kysely';
import { VERSION_COLUMN } from '../../runtime/schema/reservedNames.ts';
import type { Field, Lang, Resource } from '../../runtime/schema/types.ts';
import { writeAudit } from '../audit.ts';
import { retriedTransaction } from '../db/retriedTransaction.ts';
import type { Db } from '../db/tables.ts';
import { ApiError, badRequest, rowsMissing } from '../http/errors.ts';
import type { SecurityConfig } from '../security.ts';
import { arrange, inOrder, placeValues } from './orderPositions.ts';
import type { OrderRequest } from './orderRequest.ts';
import { RevisionLog } from './revisions.ts';
import type { WriteActor } from './store.ts';

export interface ReorderResult {
  /** rows whose position changed */
  count: number;
  /** those rows with their new position, by the order field's name */
  rows: Array<Record<string, number>>;
}

export class RowOrder {
  private readonly db: Kysely<any>;
  private readonly field: Field;
  private readonly group: Field | undefined;
  private readonly revisions: RevisionLog;

  constructor(
    db: Db,
    private readonly resource: Resource,
    private readonly security: SecurityConfig,
  ) {
    if (!resource.order) throw new Error(`${resource.name} declares no order`);
    const field = (name: string) => {
      const found = resource.fields.find((f) => f.name === name);
      if (!found) throw new Error(`${resource.name} has no field ${name}`);
      return found;
    };
    this.db = db as unknown as Kysely<any>;
    this.field = field(resource.order.field);
    this.group = resource.order.group === undefined ? undefined : field(resource.order.group);
    this.revisions = new RevisionLog(resource);
  }

  async reorder(request: OrderRequest, actor: WriteActor): Promise<ReorderResult> {
    const lang = actor.lang ?? 'zh';
    return retriedTransaction(this.db, { lang, attempts: this.security.writeAttempts }, async (trx) => {
      const named =
        request.kind === 'ids' ? request.ids : [request.id, ...('target' in request ? [request.target] : [])];
      const groupValue = await this.groupOf(trx, named, request, lang);
      const rows = inOrder(await this.lockGroup(trx, groupValue));
      const present = new Set(rows.map((r) => r.id));
      // a row moved to another group between the look and the lock: the caller's view is stale
      if (named.some((id) => !present.has(id)))
        throw this.otherGroup(
          named.filter((id) => !present.has(id)),
          lang,
        );

      const next = arrange(
        rows.map((r) => r.id),
        request,
      );
      const values = placeValues(
        rows.map((r) => r.value),
        this.field,
      );
      if (values === null) throw this.tooMany(rows.length, lang);
      const before = new Map(rows.map((r) => [r.id, r.value]));
      const changed = next.flatMap((id, place) =>
        before.get(id) === values[place] ? [] : [{ id, value: values[place] }],
      );
      if (changed.length > 0) {
        const moved = changed.map((c) => c.id);
        await this.revisions.beforeWrite(trx, moved);
        await sql`
          update ${sql.table(this.resource.table)} as t
          set ${sql.ref(this.field.column)} = u.value, update_time = now()
            , ${sql.ref(VERSION_COLUMN)} = t.${sql.ref(VERSION_COLUMN)} + 1
          from unnest(${changed.map((c) => c.id)}::int[], ${changed.map((c) => c.value)}::int[]) as u(id, value)
          where t.id = u.id`.execute(trx);
        await this.revisions.afterWrite(trx, moved, 'reorder', {
          userId: actor.auth.userId,
          userName: actor.auth.userName,
        });
        await writeAudit(trx, {
          userId: actor.auth.userId,
          userName: actor.auth.userName,
          action: 'reorder',
          resource: this.resource.name,
          target: changed.map((c) => c.id),
          detail: { fields: [this.field.name] },
          address: actor.address,
        });
      }
      return {
        count: changed.length,
        rows: changed.map((c) => ({ id: c.id, [this.field.name]: c.value })),
      };
    });
  }

  /** The group the named rows share: 404 naming the missing ones, 400 naming those elsewhere. */
  private async groupOf(
    trx: Kysely<any>,
    ids: number[],
    request: OrderRequest,
    lang: Lang,
  ): Promise<unknown> {
    const column = this.group?.column;
    const found = await trx
      .selectFrom(this.resource.table)
      .select(column ? ['id', `${column} as grp`] : ['id'])
      .where('id', 'in', ids)
      .execute();
    const groups = new Map(found.map((r) => [Number(r.id), column ? r.grp : null]));
    const missing = ids.filter((id) => !groups.has(id));
    if (missing.length > 0) throw rowsMissing(this.resource, missing);
    if (!column) return null;
    const first = groups.get(ids[0]);
    const key = (v: unknown) => (v === null || v === undefined ? '' : String(v));
    const elsewhere = ids.filter((id) => key(groups.get(id)) !== key(first));
    if (elsewhere.length > 0) {
      const at = request.kind === 'ids' ? 'ids' : request.kind;
      throw badRequest(
        { [at]: this.otherGroupText(elsewhere, ids[0], lang) },
        this.otherGroupText(elsewhere, ids[0], lang),
      );
    }
    return first ?? null;
  }

  /** Every row of the group, locked in id order, with its position. */
  private async lockGroup(trx: Kysely<any>, groupValue: unknown) {
    const column = this.field.column;
    let query = trx.selectFrom(this.resource.table).select(['id', `${column} as value`]);
    if (this.group) {
      const g = this.group.column;
      query = query.where(sql<boolean>`${sql.ref(g)} is not distinct from ${groupValue}`);
    }
    const rows = await query.orderBy('id').forUpdate().execute();
    return rows.map((r) => ({ id: Number(r.id), value: r.value === null ? null : Number(r.value) }));
  }

  private otherGroupText(ids: number[], first: number, lang: Lang): string {
    const title = this.group?.title[lang] ?? '';
    return lang === 'zh'
      ? `${ids.join(', ')} 与 ${first} 不在同一${title}中，只能在同一${title}内排序`
      : `${ids.join(', ')} not in the same ${title.toLowerCase()} as ${first}: rows are ordered within one ${title.toLowerCase()}`;
  }

  private otherGroup(ids: number[], lang: Lang): ApiError {
    return new ApiError(
      409,
      lang === 'zh'
        ? `${ids.join(', ')} 刚被移到别处，请刷新后重试`
        : `${ids.join(', ')} moved elsewhere meanwhile; reload and try again`,
    );
  }

  private tooMany(count: number, lang: Lang): ApiError {
    const { minimum = 0, maximum = 2_147_483_647 } = this.field;
    return new ApiError(
      409,
      lang === 'zh'
        ? `${count} 行无法在 ${this.field.title.zh}的范围 ${minimum}–${maximum} 内各占一个位置`
        : `${count} rows cannot each take a distinct ${this.field.title.en.toLowerCase()} within ${minimum}–${maximum}`,
    );
  }
}
