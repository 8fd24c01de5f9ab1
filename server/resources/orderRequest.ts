// The body of a reorder call (docs/api.md, "Order"): either the new order of a set of rows
// (`ids`), or one row moved next to another (`id` with `before` or `after`) or by a number of
// places (`id` with `offset`). Form-encoded and JSON bodies read alike; anything else is a 400
// naming the key at fault, before the database is touched.
import type { I18n } from '../../runtime/schema/types.ts';
import { badRequest } from '../http/errors.ts';
import { readIdList } from '../http/idList.ts';
import { asRecord } from '../http/params.ts';
import { parseId } from './coerce.ts';

/** Most rows one reorder call may list. */
export const MAX_ORDER_IDS = 1000;
/** How far one call may move a row by `offset`. */
const MAX_OFFSET = 1_000_000;

export type OrderRequest =
  /** these rows, in this order, in the places they hold between them */
  | { kind: 'ids'; ids: number[] }
  /** one row moved to just before or after another of its group */
  | { kind: 'before' | 'after'; id: number; target: number }
  /** one row moved by this many places (negative: towards the first); stops at either end */
  | { kind: 'offset'; id: number; offset: number };

const KEYS = ['ids', 'id', 'before', 'after', 'offset'] as const;

const SHAPE: I18n = {
  zh: '请给出 ids（这些行的新顺序），或 id 加 before、after、offset 之一',
  en: 'send ids (the new order of those rows), or id with one of before, after or offset',
};

/** One value of a form-encoded or JSON body: the last of repeated keys. */
const single = (value: unknown): unknown => (Array.isArray(value) ? value[value.length - 1] : value);

function readId(body: Record<string, unknown>, key: 'id' | 'before' | 'after'): number {
  const id = parseId(single(body[key]));
  if (id === null) throw badRequest({ [key]: { zh: `${key} 不是有效的 id`, en: `${key} is not an id` } });
  return id;
}

export function readOrderRequest(raw: unknown): OrderRequest {
  const body = asRecord(raw);
  const unknown = Object.keys(body).filter((key) => !(KEYS as readonly string[]).includes(key));
  if (unknown.length > 0)
    throw badRequest(
      Object.fromEntries(unknown.map((key) => [key, { zh: '未知参数', en: 'unknown parameter' }])),
      SHAPE,
    );
  const given = KEYS.filter((key) => body[key] !== undefined);
  if (given.length === 1 && given[0] === 'ids')
    return { kind: 'ids', ids: readIdList(body.ids, 'ids', MAX_ORDER_IDS) };
  const moves = given.filter((key) => key === 'before' || key === 'after' || key === 'offset');
  if (given.length !== 2 || !given.includes('id') || moves.length !== 1)
    throw badRequest({ '': SHAPE }, SHAPE);
  const id = readId(body, 'id');
  const move = moves[0];
  if (move === 'offset') {
    const text = single(body.offset);
    const offset =
      typeof text === 'number'
        ? text
        : typeof text === 'string' && text.trim() !== ''
          ? Number(text)
          : Number.NaN;
    if (!Number.isInteger(offset) || Math.abs(offset) > MAX_OFFSET)
      throw badRequest({
        offset: {
          zh: 'offset 必须是整数（负数表示向前移动）',
          en: 'offset must be a whole number of places (negative: towards the first)',
        },
      });
    return { kind: 'offset', id, offset };
  }
  const target = readId(body, move);
  if (target === id)
    throw badRequest({
      [move]: { zh: '不能移到它自己的前后', en: 'a row cannot move next to itself' },
    });
  return { kind: move, id, target };
}
