// What `schema-admin validate` says about a schema folder, in both languages the product speaks:
// one entry per kind of problem, so the English and the Chinese wording of a rule sit side by
// side and a new rule adds both. Field values a person types are worded by
// validationMessages.ts; this file words the mistakes a maintainer makes in the YAML.
import type { I18n, Lang } from './types.ts';

/** A problem's message: both languages from this catalogue, or English only (older rules). */
export type ProblemText = string | I18n;

const q = (name: string) => `"${name}"`;
const zhQ = (name: string) => `“${name}”`;
const list = (names: readonly string[]) => names.join(', ');

/** ` (did you mean "x"?)` in either language, or nothing. */
function hint(best: string | undefined): I18n {
  return best === undefined
    ? { en: '', zh: '' }
    : { en: ` (did you mean "${best}"?)`, zh: `（是否想写 ${zhQ(best)}？）` };
}

/** What a field type holds, said as the kind of value a default must be. */
const VALUE_WORDS: Record<string, I18n> = {
  text: { en: 'text', zh: '文本' },
  integer: { en: 'a whole number', zh: '整数' },
  number: { en: 'a number', zh: '数字' },
  boolean: { en: 'true or false', zh: '布尔值 true 或 false' },
  date: { en: 'a date such as 2026-11-01', zh: '日期，如 2026-11-01' },
  datetime: {
    en: 'a date and time such as 2026-11-01T10:00:00Z',
    zh: '日期时间，如 2026-11-01T10:00:00Z',
  },
  id: { en: 'a row id (a whole number of at least 1)', zh: '行 ID（不小于 1 的整数）' },
  parentId: { en: 'a row id, or 0 for the root', zh: '行 ID，或 0 表示根节点' },
  ids: { en: 'a list of row ids', zh: '行 ID 的列表' },
};

export const PROBLEMS = {
  // ---- the folder
  ignoredFile: (p: { extensions: readonly string[] }): I18n => ({
    en: `not read: only ${p.extensions.join(' and ')} files are schemas; rename it or move it out of the schema folder`,
    zh: `未读取：只有 ${p.extensions.join('、')} 文件是 schema；请改扩展名，或移出 schema 目录`,
  }),
  clash: (p: { what: I18n; first: string }): I18n => ({
    en: `${p.what.en} is already used in ${p.first}`,
    zh: `${p.what.zh}已在 ${p.first} 中使用`,
  }),

  // ---- YAML syntax
  tabIndent: (p: { key?: string }): I18n => ({
    en: `${p.key ? `the line of ${q(p.key)}` : 'this line'} is indented with a tab; YAML indents with spaces only: replace the tab with spaces`,
    zh: `${p.key ? `${zhQ(p.key)} 这一行` : '这一行'}用了制表符缩进；YAML 只能用空格缩进：请把制表符换成空格`,
  }),
  badIndent: (p: { key?: string; spaces: number; choices: Array<{ spaces: number; key: string }> }): I18n => {
    const what = p.key ? q(p.key) : 'this line';
    const zhWhat = p.key ? zhQ(p.key) : '这一行';
    const en = p.choices.map((c) => `${c.spaces} spaces to line up with "${c.key}"`).join(', or ');
    const zh = p.choices.map((c) => `${c.spaces} 个空格与 ${zhQ(c.key)} 对齐`).join('，或 ');
    return {
      en: `${what} is indented ${p.spaces} spaces, which lines up with no key above it${en ? `: indent it ${en}` : ''}`,
      zh: `${zhWhat}缩进了 ${p.spaces} 个空格，与上面的键都没有对齐${zh ? `：请缩进 ${zh}` : ''}`,
    };
  },
  unclosed: (p: { open: string; close: string; key?: string; line: number; col: number }): I18n => ({
    en: `the ${p.open} opened${p.key ? ` in the value of ${q(p.key)}` : ''} at line ${p.line}, column ${p.col} is never closed: end it with ${p.close}`,
    zh: `第 ${p.line} 行第 ${p.col} 列${p.key ? ` ${zhQ(p.key)} 的值中` : ''}的 ${p.open} 没有闭合：请用 ${p.close} 结束它`,
  }),
  unclosedQuote: (p: { quote: string; key?: string; line: number }): I18n => ({
    en: `the ${p.quote} quote opened${p.key ? ` in the value of ${q(p.key)}` : ''} at line ${p.line} is never closed: end the text with ${p.quote}`,
    zh: `第 ${p.line} 行${p.key ? ` ${zhQ(p.key)} 的值中` : ''}的引号 ${p.quote} 没有闭合：请在文本末尾加上 ${p.quote}`,
  }),
  duplicateKey: (p: { key: string; firstLine: number }): I18n => ({
    en: `the key ${q(p.key)} is already given at line ${p.firstLine} in this mapping: keep one of them`,
    zh: `键 ${zhQ(p.key)} 已在本映射的第 ${p.firstLine} 行出现：请只保留一个`,
  }),
  nestedOnOneLine: (p: { key?: string }): I18n => ({
    en: `${p.key ? `the value of ${q(p.key)}` : 'this value'} holds another "key: value"; start the inner mapping on a new, further indented line, or quote the value if the colon is text`,
    zh: `${p.key ? `${zhQ(p.key)} 的值` : '这个值'}里又有“键: 值”；请把内层映射另起一行并多缩进，若冒号是文本的一部分请给值加引号`,
  }),
  syntax: (p: { key?: string; detail: string }): I18n => ({
    en: `${p.key ? `near ${q(p.key)}: ` : ''}YAML cannot read this: ${p.detail}`,
    zh: `${p.key ? `${zhQ(p.key)} 附近：` : ''}YAML 无法读取：${p.detail}`,
  }),

  // ---- defaults
  defaultType: (p: { value: string; type: string; expected: keyof typeof VALUE_WORDS }): I18n => ({
    en: `default ${p.value} does not fit a field of type ${p.type}; expected ${VALUE_WORDS[p.expected].en}`,
    zh: `默认值 ${p.value} 不符合 ${p.type} 类型的字段；应为${VALUE_WORDS[p.expected].zh}`,
  }),
  defaultNotDate: (p: { value: string; type: 'date' | 'datetime' }): I18n => ({
    en: `default ${p.value} is not a ${p.type === 'date' ? 'date' : 'date and time'}; expected ${VALUE_WORDS[p.type].en} (a default is a fixed value, not a word such as today or now)`,
    zh: `默认值 ${p.value} 不是${p.type === 'date' ? '日期' : '日期时间'}；应为${VALUE_WORDS[p.type].zh}（默认值是固定的值，不能写 today、now 之类的词）`,
  }),
  defaultTooShort: (p: { value: string; limit: number }): I18n => ({
    en: `default ${p.value} is shorter than minLength ${p.limit}`,
    zh: `默认值 ${p.value} 短于 minLength ${p.limit}`,
  }),
  defaultTooLong: (p: { value: string; limit: number }): I18n => ({
    en: `default ${p.value} is longer than maxLength ${p.limit}`,
    zh: `默认值 ${p.value} 长于 maxLength ${p.limit}`,
  }),
  defaultBelow: (p: { value: string; limit: number }): I18n => ({
    en: `default ${p.value} is less than minimum ${p.limit}`,
    zh: `默认值 ${p.value} 小于 minimum ${p.limit}`,
  }),
  defaultAbove: (p: { value: string; limit: number }): I18n => ({
    en: `default ${p.value} is greater than maximum ${p.limit}`,
    zh: `默认值 ${p.value} 大于 maximum ${p.limit}`,
  }),
  defaultPattern: (p: { value: string; pattern: string }): I18n => ({
    en: `default ${p.value} does not match the pattern ${p.pattern}`,
    zh: `默认值 ${p.value} 不匹配 pattern ${p.pattern}`,
  }),
  defaultFormat: (p: { value: string; what: I18n }): I18n => ({
    en: `default ${p.value} is not a valid ${p.what.en}`,
    zh: `默认值 ${p.value} 不是有效的${p.what.zh}`,
  }),
  defaultNotOption: (p: { value: string; options: string[]; best?: string }): I18n => ({
    en: `default ${p.value} is not one of the options: ${list(p.options)}${hint(p.best).en}`,
    zh: `默认值 ${p.value} 不是可选值之一：${list(p.options)}${hint(p.best).zh}`,
  }),

  // ---- list and form entries
  filterOp: (p: { op: string; field: string; type: string; ops: string[] }): I18n => ({
    en: `a ${p.op} filter cannot serve ${q(p.field)}, a field of type ${p.type}; expected one of: ${list(p.ops)}`,
    zh: `${zhQ(p.field)} 是 ${p.type} 类型的字段，不能用 ${p.op} 筛选；可用：${list(p.ops)}`,
  }),
  listedTwice: (p: { role: I18n; field: string; first: string }): I18n => ({
    en: `${p.role.en} ${q(p.field)} is already listed at ${p.first}`,
    zh: `${p.role.zh} ${zhQ(p.field)} 已在 ${p.first} 列出`,
  }),

  // ---- icons
  unknownIcon: (p: { icon: string; best?: string }): I18n => ({
    en: `no icon is named ${q(p.icon)}; expected an icon name from docs/schema.md ("Menu icons"), or an image address (http://, https:// or /)${hint(p.best).en}`,
    zh: `没有名为 ${zhQ(p.icon)} 的图标；应为 docs/schema.md（“Menu icons”）列出的图标名，或图片地址（http://、https:// 或 /）${hint(p.best).zh}`,
  }),

  // ---- database identifiers
  sameColumn: (p: { column: string; other: string }): I18n => ({
    en: `column ${p.column} is already the column of the field ${q(p.other)}; give one of them another name or column`,
    zh: `列 ${p.column} 已是字段 ${zhQ(p.other)} 的列；请给其中一个换名字或 column`,
  }),
  baseColumn: (p: { column: string; base: readonly string[] }): I18n => ({
    en: `column ${p.column} is one every table has (${list(p.base)}); give the field another name or column`,
    zh: `列 ${p.column} 是每张表都有的列（${p.base.join('、')}）；请给字段换名字或 column`,
  }),
  timeColumn: (p: { column: string; name: string }): I18n => ({
    en: `column ${p.column} is the time every table keeps; to show it declare ${q(p.name)} as { type: datetime, readOnly: true }, or give the field another name or column`,
    zh: `列 ${p.column} 是每张表自带的时间；要显示它请声明 ${zhQ(p.name)} 为 { type: datetime, readOnly: true }，或给字段换名字或 column`,
  }),
  identifierTooLong: (p: { what: I18n; name: string; bytes: number }): I18n => ({
    en: `${p.what.en} ${p.name} is ${p.bytes} bytes; PostgreSQL cuts names at 63 bytes: choose a shorter one`,
    zh: `${p.what.zh} ${p.name} 有 ${p.bytes} 字节；PostgreSQL 的名字最多 63 字节：请换短一些的名字`,
  }),
  systemTable: (p: { table: string }): I18n => ({
    en: `table ${p.table} is a name PostgreSQL keeps for itself (pg_*, information_schema); choose another table name`,
    zh: `表名 ${p.table} 是 PostgreSQL 自留的名字（pg_*、information_schema）；请换一个表名`,
  }),
  internalTable: (p: { table: string }): I18n => ({
    en: `table ${p.table} is one of the server's own tables (made by its migrations); choose another table name`,
    zh: `表名 ${p.table} 是服务器自己的表（由迁移创建）；请换一个表名`,
  }),

  // ---- the command's own words
  summary: (p: { problems: number; files: number }): I18n => ({
    en: `${p.problems} problem${p.problems === 1 ? '' : 's'} in ${p.files} file${p.files === 1 ? '' : 's'}`,
    zh: `${p.files} 个文件中有 ${p.problems} 个问题`,
  }),
  warningsSummary: (p: { warnings: number }): I18n => ({
    en: `${p.warnings} warning${p.warnings === 1 ? '' : 's'}`,
    zh: `${p.warnings} 个警告`,
  }),
  clean: (p: { dir: string; resources: number }): I18n => ({
    en: `${p.dir}: ${p.resources} resources, no problems`,
    zh: `${p.dir}：${p.resources} 个资源，没有问题`,
  }),
  warning: (): I18n => ({ en: 'warning', zh: '警告' }),
} as const;

/** The role of a list entry, as the duplicate-entry message names it. */
export const ENTRY_ROLES = {
  column: { en: 'list column', zh: '列表列' },
  filter: { en: 'filter', zh: '筛选' },
  form: { en: 'form entry', zh: '表单项' },
} as const satisfies Record<string, I18n>;

/** The kinds of names a clash between files is about, in both languages. */
export const CLASH_WORDS = {
  resource: (name: string): I18n => ({ en: `resource name "${name}"`, zh: `资源名 ${zhQ(name)} ` }),
  route: (route: string): I18n => ({ en: `route ${route}`, zh: `路由 ${route} ` }),
  table: (table: string): I18n => ({ en: `table ${table}`, zh: `表 ${table} ` }),
  endpoint: (endpoint: string): I18n => ({ en: `endpoint ${endpoint}`, zh: `接口地址 ${endpoint} ` }),
  call: (call: string): I18n => ({ en: `call ${call}`, zh: `调用 ${call} ` }),
  publicCall: (call: string): I18n => ({ en: `public call ${call}`, zh: `公开调用 ${call} ` }),
  permission: (code: string): I18n => ({ en: `permission ${code}`, zh: `权限 ${code} ` }),
} as const;

/** A problem's message in one language; a rule worded only in English says it in English. */
export function inLang(text: ProblemText, lang: Lang): string {
  return typeof text === 'string' ? text : text[lang];
}
