// Where a schema document names one of its own fields. The normalisers record these and
// crossCheck.ts points at the exact entry that names an undeclared field.

import type { KeyPath } from './source.ts';
import type { I18n } from './types.ts';

/** A place where the document names one of its own fields. */
export interface FieldReference {
  field: string;
  path: KeyPath;
  role:
    | 'list column'
    | 'filter'
    | 'sort'
    | 'form entry'
    | 'action form field'
    | 'action set field'
    | 'condition'
    | 'public field'
    | 'public submit field'
    | 'public view key'
    | 'publish window field'
    | 'order field'
    | 'order group'
    | 'index field'
    | 'rule field';
}

/** What each place that names a field is called in a message. */
export const ROLE_WORDS: Record<FieldReference['role'], I18n> = {
  'list column': { en: 'list column', zh: '列表列' },
  filter: { en: 'filter', zh: '筛选' },
  sort: { en: 'sort', zh: '排序' },
  'form entry': { en: 'form entry', zh: '表单项' },
  'action form field': { en: 'action form field', zh: '操作表单字段' },
  'action set field': { en: 'action set field', zh: '操作设值字段' },
  condition: { en: 'condition', zh: '条件' },
  'public field': { en: 'public field', zh: '公开字段' },
  'public submit field': { en: 'public submit field', zh: '公开提交字段' },
  'public view key': { en: 'public view key', zh: '公开视图键' },
  'publish window field': { en: 'publish window field', zh: '发布时段字段' },
  'order field': { en: 'order field', zh: '排序字段' },
  'order group': { en: 'order group', zh: '排序分组' },
  'index field': { en: 'index field', zh: '索引字段' },
  'rule field': { en: 'rule field', zh: '规则字段' },
};
