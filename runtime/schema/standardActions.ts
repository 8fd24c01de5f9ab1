// What each standard action name means (docs/api.md, "Generic resource endpoints"): the call it
// makes relative to the endpoint, where its button sits and its default labels.
import type { Action, I18n, StandardAction } from './types.ts';

/** How a confirmation names what it acts on, each already worded to sit inside a sentence. */
export interface RowNouns {
  /** one row: 用户 / user */
  one: I18n;
  /** several rows: 用户 / users */
  many: I18n;
}

interface StandardActionSpec {
  method: Action['method'];
  /** appended to the endpoint */
  suffix: string;
  scope: Action['scope'];
  title: I18n;
  confirm?: (nouns: RowNouns) => I18n;
  danger?: boolean;
  download?: boolean;
}

export const STANDARD_ACTION_SPECS: Record<Exclude<StandardAction, 'list' | 'get'>, StandardActionSpec> = {
  create: { method: 'POST', suffix: '', scope: 'toolbar', title: { zh: '新增', en: 'Create' } },
  update: { method: 'PUT', suffix: '/{id}', scope: 'row', title: { zh: '修改', en: 'Edit' } },
  delete: {
    method: 'DELETE',
    suffix: '/{id}',
    scope: 'row',
    title: { zh: '删除', en: 'Delete' },
    confirm: ({ one }) => ({ zh: `确定删除该${one.zh}？`, en: `Delete this ${one.en}?` }),
    danger: true,
  },
  batchDelete: {
    method: 'DELETE',
    suffix: '',
    scope: 'batch',
    title: { zh: '批量删除', en: 'Delete selected' },
    confirm: ({ many }) => ({ zh: `确定删除选中的${many.zh}？`, en: `Delete the selected ${many.en}?` }),
    danger: true,
  },
  batchUpdate: { method: 'PUT', suffix: '', scope: 'batch', title: { zh: '批量修改', en: 'Edit selected' } },
  export: {
    method: 'POST',
    suffix: '/export',
    scope: 'toolbar',
    title: { zh: '导出', en: 'Export' },
    download: true,
  },
  import: { method: 'POST', suffix: '/import', scope: 'toolbar', title: { zh: '导入', en: 'Import' } },
  // moves rows within the resource's `order` (docs/api.md, "Order"); a menu button so roles can
  // be granted it, though the list page offers it as move buttons, not a toolbar button
  reorder: { method: 'PUT', suffix: '/order', scope: 'toolbar', title: { zh: '排序', en: 'Reorder' } },
  // deletes rows from the recycle bin for good (docs/api.md, "Recycle bin"); its own button so
  // roles that may bin rows need not be able to destroy them; the bin offers it, not the list
  purge: {
    method: 'DELETE',
    suffix: '/bin',
    scope: 'batch',
    title: { zh: '永久删除', en: 'Delete permanently' },
    confirm: ({ many }) => ({
      zh: `确定永久删除选中的${many.zh}？此操作不可恢复`,
      en: `Delete the selected ${many.en} permanently? This cannot be undone`,
    }),
    danger: true,
  },
};

export function isStandardActionName(name: string): name is keyof typeof STANDARD_ACTION_SPECS {
  return Object.hasOwn(STANDARD_ACTION_SPECS, name);
}

/** Actions a resource gets when its schema has no `actions` key. */
export const DEFAULT_ACTIONS = ['create', 'update', 'delete'] as const;
