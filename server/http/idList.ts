// A list of row ids in a request body (`ids`, a role's `add` and `remove`), JSON or form-encoded
// (repeated keys; one empty value for none). Every bad item is named by its place, so the 400
// says which id to fix; an id given twice is an error too, since order or intent is then unclear.
import type { I18n } from '../../runtime/schema/types.ts';
import { parseId } from '../resources/coerce.ts';
import { badRequest } from './errors.ts';

export function readIdList(raw: unknown, key: string, max: number, required = true): number[] {
  const list = Array.isArray(raw) ? raw : raw === '' || raw === undefined || raw === null ? [] : [raw];
  if (list.length === 0 && required)
    throw badRequest({ [key]: { zh: `${key} 不能为空`, en: `${key} is required` } });
  if (list.length > max)
    throw badRequest({ [key]: { zh: `一次最多 ${max} 个`, en: `at most ${max} at a time` } });
  const ids: number[] = [];
  const seen = new Set<number>();
  const bad: Array<{ item: number; raw: string }> = [];
  const twice: number[] = [];
  list.forEach((item, i) => {
    const id = typeof item === 'number' || typeof item === 'string' ? parseId(item) : null;
    if (id === null) bad.push({ item: i + 1, raw: JSON.stringify(item) ?? String(item) });
    else if (seen.has(id)) twice.push(id);
    else {
      seen.add(id);
      ids.push(id);
    }
  });
  const problem: I18n | undefined =
    bad.length > 0
      ? {
          zh: bad.map((b) => `第 ${b.item} 项（${b.raw}）不是有效的 id`).join('；'),
          en: bad.map((b) => `item ${b.item} (${b.raw}) is not an id`).join('; '),
        }
      : twice.length > 0
        ? { zh: `id ${twice.join(', ')} 重复出现`, en: `id ${twice.join(', ')} given more than once` }
        : undefined;
  if (problem) throw badRequest({ [key]: problem });
  return ids;
}
