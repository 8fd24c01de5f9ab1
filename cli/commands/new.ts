// `schema-admin new cms/notices`: a starter schema that validates as written, with a comment on
// each part saying what to change, so a maintainer starts from a working page.
import { access, mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { formatProblem } from '../../runtime/schema/formatProblem.ts';
import { loadSchemaDir, MENUS_FILE } from '../../runtime/schema/load.ts';
import { tableName } from '../../runtime/schema/normalize.ts';
import { EXIT, type Output, UsageError } from '../output.ts';

const NAME = /^([a-z][a-z0-9]*)\/([a-z][A-Za-z0-9]*)$/;

export interface NewOptions {
  dir: string;
  /** the page title in Chinese (菜单和页面标题), e.g. 通知公告 */
  title?: string;
  /** the page title in English; by default the resource name in words */
  titleEn?: string;
}

/** A Chinese title still to be chosen, which `validate` accepts and a reader cannot miss. */
export const UNNAMED_ZH = '待命名';

/** A title as a YAML flow scalar: quoted when it holds what YAML reads as syntax. */
function scalar(text: string): string {
  return /^[^:#,{}[\]'"&*!|>%@`-][^:#,{}[\]'"]*$/.test(text) ? text : JSON.stringify(text);
}

/** `webLinks` → `Web links` */
function words(name: string): string {
  const spaced = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** `notices` → `notice`: the one-row noun the CMS schemas name their label field after (officeName, linkName). */
function singularOf(name: string): string {
  return name.length > 3 && name.endsWith('s') && !name.endsWith('ss') ? name.slice(0, -1) : name;
}

interface Starter {
  module: string;
  name: string;
  titleZh: string;
  titleEn: string;
  /** the menu entry's order, after the group's last one; undefined when the group is not declared */
  menuOrder?: number;
}

// The shape the CMS schemas share (schemas/cms/sourceoffices.yaml, weblinkcategorys.yaml): a
// `<noun>Name` label, the hand-arranged position `orderNum` with `order:` and the reorder action,
// a 正常/停用 status, a remark and the read-only creation time, listed by position.
function starter({ module, name, titleZh, titleEn, menuOrder }: Starter): string {
  const one = singularOf(name);
  const label = `${one}Name`;
  const menu =
    menuOrder !== undefined
      ? `menu: { parent: ${module}, icon: file, order: ${menuOrder} }   # icon: a name from docs/schema.md, "Menu icons"`
      : `# menu: { parent: ${module}, icon: file, order: 10 }   # declare the group "${module}" in ${MENUS_FILE} first`;
  return `# ${titleZh}（${module}/${name}）: what one row holds and how the back office lists, edits and guards it.
# The language is described in docs/schema.md. Check with: npx schema-admin validate
resource: ${name}
module: ${module}
title: { zh: ${scalar(titleZh)}, en: ${scalar(titleEn)} }      # the page and menu title
singular: { zh: ${scalar(titleZh)}, en: ${words(one)} }   # one row, in the form's title and confirmations: 新增…
# endpoint: /api/${module}/${name}        # the default REST base
# table: ${tableName(module, name)}       # the default table
${menu}
fields:
  ${label}:
    type: string
    title: { zh: 名称, en: Name }
    required: true
    unique: true
    trim: true
    maxLength: 50
  orderNum:                                # the position staff give each row by hand (order: below)
    type: integer
    title: { zh: 排序, en: Order }
    default: 0
    minimum: 0
    maximum: 9999
  status:
    type: enum
    title: { zh: 状态, en: Status }
    default: 0
    options:
      - { value: 0, zh: 正常, en: Active, color: green }
      - { value: 1, zh: 停用, en: Disabled, color: default }
  remark:
    type: text
    title: { zh: 备注, en: Remark }
    maxLength: 500
  createTime:
    type: datetime
    title: { zh: 创建时间, en: Created }
    readOnly: true                         # the time the row was made, kept by the server
list:
  columns:
    - { field: ${label}, width: 200, sortable: true }
    - { field: orderNum, width: 80, sortable: true }
    - { field: status, width: 90 }
    - { field: remark, ellipsis: true }
    - { field: createTime, width: 180, sortable: true }
  filters: [${label}, status]              # ${label}: contains; status: equals
  sort: orderNum
form:
  layout:
    - [${label}, orderNum]                 # a row of fields side by side
    - status
    - remark
order: orderNum                            # smaller first; { field: orderNum, group: <field> } orders within each group
actions: [create, update, delete, batchDelete, reorder]
`;
}

export async function newCommand(spec: string, options: NewOptions, output: Output): Promise<number> {
  const match = NAME.exec(spec);
  if (!match) {
    throw new UsageError(
      `expected <module>/<resource> such as cms/notices (module lower-case, resource camelCase), got "${spec}"`,
    );
  }
  const [, module, name] = match;
  const file = join(options.dir, module, `${name}.yaml`);
  const exists = await access(file).then(
    () => true,
    () => false,
  );
  if (exists) throw new UsageError(`${file} already exists`);

  const before = await loadSchemaDir(options.dir).catch(() => undefined);
  const inMenu = before?.menuGroups.some((g) => g.name === module) ?? false;
  const orders = (before?.resources ?? []).flatMap((r) => (r.menu?.parent === module ? [r.menu.order] : []));
  const titleZh = options.title?.trim() || UNNAMED_ZH;
  await mkdir(dirname(file), { recursive: true });
  await writeFile(
    file,
    starter({
      module,
      name,
      titleZh,
      titleEn: options.titleEn?.trim() || words(name),
      menuOrder: inMenu ? Math.max(0, ...orders) + 1 : undefined,
    }),
  );
  output.out(`wrote ${file}\n`);
  if (titleZh === UNNAMED_ZH)
    output.out(`its title is ${UNNAMED_ZH}: write the Chinese title in title.zh, or pass --title 通知公告\n`);

  // the starter itself is valid; what can clash is a name, route or table another schema already holds
  const known = new Set(before?.problems.map((p) => formatProblem(p)));
  const added = (await loadSchemaDir(options.dir)).problems
    .map((p) => formatProblem(p))
    .filter((p) => !known.has(p));
  for (const p of added) output.err(`${p}\n`);
  return added.length === 0 ? EXIT.ok : EXIT.problems;
}
