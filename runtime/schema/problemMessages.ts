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

/**
 * The meta-schema's descriptions of what a key takes (metaSchema.ts, `description`), in Chinese;
 * a description missing here is said in English.
 */
const DESCRIPTIONS_ZH: Record<string, string> = {
  'a REST base path such as /api/cms/contents': 'REST 基础路径，如 /api/cms/contents',
  'a camelCase name: a lower-case letter, then letters and digits':
    'camelCase 名称：小写字母开头，后接字母和数字',
  'a condition such as "status == 0", "menuType != F" or "type in [a, b]"':
    '条件，如 "status == 0"、"menuType != F" 或 "type in [a, b]"',
  'a field name or { field, op }': '字段名或 { field, op }',
  'a field name or { field, width, fixed, sortable, ellipsis }':
    '字段名或 { field, width, fixed, sortable, ellipsis }',
  'a field name with an optional leading -, or a list of them': '字段名（可在前面加 -），或它们的列表',
  'a field name, or a list of field names shown side by side': '字段名，或并排显示的字段名列表',
  'a field name, with a leading - for descending order': '字段名，前面加 - 表示降序',
  'a field of the referenced resource, shown beside the label': '被引用资源的字段，显示在标签旁',
  'a label in both languages, { zh: …, en: … }': '双语标签 { zh: …, en: … }',
  'a list of field names': '字段名列表',
  'a lower-case module name such as sys or cms': '小写的模块名，如 sys 或 cms',
  'a media type such as image/png': '媒体类型，如 image/png',
  'a menu group of _menus.yaml': '_menus.yaml 中的菜单组',
  'a path starting with /: relative to the endpoint, or absolute when it starts with /api/':
    '以 / 开头的路径：相对于 endpoint，以 /api/ 开头时为绝对路径',
  'a path under /api/cms/web, without a leading /': '/api/cms/web 下的路径，开头不带 /',
  'a path under /api/cms/web, without a leading /; {id} may stand for a whole segment':
    '/api/cms/web 下的路径，开头不带 /；{id} 可代表一整段',
  'a regular expression': '正则表达式',
  'a size such as 5MB': '大小，如 5MB',
  'a snake_case SQL name': 'snake_case 的 SQL 名称',
  'a string or an integer': '字符串或整数',
  'another menu group': '另一个菜单组',
  'composite indexes, each a list of field names such as [categoryId, publishTime]':
    '复合索引，每个是字段名列表，如 [categoryId, publishTime]',
  'false: no index for this column though it is sorted, filtered or a reference; true: an index though it is none of these':
    'false：即使该列用于排序、筛选或引用也不建索引；true：即使都不是也建索引',
  'field values the action writes, { field: value }': '操作写入的字段值 { field: value }',
  'rows: a field name, or a list of field names shown side by side': '行：字段名，或并排显示的字段名列表',
  "the field the path's {id} is compared with": '与路径中 {id} 比较的字段',
  'the field whose value groups the rows ordered together': '按其值把一起排序的行分组的字段',
  "the integer field holding each row's position": '保存每行位置的整数字段',
  "the integer field holding each row's position, or { field, group }":
    '保存每行位置的整数字段，或 { field, group }',
  'the name of a declared field': '已声明字段的名称',
  'the name of an action of this resource': '本资源某个操作的名称',
  'the publish window: { at: a date field, until: a date field }':
    '发布时段 { at: 日期字段, until: 日期字段 }',
  'true, or a question in both languages { zh: …, en: … }': 'true，或双语的提问 { zh: …, en: … }',
  'what deleting a referenced row does: restrict (refuse), setNull or cascade':
    '删除被引用行时的处理：restrict（拒绝）、setNull 或 cascade',
  'what one row is called, in both languages, { zh: 用户, en: User }':
    '一行的叫法（双语），{ zh: 用户, en: User }',
};

/** What a key takes, in both languages: a description of the meta-schema, or a type's words. */
export function expectedWords(description: string): I18n {
  return { en: description, zh: DESCRIPTIONS_ZH[description] ?? description };
}

/** The YAML kinds of value, as the meta-schema's type errors name them. */
export const KIND_WORDS: Record<string, I18n> = {
  object: { en: 'a mapping', zh: '映射' },
  array: { en: 'a list', zh: '列表' },
  integer: { en: 'an integer', zh: '整数' },
  string: { en: 'a string', zh: '字符串' },
  number: { en: 'a number', zh: '数字' },
  boolean: { en: 'a boolean', zh: '布尔值' },
  null: { en: 'a null', zh: '空值' },
  nothing: { en: 'nothing', zh: '空' },
};

export const PROBLEMS = {
  // ---- the folder
  ignoredFile: (p: { extensions: readonly string[] }): I18n => ({
    en: `not read: only ${p.extensions.join(' and ')} files are schemas; rename it or move it out of the schema folder`,
    zh: `未读取：只有 ${p.extensions.join('、')} 文件是 schema；请改扩展名，或移出 schema 目录`,
  }),
  menusTwice: (p: { first: string }): I18n => ({
    en: `the menu groups are already declared in ${p.first}; keep one of the two files`,
    zh: `菜单组已在 ${p.first} 中声明；两个文件请只保留一个`,
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

  // ---- the meta-schema (metaValidation.ts)
  unknownKey: (p: { key: string; allowed: string[]; best?: string }): I18n => ({
    en: `unknown key "${p.key}"; expected one of: ${list(p.allowed)}${hint(p.best).en}`,
    zh: `未知的键 ${zhQ(p.key)}；应为以下之一：${list(p.allowed)}${hint(p.best).zh}`,
  }),
  missingKey: (p: { key: string }): I18n => ({
    en: `missing required key "${p.key}"`,
    zh: `缺少必需的键 ${zhQ(p.key)}`,
  }),
  notAllowed: (p: { found: string; allowed: string[]; best?: string }): I18n => ({
    en: `"${p.found}" is not allowed; expected one of: ${list(p.allowed)}${hint(p.best).en}`,
    zh: `不允许 ${zhQ(p.found)}；应为以下之一：${list(p.allowed)}${hint(p.best).zh}`,
  }),
  wrongKind: (p: { expected: I18n; found: I18n }): I18n => ({
    en: `expected ${p.expected.en}, found ${p.found.en}`,
    zh: `应为${p.expected.zh}，实际为${p.found.zh}`,
  }),
  notMatching: (p: { found: string; expected: I18n }): I18n => ({
    en: `"${p.found}" is not valid; expected ${p.expected.en}`,
    zh: `${zhQ(p.found)} 无效；应为${p.expected.zh}`,
  }),
  badFormat: (p: { found: string; what: I18n }): I18n => ({
    en: `"${p.found}" is not a valid ${p.what.en}`,
    zh: `${zhQ(p.found)} 不是有效的${p.what.zh}`,
  }),
  invalidValue: (p: { found: I18n; detail: string }): I18n => ({
    en: `${p.found.en} is not valid: ${p.detail}`,
    zh: `${p.found.zh}无效：${p.detail}`,
  }),

  // ---- names that must point at something (crossCheck.ts)
  notDeclaredField: (p: { role: I18n; field: string; names: string[]; best?: string }): I18n => ({
    en: `${p.role.en} ${q(p.field)} is not a declared field; declared: ${list(p.names)}${hint(p.best).en}`,
    zh: `${p.role.zh} ${zhQ(p.field)} 不是已声明的字段；已声明：${list(p.names)}${hint(p.best).zh}`,
  }),
  notFilterable: (p: { field: string; type: string }): I18n => ({
    en: `${q(p.field)} is of type ${p.type}, which cannot be filtered`,
    zh: `${zhQ(p.field)} 是 ${p.type} 类型，不能用来筛选`,
  }),
  readOnlyInForm: (p: { field: string }): I18n => ({
    en: `${q(p.field)} is readOnly, so it cannot be in the form`,
    zh: `${zhQ(p.field)} 是只读（readOnly）字段，不能放进表单`,
  }),
  notIndexable: (p: { field: string; multiple: boolean; type: string }): I18n => ({
    en: `${q(p.field)} is ${p.multiple ? 'a list of references' : `of type ${p.type}`}, which an index cannot serve`,
    zh: `${zhQ(p.field)} 是${p.multiple ? '引用列表' : ` ${p.type} 类型`}，索引无法用于它`,
  }),
  writeOnlyShown: (p: { field: string; role: I18n }): I18n => ({
    en: `${q(p.field)} is writeOnly (never returned), so it cannot be a ${p.role.en}`,
    zh: `${zhQ(p.field)} 是只写（writeOnly，从不返回）字段，不能作为${p.role.zh}`,
  }),
  menuGroupNotModule: (p: { module: string; route: string; group: string }): I18n => ({
    en: `a ${p.module} resource sits in the menu group named "${p.module}", so that its page is ${p.route}; found "${p.group}"`,
    zh: `${p.module} 模块的资源应放在名为 ${zhQ(p.module)} 的菜单组中，页面地址才是 ${p.route}；实际为 ${zhQ(p.group)}`,
  }),
  undeclaredMenuGroup: (p: { parent: string; names: string[]; best?: string }): I18n => ({
    en: `menu group "${p.parent}" is not declared in _menus.yaml; declared: ${list(p.names) || 'none'}${hint(p.best).en}`,
    zh: `菜单组 ${zhQ(p.parent)} 未在 _menus.yaml 中声明；已声明：${list(p.names) || '无'}${hint(p.best).zh}`,
  }),
  menuParentUnknown: (p: { parent: string; best?: string }): I18n => ({
    en: `menu group "${p.parent}" is not another declared group${hint(p.best).en}`,
    zh: `菜单组 ${zhQ(p.parent)} 不是另一个已声明的组${hint(p.best).zh}`,
  }),
  publishNotDate: (p: { key: string; name: string; type: string }): I18n => ({
    en: `publish.${p.key} must name a date or datetime field; "${p.name}" is ${p.type}`,
    zh: `publish.${p.key} 必须是 date 或 datetime 字段；${zhQ(p.name)} 是 ${p.type}`,
  }),
  relativeNotTime: (p: { name: string; type: string }): I18n => ({
    en: `relative applies to a date or datetime column; "${p.name}" is ${p.type}`,
    zh: `relative 只用于 date 或 datetime 列；${zhQ(p.name)} 是 ${p.type}`,
  }),
  openTakesNo: (p: { key: string; open: string }): I18n => ({
    en: `"${p.key}" does not apply to an action that opens a page (open: ${p.open})`,
    zh: `打开页面的操作（open: ${p.open}）不使用 ${zhQ(p.key)}`,
  }),
  openRowScope: (p: { open: string }): I18n => ({
    en: `{id} names the row, so an action opening ${p.open} is a row action`,
    zh: `{id} 指所在行，因此打开 ${p.open} 的操作是行操作`,
  }),
  publishSameField: (): I18n => ({
    en: 'publish.until must be another field than publish.at',
    zh: 'publish.until 必须是与 publish.at 不同的字段',
  }),
  oneTreeParent: (p: { first: string }): I18n => ({
    en: `only one tree-parent field per resource; "${p.first}" is one`,
    zh: `每个资源只能有一个 tree-parent 字段；${zhQ(p.first)} 已是`,
  }),
  treeListNeedsParent: (): I18n => ({
    en: 'a tree list needs a tree-parent field',
    zh: '树形列表需要一个 tree-parent 字段',
  }),
  keyForOtherType: (p: { key: string; types: string; type: string }): I18n => ({
    en: `"${p.key}" applies only to ${p.types} fields, not ${p.type}`,
    zh: `${zhQ(p.key)} 只适用于 ${p.types} 字段，不适用于 ${p.type}`,
  }),
  versionField: (): I18n => ({
    en: '"version" is the row version every resource has; give the field another name and column',
    zh: '“version” 是每个资源都有的行版本；请给字段换名字和 column',
  }),
  setNullRequired: (p: { field: string }): I18n => ({
    en: `${q(p.field)} is required, so deleting what it points at cannot set it to null; use restrict or cascade`,
    zh: `${zhQ(p.field)} 是必填字段，删除它指向的行时不能置为空；请用 restrict 或 cascade`,
  }),
  minLengthOverMax: (p: { min: number; max: number }): I18n => ({
    en: `minLength ${p.min} is greater than maxLength ${p.max}`,
    zh: `minLength ${p.min} 大于 maxLength ${p.max}`,
  }),
  minimumOverMax: (p: { min: number; max: number }): I18n => ({
    en: `minimum ${p.min} is greater than maximum ${p.max}`,
    zh: `minimum ${p.min} 大于 maximum ${p.max}`,
  }),
  duplicateOption: (p: { value: string | number }): I18n => ({
    en: `duplicate value ${p.value}`,
    zh: `重复的值 ${p.value}`,
  }),
  treeParentElsewhere: (p: { resource: string; ref: string }): I18n => ({
    en: `a tree-parent field refers to its own resource "${p.resource}", not "${p.ref}"`,
    zh: `tree-parent 字段指向它自己的资源 ${zhQ(p.resource)}，不能指向 ${zhQ(p.ref)}`,
  }),
  unknownResource: (p: { ref: string; best?: string }): I18n => ({
    en: `no resource is named "${p.ref}"${hint(p.best).en}`,
    zh: `没有名为 ${zhQ(p.ref)} 的资源${hint(p.best).zh}`,
  }),
  notFieldOf: (p: { name: string; target: string; names: string[]; best?: string }): I18n => ({
    en: `"${p.name}" is not a field of "${p.target}"; its fields: ${list(p.names)}${hint(p.best).en}`,
    zh: `${zhQ(p.name)} 不是 ${zhQ(p.target)} 的字段；它的字段：${list(p.names)}${hint(p.best).zh}`,
  }),
  checkTreeNoTree: (p: { target: string }): I18n => ({
    en: `"checkTree" shows the referenced resource as a tree, and "${p.target}" has no tree-parent field`,
    zh: `“checkTree” 以树的形式显示被引用的资源，而 ${zhQ(p.target)} 没有 tree-parent 字段`,
  }),
  needsMultiple: (p: { key: string }): I18n => ({
    en: `"${p.key}" applies to a ref holding a list of ids; add multiple: true`,
    zh: `${zhQ(p.key)} 适用于保存 ID 列表的 ref 字段；请加上 multiple: true`,
  }),
  actionTwice: (p: { name: string; earlier: number }): I18n => ({
    en: `action "${p.name}" is already declared at actions[${p.earlier}]`,
    zh: `操作 ${zhQ(p.name)} 已在 actions[${p.earlier}] 声明`,
  }),
  onlyIdPlaceholder: (p: { unknown: string[] }): I18n => ({
    en: `the only placeholder a path may hold is {id}, not {${p.unknown.join('}, {')}}`,
    zh: `路径中只能有 {id} 这一个占位符，不能有 {${p.unknown.join('}、{')}}`,
  }),
  rowActionNeedsId: (): I18n => ({
    en: 'a row action acts on one row, so its path needs {id}',
    zh: '行操作作用于一行，路径中需要 {id}',
  }),
  batchActionNoId: (): I18n => ({
    en: 'a batch action sends the selected ids in its body, so its path has no {id}',
    zh: '批量操作在请求体中发送所选 ID，路径中不能有 {id}',
  }),
  reorderWithoutOrder: (): I18n => ({
    en: "reorder moves rows within the resource's order; declare `order:` with the integer field that holds each row's position",
    zh: 'reorder 在资源的排序中移动行；请用 `order:` 声明保存每行位置的整数字段',
  }),
  orderNotInteger: (p: { field: string; type: string }): I18n => ({
    en: `the order field "${p.field}" is of type ${p.type}; a position is an integer field`,
    zh: `排序字段 ${zhQ(p.field)} 是 ${p.type} 类型；位置必须是整数字段`,
  }),
  groupIsPosition: (): I18n => ({
    en: 'the group is another field than the position itself',
    zh: '分组必须是与位置不同的字段',
  }),
  badGroup: (p: { group: string; kind: string }): I18n => ({
    en: `"${p.group}" (${p.kind}) cannot group rows; a group is a single ref, tree-parent, enum, string, integer or boolean field`,
    zh: `${zhQ(p.group)}（${p.kind}）不能用来分组；分组字段须为单值的 ref、tree-parent、enum、string、integer 或 boolean`,
  }),

  // ---- what the normalisers find (normalize.ts, normalizePublic.ts, condition.ts, coerceLiteral.ts)
  conditionUnreadable: (p: { source: string; syntax: string }): I18n => ({
    en: `cannot read condition "${p.source}"; expected ${p.syntax}`,
    zh: `无法读取条件 ${zhQ(p.source)}；应为 ${p.syntax}`,
  }),
  conditionNoValue: (p: { op: string }): I18n => ({
    en: `missing value after ${p.op}`,
    zh: `${p.op} 后面缺少值`,
  }),
  conditionEmptyItem: (): I18n => ({
    en: 'empty item in the [ … ] list',
    zh: '[ … ] 列表中有空项',
  }),
  notEnumValue: (p: { value: string; field: string; options: string[] }): I18n => ({
    en: `"${p.value}" is not a value of the enum field "${p.field}"; expected one of: ${list(p.options)}`,
    zh: `${zhQ(p.value)} 不是枚举字段 ${zhQ(p.field)} 的值；应为以下之一：${list(p.options)}`,
  }),
  notNumber: (p: { value: string; field: string; type: string }): I18n => ({
    en: `"${p.value}" is not a number, but "${p.field}" is a ${p.type} field`,
    zh: `${zhQ(p.value)} 不是数字，而 ${zhQ(p.field)} 是 ${p.type} 字段`,
  }),
  notBoolean: (p: { value: string; field: string }): I18n => ({
    en: `"${p.value}" is not true or false, but "${p.field}" is a boolean field`,
    zh: `${zhQ(p.value)} 不是 true 或 false，而 ${zhQ(p.field)} 是 boolean 字段`,
  }),
  notNowOrDate: (p: { value: string; now: string; type: 'date' | 'datetime' }): I18n => ({
    en: `"${p.value}" is not ${p.now} or a ${p.type === 'date' ? 'YYYY-MM-DD date' : 'date and time'}`,
    zh: `${zhQ(p.value)} 不是 ${p.now}，也不是${p.type === 'date' ? ' YYYY-MM-DD 日期' : '日期时间'}`,
  }),
  writePermissionUnknown: (p: { resource: string; action: string; permission: string }): I18n => ({
    en: `names no action of ${p.resource}: declare an action "${p.action}" (its permission is ${p.permission})`,
    zh: `${p.resource} 没有这个操作：请声明操作 ${zhQ(p.action)}（其权限为 ${p.permission}）`,
  }),
  layoutAndGroups: (): I18n => ({
    en: 'a form has either layout or groups, not both',
    zh: '表单只能有 layout 或 groups 其中之一',
  }),
  purgeWithoutBin: (): I18n => ({
    en: 'purge deletes rows from the recycle bin: the resource needs softDelete: true',
    zh: 'purge 从回收站永久删除数据：资源需要 softDelete: true',
  }),
  binOnSystem: (): I18n => ({
    en: 'a system resource keeps its table in the migrations and has no recycle bin',
    zh: '系统资源的表由迁移维护，没有回收站',
  }),
  setOnStandard: (p: { action: string }): I18n => ({
    en: `"set" applies only to custom actions, not ${p.action}`,
    zh: `“set” 只适用于自定义操作，不适用于 ${p.action}`,
  }),
  setScope: (p: { scope: string }): I18n => ({
    en: `an action that sets values acts on rows, so its scope is row or batch, not ${p.scope}`,
    zh: `设值的操作作用于行，scope 应为 row 或 batch，而不是 ${p.scope}`,
  }),
  hiddenFromPublic: (p: { field: string }): I18n => ({
    en: `"${p.field}" is not in public.fields, so the public may not see it`,
    zh: `${zhQ(p.field)} 不在 public.fields 中，公众不能看到它`,
  }),
  byNeedsId: (): I18n => ({
    en: 'a view with `by` needs {id} in its path',
    zh: '有 `by` 的视图路径中需要 {id}',
  }),
  oneRowNoShape: (): I18n => ({
    en: "the path's {id} names one row, so the view has no shape; use `by` to list rows",
    zh: '路径中的 {id} 指一行，视图不能有 shape；要列出多行请用 `by`',
  }),
  treeViewNeedsParent: (): I18n => ({
    en: 'a tree view needs a tree-parent field',
    zh: '树形视图需要一个 tree-parent 字段',
  }),
  countNoFields: (): I18n => ({
    en: 'a count returns no fields',
    zh: '计数视图不返回字段',
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

  // ---- rules across fields (fieldRules.ts, checkRules.ts)
  ruleOneCheck: (p: { found: string[]; checks: string[] }): I18n => ({
    en: `a rule makes exactly one check of ${list(p.checks)}; ${p.found.length === 0 ? 'this one makes none' : `this one says ${list(p.found)}`}`,
    zh: `每条规则只做 ${list(p.checks)} 中的一项检查；${p.found.length === 0 ? '这条一项也没有' : `这条写了 ${list(p.found)}`}`,
  }),
  ruleNeedsField: (p: { check: string }): I18n => ({
    en: `a rule with ${p.check} names the field it is about: field: <a field name>`,
    zh: `带 ${p.check} 的规则须用 field: <字段名> 指明它检查的字段`,
  }),
  ruleFieldNotListed: (p: { field: string; listed: string[] }): I18n => ({
    en: `the message of an anyOf rule goes on one of its fields; ${q(p.field)} is not among ${list(p.listed)}`,
    zh: `anyOf 规则的提示须显示在它列出的字段之一上；${zhQ(p.field)} 不在 ${list(p.listed)} 中`,
  }),
  ruleSameField: (p: { key: string }): I18n => ({
    en: `${p.key} compares the rule's field with another field, not with itself`,
    zh: `${p.key} 须把规则的字段与另一个字段比较，而不是与它自己比较`,
  }),
  ruleNotComparable: (p: {
    key: string;
    field: string;
    type: string;
    other: string;
    otherType: string;
  }): I18n => ({
    en: `${p.key} compares ${q(p.field)} (${p.type}) with ${q(p.other)} (${p.otherType}); both must be dates or times, or both numbers`,
    zh: `${p.key} 比较 ${zhQ(p.field)}（${p.type}）与 ${zhQ(p.other)}（${p.otherType}）；两者须同为日期/时间，或同为数字`,
  }),
  ruleReadOnlyField: (p: { field: string }): I18n => ({
    en: `${q(p.field)} is read-only: no write sets it, so a rule cannot require it or put its message there`,
    zh: `${zhQ(p.field)} 是只读字段：没有写入会设置它，规则不能要求它，也不能把提示放在它上面`,
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
