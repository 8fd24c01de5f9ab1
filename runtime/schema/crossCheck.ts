// Rules the meta-schema cannot express because they need the declared fields, another
// resource or _menus.yaml: names that must point at something, keys that only suit some field
// types, and addresses (names, routes, calls, permission codes) that must not collide.
import { checkDefault } from './checkDefaults.ts';
import { checkIdentifiers, reservedTable } from './checkIdentifiers.ts';
import { checkRules } from './checkRules.ts';
import { didYouMean } from './didYouMean.ts';
import { type FieldReference, ROLE_WORDS } from './fieldReference.ts';
import { FIELD_TYPE_SPECS } from './fieldTypes.ts';
import { indexableField } from './indexable.ts';
import { isIconImage, MENU_ICONS } from './menuIcons.ts';
import { CLASH_WORDS, PROBLEMS, type ProblemText } from './problemMessages.ts';
import { formatKeyPath, type KeyPath, type SourceDoc } from './source.ts';
import type { Field, I18n, MenuGroup, Problem, Resource } from './types.ts';
import { UPLOAD_FIELD_TYPES } from './uploadRules.ts';

export interface LoadedResource {
  source: SourceDoc;
  resource: Resource;
  references: FieldReference[];
}

export interface LoadedMenus {
  source?: SourceDoc;
  groups: MenuGroup[];
}

type Report = (path: KeyPath, message: ProblemText, onKey?: boolean) => void;

const ICON_NAMES = Object.keys(MENU_ICONS);
/** An icon the side menu would draw as nothing; addresses are drawn as images. */
function checkIcon(icon: string | undefined, path: KeyPath, report: Report): void {
  if (icon === undefined || isIconImage(icon) || Object.hasOwn(MENU_ICONS, icon)) return;
  report(path, PROBLEMS.unknownIcon({ icon, best: didYouMean(icon, ICON_NAMES) }));
}

/** The value at a key path of a document's data. */
function valueAt(data: unknown, path: KeyPath): unknown {
  let node = data;
  for (const seg of path)
    node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[seg] : undefined;
  return node;
}

export function crossCheck(loaded: LoadedResource[], menus: LoadedMenus): Problem[] {
  const problems: Problem[] = [];
  const byName = new Map(loaded.map((l) => [l.resource.name, l.resource]));
  for (const entry of loaded) {
    const report: Report = (path, message, onKey) =>
      problems.push(entry.source.problem(path, message, onKey));
    checkReferences(entry, report);
    checkFields(entry.resource, byName, report);
    checkIdentifiers(entry.resource, entry.source, report);
    checkIcon(entry.resource.menu?.icon, ['menu', 'icon'], report);
    checkActions(entry.resource, report);
    checkPublishWindow(entry.resource, report);
    checkRelativeColumns(entry.resource, report);
    checkOrder(entry.resource, orderPath(entry.source), report);
    checkRules(entry.resource, report);
    const group = entry.resource.menu?.parent;
    if (
      group !== undefined &&
      group !== entry.resource.module &&
      menus.groups.some((g) => g.name === group)
    ) {
      // the page lives at /group/resource in the route list, and that must be the resource's route
      const { module, route } = entry.resource;
      report(['menu', 'parent'], PROBLEMS.menuGroupNotModule({ module, route, group }));
    }
    if (entry.resource.menu && !menus.groups.some((g) => g.name === entry.resource.menu?.parent)) {
      const parent = entry.resource.menu.parent;
      const names = menus.groups.map((g) => g.name);
      report(
        ['menu', 'parent'],
        PROBLEMS.undeclaredMenuGroup({ parent, names, best: didYouMean(parent, names) }),
      );
    }
  }
  checkMenuGroups(menus, problems);
  checkCollisions(loaded, problems);
  return problems;
}

/** Entries that list fields once each; a second listing is reported with where the first is. */
const LISTED_ONCE = new Set<FieldReference['role']>(['list column', 'filter', 'form entry']);

/** `list.columns[2]` for both `list.columns[2]` and `list.columns[2].field`. */
const entryPath = (path: KeyPath): KeyPath => (path.at(-1) === 'field' ? path.slice(0, -1) : path);

function checkReferences({ resource, references, source }: LoadedResource, report: Report): void {
  const fields = new Map(resource.fields.map((f) => [f.name, f]));
  const names = [...fields.keys()];
  const listed = new Map<string, KeyPath>();
  for (const ref of references) {
    const field = fields.get(ref.field);
    if (!field) {
      const best = didYouMean(ref.field, names);
      report(
        ref.path,
        PROBLEMS.notDeclaredField({ role: ROLE_WORDS[ref.role], field: ref.field, names, best }),
      );
      continue;
    }
    if (LISTED_ONCE.has(ref.role)) {
      // a form is one list across its groups; columns and each filter list are lists of their own
      const list = ref.role === 'form entry' ? [] : entryPath(ref.path).slice(0, -1);
      const key = JSON.stringify([ref.role, list, ref.field]);
      const first = listed.get(key);
      if (first) {
        report(
          ref.path,
          PROBLEMS.listedTwice({
            role: ROLE_WORDS[ref.role],
            field: ref.field,
            first: formatKeyPath(entryPath(first)),
          }),
        );
        continue;
      }
      listed.set(key, ref.path);
    }
    if (ref.role === 'filter') {
      const spec = FIELD_TYPE_SPECS[field.type].filter;
      if (!spec) {
        report(ref.path, PROBLEMS.notFilterable({ field: ref.field, type: field.type }));
        continue;
      }
      const opPath = [...entryPath(ref.path), 'op'];
      const op = ref.path.at(-1) === 'field' ? valueAt(source.data(), opPath) : undefined;
      if (typeof op === 'string' && !spec.ops.includes(op as (typeof spec.ops)[number])) {
        report(opPath, PROBLEMS.filterOp({ op, field: ref.field, type: field.type, ops: [...spec.ops] }));
      }
    }
    if (ref.role === 'form entry' && field.readOnly) {
      report(ref.path, PROBLEMS.readOnlyInForm({ field: ref.field }));
    }
    if (ref.role === 'index field' && !indexableField(field)) {
      report(ref.path, unindexable(field));
    }
    if ((ref.role === 'list column' || ref.role === 'public field') && field.writeOnly) {
      report(ref.path, PROBLEMS.writeOnlyShown({ field: ref.field, role: ROLE_WORDS[ref.role] }));
    }
  }
}

const unindexable = (field: Field) =>
  PROBLEMS.notIndexable({ field: field.name, multiple: field.multiple ?? false, type: field.type });

/** Keys that mean something only for some field types. */
const TYPE_BOUND_KEYS: Array<{ keys: Array<keyof Field>; applies: (f: Field) => boolean; types: string }> = [
  { keys: ['options'], applies: (f) => f.type === 'enum', types: 'enum' },
  { keys: ['multiple'], applies: (f) => f.type === 'ref', types: 'ref' },
  { keys: ['exclusive'], applies: (f) => f.type === 'boolean', types: 'boolean' },
  {
    keys: ['ref', 'refLabel', 'onDelete'],
    applies: (f) => f.type === 'ref' || f.type === 'tree-parent',
    types: 'ref and tree-parent',
  },
  { keys: ['refDetail', 'checkTree', 'confirmChanges'], applies: (f) => f.type === 'ref', types: 'ref' },
  { keys: ['upload'], applies: (f) => UPLOAD_FIELD_TYPES.has(f.type), types: 'image, avatar and file' },
  {
    keys: ['minLength', 'maxLength', 'pattern'],
    applies: (f) => FIELD_TYPE_SPECS[f.type].textual,
    types: Object.entries(FIELD_TYPE_SPECS)
      .filter(([, s]) => s.textual)
      .map(([t]) => t)
      .join(', '),
  },
  {
    keys: ['minimum', 'maximum'],
    applies: (f) => FIELD_TYPE_SPECS[f.type].numeric,
    types: 'integer and number',
  },
];
const YAML_KEY: Partial<Record<keyof Field, string>> = { refLabel: 'label', refDetail: 'detail' };

/** The publish window's times are dates: the database compares them with its clock. */
/** `relative` reads a time as how long ago it was: only a date or a time has one. */
function checkRelativeColumns(resource: Resource, report: Report): void {
  for (const [i, column] of resource.list.columns.entries()) {
    if (!column.relative) continue;
    const field = resource.fields.find((f) => f.name === column.field);
    if (field && field.type !== 'date' && field.type !== 'datetime') {
      report(
        ['list', 'columns', i, 'relative'],
        PROBLEMS.relativeNotTime({ name: field.name, type: field.type }),
        true,
      );
    }
  }
}

function checkPublishWindow(resource: Resource, report: Report): void {
  const window = resource.publish;
  if (!window) return;
  for (const key of ['at', 'until'] as const) {
    const name = window[key];
    const field = name === undefined ? undefined : resource.fields.find((f) => f.name === name);
    // an undeclared name is reported by checkReferences
    if (!field) continue;
    if ((field.type !== 'date' && field.type !== 'datetime') || field.multiple) {
      report(['publish', key], PROBLEMS.publishNotDate({ key, name: field.name, type: field.type }));
    }
  }
  if (window.until !== undefined && window.until === window.at) {
    report(['publish', 'until'], PROBLEMS.publishSameField());
  }
}

function checkFields(resource: Resource, byName: Map<string, Resource>, report: Report): void {
  const treeParents = resource.fields.filter((f) => f.type === 'tree-parent');
  for (const extra of treeParents.slice(1)) {
    report(['fields', extra.name, 'type'], PROBLEMS.oneTreeParent({ first: treeParents[0].name }));
  }
  if (resource.list.tree && treeParents.length === 0) {
    report(['list', 'tree'], PROBLEMS.treeListNeedsParent());
  }
  for (const field of resource.fields) {
    const at = (key: string): KeyPath => ['fields', field.name, key];
    if (field.index === true && !indexableField(field)) {
      report(at('index'), unindexable(field));
    }
    for (const rule of TYPE_BOUND_KEYS) {
      if (rule.applies(field)) continue;
      for (const key of rule.keys) {
        if (field[key] === undefined) continue;
        const yamlKey = YAML_KEY[key] ?? key;
        report(
          at(yamlKey),
          PROBLEMS.keyForOtherType({ key: yamlKey, types: rule.types, type: field.type }),
          true,
        );
      }
    }
    if (field.name === 'version' || field.column === 'version') {
      // every row has a version of its own, and an update's body carries it (docs/api.md)
      report(['fields', field.name], PROBLEMS.versionField(), true);
    }
    if (field.onDelete === 'setNull' && field.required && !field.multiple) {
      report(at('onDelete'), PROBLEMS.setNullRequired({ field: field.name }));
    }
    if (field.minLength !== undefined && field.maxLength !== undefined && field.minLength > field.maxLength) {
      report(at('minLength'), PROBLEMS.minLengthOverMax({ min: field.minLength, max: field.maxLength }));
    }
    if (field.minimum !== undefined && field.maximum !== undefined && field.minimum > field.maximum) {
      report(at('minimum'), PROBLEMS.minimumOverMax({ min: field.minimum, max: field.maximum }));
    }
    if (field.options) {
      const seen = new Set<string>();
      field.options.forEach((o, i) => {
        if (seen.has(String(o.value)))
          report(['fields', field.name, 'options', i, 'value'], PROBLEMS.duplicateOption({ value: o.value }));
        seen.add(String(o.value));
      });
    }
    checkDefault(field, report);
    if (field.type === 'tree-parent' && field.ref !== resource.name) {
      report(at('ref'), PROBLEMS.treeParentElsewhere({ resource: resource.name, ref: String(field.ref) }));
      continue;
    }
    if (field.ref !== undefined) {
      const target = byName.get(field.ref);
      if (!target) {
        const names = [...byName.keys()];
        report(at('ref'), PROBLEMS.unknownResource({ ref: field.ref, best: didYouMean(field.ref, names) }));
      } else {
        checkRefTarget(field, target, at, report);
      }
    }
    checkListPicker(field, at, report);
  }
}

/** `label` and `detail` name fields of the referenced resource; a check tree needs a tree there. */
function checkRefTarget(field: Field, target: Resource, at: (key: string) => KeyPath, report: Report): void {
  const names = target.fields.map((f) => f.name);
  for (const [key, name] of [
    ['label', field.refLabel],
    ['detail', field.refDetail],
  ] as const) {
    if (name === undefined || names.includes(name)) continue;
    report(at(key), PROBLEMS.notFieldOf({ name, target: target.name, names, best: didYouMean(name, names) }));
  }
  if (field.checkTree && target.treeParent === undefined) {
    report(at('checkTree'), PROBLEMS.checkTreeNoTree({ target: target.name }));
  }
}

/** A check tree and a list of changes are about a list of ids. */
function checkListPicker(field: Field, at: (key: string) => KeyPath, report: Report): void {
  if (field.type !== 'ref' || field.multiple) return;
  for (const key of ['checkTree', 'confirmChanges'] as const) {
    if (field[key]) report(at(key), PROBLEMS.needsMultiple({ key }));
  }
}

function checkActions(resource: Resource, report: Report): void {
  const seen = new Map<string, number>();
  resource.actions.forEach((action, i) => {
    const earlier = seen.get(action.name);
    if (earlier !== undefined) report(['actions', i], PROBLEMS.actionTwice({ name: action.name, earlier }));
    seen.set(action.name, i);
    // an action opening a page of the app fills its route the way a call fills its path
    const pathKey = action.open === undefined ? 'path' : 'open';
    const placeholders = [...(action.open ?? action.path).matchAll(/\{([^}]*)\}/g)].map((m) => m[1]);
    const unknown = placeholders.filter((p) => p !== 'id');
    if (unknown.length > 0) {
      report(['actions', i, pathKey], PROBLEMS.onlyIdPlaceholder({ unknown }));
    }
    if (action.scope === 'row' && !placeholders.includes('id')) {
      report(['actions', i, pathKey], PROBLEMS.rowActionNeedsId());
    }
    if (action.scope === 'batch' && placeholders.includes('id')) {
      report(['actions', i, pathKey], PROBLEMS.batchActionNoId());
    }
  });
}

/** Field types whose value can group rows ordered together: one plain value per row. */
const GROUPING_TYPES = new Set(['ref', 'tree-parent', 'enum', 'string', 'integer', 'boolean']);

/** Where the document names the order's position field: `order: orderNum` or `order: { field: … }`. */
function orderPath(source: SourceDoc): KeyPath {
  const order = (source.data() as { order?: unknown }).order;
  return typeof order === 'string' ? ['order'] : ['order', 'field'];
}

/** The order names an integer position field and a single-valued group; reorder needs an order. */
function checkOrder(resource: Resource, fieldPath: KeyPath, report: Report): void {
  const order = resource.order;
  resource.actions.forEach((action, i) => {
    if (action.standard && action.name === 'reorder' && !order)
      report(['actions', i], PROBLEMS.reorderWithoutOrder());
  });
  if (!order) return;
  const byName = new Map(resource.fields.map((f) => [f.name, f]));
  const field = byName.get(order.field);
  if (field && field.type !== 'integer') {
    report(fieldPath, PROBLEMS.orderNotInteger({ field: field.name, type: field.type }));
  }
  if (order.group === undefined) return;
  const group = byName.get(order.group);
  if (!group) return;
  if (group.name === order.field) {
    report(['order', 'group'], PROBLEMS.groupIsPosition());
  } else if (!GROUPING_TYPES.has(group.type) || group.multiple) {
    const kind = group.multiple ? 'a multiple ref' : group.type;
    report(['order', 'group'], PROBLEMS.badGroup({ group: group.name, kind }));
  }
}

function checkMenuGroups(menus: LoadedMenus, problems: Problem[]): void {
  const names = menus.groups.map((g) => g.name);
  for (const group of menus.groups) {
    const source = menus.source;
    if (source)
      checkIcon(group.icon, [group.name, 'icon'], (path, message) =>
        problems.push(source.problem(path, message)),
      );
    if (group.parent === undefined || !menus.source) continue;
    if (group.parent === group.name || !names.includes(group.parent)) {
      problems.push(
        menus.source.problem(
          [group.name, 'parent'],
          PROBLEMS.menuParentUnknown({ parent: group.parent, best: didYouMean(group.parent, names) }),
        ),
      );
    }
  }
}

/** Names, routes, calls and permission codes each identify one thing, so two resources may not share one. */
function checkCollisions(loaded: LoadedResource[], problems: Problem[]): void {
  // the first claim of each address: which file, and where in it, so the second names both
  const claims = new Map<string, { source: SourceDoc; path: KeyPath }>();
  for (const entry of loaded) {
    const r = entry.resource;
    // keys left out of the YAML (endpoint, table) are reported at the resource name
    const at = (key: string): KeyPath => (entry.source.has(key) ? [key] : ['resource']);
    const claim = (what: I18n, path: KeyPath): boolean => {
      const first = claims.get(what.en);
      if (first === undefined) {
        claims.set(what.en, { source: entry.source, path });
        return true;
      }
      const { line, col } = first.source.position(first.path);
      const where = `${first.source.file}:${line}:${col}`;
      problems.push(entry.source.problem(path, PROBLEMS.clash({ what, first: where })));
      return false;
    };
    // a second resource of the same name repeats every address of the first; one problem says so
    if (!claim(CLASH_WORDS.resource(r.name), ['resource'])) continue;
    claim(CLASH_WORDS.route(r.route), ['resource']);
    // a reserved table is reported as such (checkIdentifiers.ts)
    if (!reservedTable(r)) claim(CLASH_WORDS.table(r.table), at('table'));
    if (!claim(CLASH_WORDS.endpoint(r.endpoint), at('endpoint'))) continue;
    claim(CLASH_WORDS.permission(`${r.module}:${r.name}:list`), ['resource']);
    const named = new Set<string>();
    r.actions.forEach((a, i) => {
      // a name declared twice in one resource is reported by checkActions
      if (named.has(a.name)) return;
      named.add(a.name);
      if (a.open === undefined) claim(CLASH_WORDS.call(`${a.method} ${a.path}`), ['actions', i]);
      claim(CLASH_WORDS.permission(a.permission), ['actions', i]);
    });
    if (r.public) {
      // the same address in two shapes ({id} and a literal segment) is for the router to order, not a clash
      r.public.views.forEach((view, i) => {
        claim(
          CLASH_WORDS.publicCall(`GET ${view.path}`),
          i < 2 ? ['public', 'path'] : ['public', 'views', i - 2, 'path'],
        );
      });
      if (r.public.submit) claim(CLASH_WORDS.publicCall(`POST ${r.public.path}`), ['public', 'submit']);
    }
  }
}
