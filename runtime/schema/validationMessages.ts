// The words of a failed field check, in both languages, named after the ajv keyword that failed.
import type { Lang } from './types.ts';

type Params = { title: string; limit?: number | string; format?: string; row?: number; ids?: string };
type Catalogue = Record<string, (p: Params) => string>;

const FORMAT_WORDS: Record<string, { zh: string; en: string }> = {
  email: { zh: '邮箱地址', en: 'email address' },
  uri: { zh: '网址', en: 'web address' },
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
};

const CATALOGUES: Record<Lang, Catalogue> = { zh, en };

export function validationMessage(lang: Lang, keyword: string, params: Params): string {
  const catalogue = CATALOGUES[lang];
  return (catalogue[keyword] ?? catalogue.invalid)(params);
}
