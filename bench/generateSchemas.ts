// Schema folders of any size for the benchmark: resources shaped like the CMS ones (a dozen
// fields of mixed types, refs to earlier resources, a tree every tenth, conditions, custom
// actions, a public block), spread over modules of 50 so menus and collisions are exercised.
import type { SchemaText } from '../runtime/schema/load.ts';

const PER_MODULE = 50;

const moduleOf = (i: number) => `m${Math.floor(i / PER_MODULE)}`;
const nameOf = (i: number) => `res${i}`;

function resourceText(i: number): string {
  const tree = i % 10 === 0;
  // a ref to an earlier resource, so cross-checks have something to follow
  const ref =
    i > 0
      ? `  ownerId:
    type: ref
    title: { zh: 所属, en: Owner }
    ref: ${nameOf(i - 1)}
    label: title
`
      : '';
  const parent = tree
    ? `  parentId:
    type: tree-parent
    title: { zh: 上级, en: Parent }
    label: title
`
    : '';
  return `# generated resource ${i}
resource: ${nameOf(i)}
module: ${moduleOf(i)}
title: { zh: 资源${i}, en: Resource ${i} }
menu: { parent: ${moduleOf(i)}, icon: file, order: ${i % PER_MODULE} }
fields:
${parent}  title:
    type: string
    title: { zh: 标题, en: Title }
    required: true
    trim: true
    maxLength: 200
${ref}  summary:
    type: text
    title: { zh: 摘要, en: Summary }
    maxLength: 500
  isLink:
    type: boolean
    title: { zh: 外部链接, en: External link }
    default: false
  linkUrl:
    type: url
    title: { zh: 链接地址, en: Link address }
    maxLength: 500
    visibleWhen: isLink
    requiredWhen: isLink
  body:
    type: richtext
    title: { zh: 正文, en: Body }
  cover:
    type: image
    title: { zh: 封面, en: Cover }
  email:
    type: email
    title: { zh: 邮箱, en: Email }
  publishTime:
    type: datetime
    title: { zh: 发布时间, en: Published }
  sortOrder:
    type: integer
    title: { zh: 排序, en: Order }
    default: 0
    minimum: 0
    maximum: 9999
  status:
    type: enum
    title: { zh: 状态, en: Status }
    default: 0
    readOnly: true
    options:
      - { value: 0, zh: 草稿, en: Draft, color: default }
      - { value: 1, zh: 已发布, en: Published, color: green }
  createTime:
    type: datetime
    title: { zh: 创建时间, en: Created }
    readOnly: true
list:
  columns:
    - { field: title, width: 240, sortable: true }
    - summary
    - { field: status, width: 90 }
    - { field: publishTime, width: 180, sortable: true }
  filters: [title, status, publishTime]
  sort: -publishTime
form:
  groups:
    - title: { zh: 基本, en: Basic }
      layout:
        - title
        - [isLink, linkUrl]
        - summary
        - [email, sortOrder]
        - [cover, publishTime]
    - title: { zh: 正文, en: Body }
      layout: [body]
actions:
  - create
  - update
  - delete
  - batchDelete
  - export
  - name: publish
    title: { zh: 发布, en: Publish }
    method: PUT
    path: /publish/{id}
    when: status == 0
    set: { status: 1 }
public:
  path: ${moduleOf(i)}/${nameOf(i)}
  fields: [title, summary, body, cover, publishTime]
  listFields: [title, summary, cover, publishTime]
  filters: [{ field: title, op: like }]
  where: status == 1
  sort: [-publishTime]
  views:
    - { path: ${moduleOf(i)}/${nameOf(i)}/count, shape: count }
`;
}

function menusText(count: number): string {
  const modules = Math.ceil(count / PER_MODULE);
  return Array.from(
    { length: modules },
    (_, m) => `m${m}:\n  title: { zh: 模块${m}, en: Module ${m} }\n  order: ${m}\n`,
  ).join('');
}

/** `_menus.yaml` plus `count` resource files, as the loader reads them. */
export function generateSchemas(count: number): SchemaText[] {
  return [
    { path: '_menus.yaml', text: menusText(count) },
    ...Array.from({ length: count }, (_, i) => ({
      path: `${moduleOf(i)}/${nameOf(i)}.yaml`,
      text: resourceText(i),
    })),
  ];
}
