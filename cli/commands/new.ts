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
}

function starter(module: string, name: string, inMenu: boolean): string {
  const menu = inMenu
    ? `menu: { parent: ${module}, icon: file, order: 50 }  # a group of ${MENUS_FILE}; icon: an icon name`
    : `# menu: { parent: ${module}, icon: file, order: 50 }  # declare the group "${module}" in ${MENUS_FILE} first`;
  return `# ${module}/${name}: what one ${name} row holds and how the back office lists, edits and guards it.
# The language is described in docs/schema.md. Check with: npx schema-admin validate
resource: ${name}
module: ${module}
title: { zh: ${name}, en: ${name} }      # the page title in both languages
singular: { zh: ${name}, en: ${name} }   # one row, in the form's title and confirmations: 新增…, New …
# endpoint: /api/${module}/${name}        # the default REST base
# table: ${tableName(module, name)}       # the default table
${menu}
fields:
  name:
    type: string
    title: { zh: 名称, en: Name }
    required: true
    trim: true
    maxLength: 100
  sortOrder:
    type: integer
    title: { zh: 排序, en: Order }
    default: 0
    minimum: 0
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
    readOnly: true                         # filled by the server, shown in the list
list:
  columns:
    - { field: name, sortable: true }
    - { field: sortOrder, width: 90, sortable: true }
    - { field: status, width: 100 }
    - { field: remark, ellipsis: true }
    - { field: createTime, width: 180, sortable: true }
  filters: [name, status]                  # name: contains; status: equals
  sort: sortOrder
form:
  layout:
    - [name, sortOrder]                    # a row of fields side by side
    - status
    - remark
actions: [create, update, delete, batchDelete]
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
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, starter(module, name, inMenu));
  output.out(`wrote ${file}\n`);

  // the starter itself is valid; what can clash is a name, route or table another schema already holds
  const known = new Set(before?.problems.map((p) => formatProblem(p)));
  const added = (await loadSchemaDir(options.dir)).problems
    .map((p) => formatProblem(p))
    .filter((p) => !known.has(p));
  for (const p of added) output.err(`${p}\n`);
  return added.length === 0 ? EXIT.ok : EXIT.problems;
}
