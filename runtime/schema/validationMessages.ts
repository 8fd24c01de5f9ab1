// The words of a failed field check, in both languages, named after the ajv keyword that failed.
import type { Lang } from './types.ts';

type Params = { title: string; limit?: number | string; format?: string; row?: number; ids?: string };
type Catalogue = Record<string, (p: Params) => string>;

/** What a value of each string format is called (a message says "not a valid email address"). */
export const FORMAT_WORDS: Record<string, { zh: string; en: string }> = {
  email: { zh: '邮箱地址', en: 'email address' },
  uri: { zh: '网址', en: 'web address' },
  'safe-url': {
    zh: '地址（以 http://、https://、mailto:、tel: 或 / 开头）',
    en: 'address (starting with http://, https://, mailto:, tel: or /)',
  },
  avatar: {
    zh: '头像（头像图标，或以 http://、https:// 或 / 开头的地址）',
    en: 'avatar (a head icon, or an address starting with http://, https:// or /)',
  },
  date: { zh: '日期', en: 'date' },
  'date-time': { zh: '日期时间', en: 'date and time' },
};

const zh: Catalogue = {
  required: (p) => `${p.title}不能为空`,
  minLength: (p) => (p.limit === 1 ? `${p.title}不能为空` : `${p.title}至少${p.limit}个字符`),
  maxLength: (p) => `${p.title}最多${p.limit}个字符`,
  pattern: (p) => `${p.title}格式不正确`,
  format: (p) => `${p.title}不是有效的${FORMAT_WORDS[p.format ?? '']?.zh ?? '格式'}`,
  minimum: (p) => `${p.title}不能小于${p.limit}`,
  maximum: (p) => `${p.title}不能大于${p.limit}`,
  type: (p) => `${p.title}的类型不正确`,
  oneOf: (p) => `${p.title}不是可选的值`,
  uniqueItems: (p) => `${p.title}有重复项`,
  additionalProperties: () => '不允许设置该字段',
  invalid: (p) => `${p.title}的值无效`,
  unique: (p) => `${p.title}已存在`,
  repeatsRow: (p) => `${p.title}与第 ${p.row} 行重复`,
  unknownRef: (p) => `${p.title}中的 ${p.ids} 不存在`,
  insideItself: (p) => `${p.title}不能是它自己或它的下级`,
  unknownLabel: (p) => `${p.title}中没有“${p.ids}”`,
  ambiguousLabel: (p) => `${p.title}中有多个“${p.ids}”，请填写 ID`,
  nul: (p) => `${p.title}不能包含空字符（\\u0000）`,
  tooDeep: (p) => `${p.title}的嵌套不能超过 ${p.limit} 层`,
  // a value that cannot become its field's type (server/resources/coerce.ts), in a write or a filter
  wholeNumber: (p) => `${p.title}必须是整数`,
  number: (p) => `${p.title}必须是数字`,
  boolean: (p) => `${p.title}必须是 true/false 或 1/0`,
  dateText: (p) => `${p.title}必须是日期，如 2026-11-01`,
  dateTimeText: (p) => `${p.title}必须是日期时间，如 2026-11-01 10:00:00 或 ISO 8601`,
  single: (p) => `${p.title}只能有一个值`,
  // list parameters (server/resources/listQuery.ts)
  unknownParam: () => '未知的参数',
  page: () => '页码必须是不小于 1 的整数',
  limit: (p) => `每页条数必须是 1 到 ${p.limit} 之间的整数`,
  sort: (p) => `不能按 ${p.title} 排序；可排序：${p.ids}`,
  flag: () => '只能是 true 或 false',
};

const en: Catalogue = {
  required: (p) => `${p.title} is required`,
  minLength: (p) =>
    p.limit === 1 ? `${p.title} is required` : `${p.title} must be at least ${p.limit} characters`,
  maxLength: (p) => `${p.title} must be at most ${p.limit} characters`,
  pattern: (p) => `${p.title} is not in the expected format`,
  format: (p) => `${p.title} is not a valid ${FORMAT_WORDS[p.format ?? '']?.en ?? 'value'}`,
  minimum: (p) => `${p.title} must be at least ${p.limit}`,
  maximum: (p) => `${p.title} must be at most ${p.limit}`,
  type: (p) => `${p.title} has the wrong type`,
  oneOf: (p) => `${p.title} is not one of the choices`,
  uniqueItems: (p) => `${p.title} lists an item twice`,
  additionalProperties: () => 'this field cannot be set here',
  invalid: (p) => `${p.title} is not valid`,
  unique: (p) => `${p.title} already exists`,
  repeatsRow: (p) => `${p.title} repeats row ${p.row}`,
  unknownRef: (p) => `${p.title}: ${p.ids} does not exist`,
  insideItself: (p) => `${p.title} cannot be the row itself or one below it`,
  unknownLabel: (p) => `${p.title}: nothing is named "${p.ids}"`,
  ambiguousLabel: (p) => `${p.title}: several are named "${p.ids}"; give the id`,
  nul: (p) => `${p.title} must not contain a NUL character (\\u0000)`,
  tooDeep: (p) => `${p.title} must not nest deeper than ${p.limit} levels`,
  wholeNumber: (p) => `${p.title} must be a whole number`,
  number: (p) => `${p.title} must be a number`,
  boolean: (p) => `${p.title} must be true or false (or 1 / 0)`,
  dateText: (p) => `${p.title} must be a date such as 2026-11-01`,
  dateTimeText: (p) => `${p.title} must be a date and time such as 2026-11-01 10:00:00 or ISO 8601`,
  single: (p) => `${p.title} takes a single value`,
  unknownParam: () => 'unknown parameter',
  page: () => 'must be a whole number of at least 1',
  limit: (p) => `must be a whole number from 1 to ${p.limit}`,
  sort: (p) => `cannot sort by ${p.title}; sortable: ${p.ids}`,
  flag: () => 'must be true or false',
};

const CATALOGUES: Record<Lang, Catalogue> = { zh, en };

export function validationMessage(lang: Lang, keyword: string, params: Params): string {
  const catalogue = CATALOGUES[lang];
  return (catalogue[keyword] ?? catalogue.invalid)(params);
}
