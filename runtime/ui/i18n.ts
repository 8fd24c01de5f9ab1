// Every string the generic pages show, in the two languages the product speaks (zh by default).
// Schema labels carry their own I18n; these are the words around them.
import type { I18n, Lang } from '../schema/types.ts';

const MESSAGES = {
  search: { zh: '搜索', en: 'Search' },
  reset: { zh: '重置', en: 'Reset' },
  refresh: { zh: '刷新', en: 'Refresh' },
  columns: { zh: '列设置', en: 'Columns' },
  actions: { zh: '操作', en: 'Actions' },
  more: { zh: '更多', en: 'More' },
  ok: { zh: '确定', en: 'OK' },
  cancel: { zh: '取消', en: 'Cancel' },
  save: { zh: '保存', en: 'Save' },
  yes: { zh: '是', en: 'Yes' },
  no: { zh: '否', en: 'No' },
  selectRow: { zh: '选择此行', en: 'Select row' },
  expand: { zh: '展开', en: 'Expand' },
  collapse: { zh: '收起', en: 'Collapse' },
  empty: { zh: '暂无数据', en: 'No data' },
  startDate: { zh: '开始日期', en: 'Start date' },
  endDate: { zh: '结束日期', en: 'End date' },
  root: { zh: '顶级', en: 'Top level' },
  selected: { zh: '已选择 {count} 项', en: '{count} selected' },
  total: { zh: '共 {total} 条', en: 'Total {total}' },
  perPage: { zh: '{size} 条/页', en: '{size} / page' },
  pageSize: { zh: '每页条数', en: 'Rows per page' },
  jumpTo: { zh: '跳至', en: 'Go to' },
  page: { zh: '页', en: 'Page' },
  createTitle: { zh: '新增{resource}', en: 'New {resource}' },
  editTitle: { zh: '编辑{resource}', en: 'Edit {resource}' },
  batchUpdateTitle: { zh: '批量修改 {count} 项', en: 'Update {count} rows' },
  batchUpdateHint: {
    zh: '只修改填写了的字段，留空的字段保持不变。',
    en: 'Only the fields you fill in change; empty fields are left as they are.',
  },
  saved: { zh: '保存成功', en: 'Saved' },
  deleted: { zh: '删除成功', en: 'Deleted' },
  deletedMany: { zh: '已删除 {count} 条', en: '{count} rows deleted' },
  updatedMany: { zh: '已修改 {count} 条', en: '{count} rows updated' },
  actionDone: { zh: '{action}成功', en: '{action}: done' },
  exported: { zh: '已导出 {file}', en: 'Exported {file}' },
  invalidJson: { zh: '不是有效的 JSON', en: 'Not valid JSON' },
  avatar: { zh: '头像 {n}', en: 'Avatar {n}' },
  secret: { zh: '已设置', en: 'set' },
  undo: { zh: '撤销', en: 'Undo' },
  redo: { zh: '重做', en: 'Redo' },
  textStyle: { zh: '段落格式', en: 'Text style' },
  paragraph: { zh: '正文', en: 'Paragraph' },
  heading: { zh: '标题 {level}', en: 'Heading {level}' },
  bold: { zh: '加粗', en: 'Bold' },
  italic: { zh: '斜体', en: 'Italic' },
  underline: { zh: '下划线', en: 'Underline' },
  strike: { zh: '删除线', en: 'Strikethrough' },
  bulletList: { zh: '无序列表', en: 'Bulleted list' },
  orderedList: { zh: '有序列表', en: 'Numbered list' },
  blockquote: { zh: '引用', en: 'Quote' },
  rule: { zh: '分隔线', en: 'Divider' },
  link: { zh: '链接', en: 'Link' },
  unlink: { zh: '取消链接', en: 'Remove link' },
  image: { zh: '图片', en: 'Image' },
  clearFormat: { zh: '清除格式', en: 'Clear formatting' },
  insert: { zh: '插入', en: 'Insert' },
  urlHint: { zh: '以 https:// 或 / 开头的地址', en: 'An address starting with https:// or /' },
} satisfies Record<string, I18n>;

export type MessageKey = keyof typeof MESSAGES;

/** The text of `key` in `lang`, with `{name}` placeholders filled from `vars`. */
export function t(key: MessageKey, lang: Lang, vars?: Record<string, string | number>): string {
  const text = MESSAGES[key][lang];
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}
