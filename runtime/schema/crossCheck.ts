// Rules the meta-schema cannot express because they need the declared fields, another
// resource or _menus.yaml: names that must point at something, keys that only suit some field
// types, and addresses (names, routes, calls, permission codes) that must not collide.
import { suggestion } from './didYouMean.ts';
import type { FieldReference } from './fieldReference.ts';
import { FIELD_TYPE_SPECS } from './fieldTypes.ts';
import { indexableField } from './indexable.ts';
import type { KeyPath, SourceDoc } from './source.ts';
import type { Field, MenuGroup, Problem, Resource } from './types.ts';
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

type Report = (path: KeyPath, message: string, onKey?: boolean) => void;

export function crossCheck(loaded: LoadedResource[], menus: LoadedMenus): Problem[] {
  const problems: Problem[] = [];
  const byName = new Map(loaded.map((l) => [l.resource.name, l.resource]));
  for (const entry of loaded) {
    const report: Report = (path, message, onKey) =>
      problems.push(entry.source.problem(path, message, onKey));
    checkReferences(entry, report);
    checkFields(entry.resource, byName, report);
    checkActions(entry.resource, report);
    checkPublishWindow(entry.resource, report);
    checkRelativeColumns(entry.resource, report);
    checkOrder(entry.resource, orderPath(entry.source), report);
    const group = entry.resource.menu?.parent;
    if (
      group !== undefined &&
      group !== entry.resource.module &&
      menus.groups.some((g) => g.name === group)
    ) {
      // the page lives at /group/resource in the route list, and that must be the resource's route
      report(
        ['menu', 'parent'],
        `a ${entry.resource.module} resource sits in the menu group named "${entry.resource.module}", so that its page is ${entry.resource.route}; found "${group}"`,
      );
    }
    if (entry.resource.menu && !menus.groups.some((g) => g.name === entry.resource.menu?.parent)) {
      const parent = entry.resource.menu.parent;
      const names = menus.groups.map((g) => g.name);
      report(
        ['menu', 'parent'],
        `menu group "${parent}" is not declared in _menus.yaml; declared: ${names.join(', ') || 'none'}${suggestion(parent, names)}`,
      );
    }
  }
  checkMenuGroups(menus, problems);
  checkCollisions(loaded, problems);
  return problems;
}

function checkReferences({ resource, references }: LoadedResource, report: Report): void {
  const fields = new Map(resource.fields.map((f) => [f.name, f]));
  const names = [...fields.keys()];
  const formEntries = new Set<string>();
  for (const ref of references) {
    const field = fields.get(ref.field);
    if (!field) {
      report(
        ref.path,
        `${ref.role} "${ref.field}" is not a declared field; declared: ${names.join(', ')}${suggestion(ref.field, names)}`,
      );
      continue;
    }
    if (ref.role === 'filter' && !FIELD_TYPE_SPECS[field.type].filter) {
      report(ref.path, `"${ref.field}" is of type ${field.type}, which cannot be filtered`);
    }
    if (ref.role === 'form entry') {
      if (field.readOnly) report(ref.path, `"${ref.field}" is readOnly, so it cannot be in the form`);
      if (formEntries.has(ref.field)) report(ref.path, `"${ref.field}" is already in the form`);
      formEntries.add(ref.field);
    }
    if (ref.role === 'index field' && !indexableField(field)) {
      report(ref.path, `"${ref.field}" is ${unindexable(field)}, which an index cannot serve`);
    }
    if ((ref.role === 'list column' || ref.role === 'public field') && field.writeOnly) {
      report(ref.path, `"${ref.field}" is writeOnly (never returned), so it cannot be a ${ref.role}`);
    }
  }
}

const unindexable = (field: Field) => (field.multiple ? 'a list of references' : `of type ${field.type}`);

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
        `relative applies to a date or datetime column; "${field.name}" is ${field.type}`,
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
      report(
        ['publish', key],
        `publish.${key} must name a date or datetime field; "${name}" is ${field.type}`,
      );
    }
  }
  if (window.until !== undefined && window.until === window.at) {
    report(['publish', 'until'], 'publish.until must be another field than publish.at');
  }
}

function checkFields(resource: Resource, byName: Map<string, Resource>, report: Report): void {
  const treeParents = resource.fields.filter((f) => f.type === 'tree-parent');
  for (const extra of treeParents.slice(1)) {
    report(
      ['fields', extra.name, 'type'],
      `only one tree-parent field per resource; "${treeParents[0].name}" is one`,
    );
  }
  if (resource.list.tree && treeParents.length === 0) {
    report(['list', 'tree'], 'a tree list needs a tree-parent field');
  }
  for (const field of resource.fields) {
    const at = (key: string): KeyPath => ['fields', field.name, key];
    if (field.index === true && !indexableField(field)) {
      report(at('index'), `"${field.name}" is ${unindexable(field)}, which an index cannot serve`);
    }
    for (const rule of TYPE_BOUND_KEYS) {
      if (rule.applies(field)) continue;
      for (const key of rule.keys) {
        if (field[key] === undefined) continue;
        const yamlKey = YAML_KEY[key] ?? key;
        report(at(yamlKey), `"${yamlKey}" applies only to ${rule.types} fields, not ${field.type}`, true);
      }
    }
    if (field.name === 'version' || field.column === 'version') {
      // every row has a version of its own, and an update's body carries it (docs/api.md)
      report(
        ['fields', field.name],
        `"version" is the row version every resource has; give the field another name and column`,
        true,
      );
    }
    if (field.onDelete === 'setNull' && field.required && !field.multiple) {
      report(
        at('onDelete'),
        `"${field.name}" is required, so deleting what it points at cannot set it to null; use restrict or cascade`,
      );
    }
    if (field.minLength !== undefined && field.maxLength !== undefined && field.minLength > field.maxLength) {
      report(at('minLength'), `minLength ${field.minLength} is greater than maxLength ${field.maxLength}`);
    }
    if (field.minimum !== undefined && field.maximum !== undefined && field.minimum > field.maximum) {
      report(at('minimum'), `minimum ${field.minimum} is greater than maximum ${field.maximum}`);
    }
    if (field.options) {
      const seen = new Set<string>();
      field.options.forEach((o, i) => {
        if (seen.has(String(o.value)))
          report(['fields', field.name, 'options', i, 'value'], `duplicate value ${o.value}`);
        seen.add(String(o.value));
      });
      if (field.default !== undefined && !field.options.some((o) => o.value === field.default)) {
        report(
          at('default'),
          `default ${JSON.stringify(field.default)} is not one of the options: ${field.options.map((o) => o.value).join(', ')}`,
        );
      }
    }
    if (field.type === 'tree-parent' && field.ref !== resource.name) {
      report(
        at('ref'),
        `a tree-parent field refers to its own resource "${resource.name}", not "${field.ref}"`,
      );
      continue;
    }
    if (field.ref !== undefined) {
      const target = byName.get(field.ref);
      if (!target) {
        const names = [...byName.keys()];
        report(at('ref'), `no resource is named "${field.ref}"${suggestion(field.ref, names)}`);
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
    report(
      at(key),
      `"${name}" is not a field of "${target.name}"; its fields: ${names.join(', ')}${suggestion(name, names)}`,
    );
  }
  if (field.checkTree && target.treeParent === undefined) {
    report(
      at('checkTree'),
      `"checkTree" shows the referenced resource as a tree, and "${target.name}" has no tree-parent field`,
    );
  }
}

/** A check tree and a list of changes are about a list of ids. */
function checkListPicker(field: Field, at: (key: string) => KeyPath, report: Report): void {
  if (field.type !== 'ref' || field.multiple) return;
  for (const key of ['checkTree', 'confirmChanges'] as const) {
    if (field[key]) report(at(key), `"${key}" applies to a ref holding a list of ids; add multiple: true`);
  }
}

function checkActions(resource: Resource, report: Report): void {
  const seen = new Map<string, number>();
  resource.actions.forEach((action, i) => {
    const earlier = seen.get(action.name);
    if (earlier !== undefined)
      report(['actions', i], `action "${action.name}" is already declared at actions[${earlier}]`);
    seen.set(action.name, i);
    // an action opening a page of the app fills its route the way a call fills its path
    const pathKey = action.open === undefined ? 'path' : 'open';
    const placeholders = [...(action.open ?? action.path).matchAll(/\{([^}]*)\}/g)].map((m) => m[1]);
    const unknown = placeholders.filter((p) => p !== 'id');
    if (unknown.length > 0) {
      report(
        ['actions', i, pathKey],
        `the only placeholder a path may hold is {id}, not {${unknown.join('}, {')}}`,
      );
    }
    if (action.scope === 'row' && !placeholders.includes('id')) {
      report(['actions', i, pathKey], 'a row action acts on one row, so its path needs {id}');
    }
    if (action.scope === 'batch' && placeholders.includes('id')) {
      report(
        ['actions', i, pathKey],
        'a batch action sends the selected ids in its body, so its path has no {id}',
      );
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
      report(
        ['actions', i],
        "reorder moves rows within the resource's order; declare `order:` with the integer field that holds each row's position",
      );
  });
  if (!order) return;
  const byName = new Map(resource.fields.map((f) => [f.name, f]));
  const field = byName.get(order.field);
  if (field && field.type !== 'integer') {
    report(
      fieldPath,
      `the order field "${field.name}" is of type ${field.type}; a position is an integer field`,
    );
  }
  if (order.group === undefined) return;
  const group = byName.get(order.group);
  if (!group) return;
  if (group.name === order.field) {
    report(['order', 'group'], 'the group is another field than the position itself');
  } else if (!GROUPING_TYPES.has(group.type) || group.multiple) {
    report(
      ['order', 'group'],
      `"${group.name}" (${group.multiple ? 'a multiple ref' : group.type}) cannot group rows; a group is a single ref, tree-parent, enum, string, integer or boolean field`,
    );
  }
}

function checkMenuGroups(menus: LoadedMenus, problems: Problem[]): void {
  const names = menus.groups.map((g) => g.name);
  for (const group of menus.groups) {
    if (group.parent === undefined || !menus.source) continue;
    if (group.parent === group.name || !names.includes(group.parent)) {
      problems.push(
        menus.source.problem(
          [group.name, 'parent'],
          `menu group "${group.parent}" is not another declared group${suggestion(group.parent, names)}`,
        ),
      );
    }
  }
}

/** Names, routes, calls and permission codes each identify one thing, so two resources may not share one. */
function checkCollisions(loaded: LoadedResource[], problems: Problem[]): void {
  const claims = new Map<string, string>();
  for (const entry of loaded) {
    const r = entry.resource;
    // keys left out of the YAML (endpoint, table) are reported at the resource name
    const at = (key: string): KeyPath => (entry.source.has(key) ? [key] : ['resource']);
    const claim = (what: string, path: KeyPath): boolean => {
      const first = claims.get(what);
      if (first === undefined) {
        claims.set(what, entry.source.file);
        return true;
      }
      problems.push(entry.source.problem(path, `${what} is already used in ${first}`));
      return false;
    };
    // a second resource of the same name repeats every address of the first; one problem says so
    if (!claim(`resource name "${r.name}"`, ['resource'])) continue;
    claim(`route ${r.route}`, ['resource']);
    claim(`table ${r.table}`, at('table'));
    if (!claim(`endpoint ${r.endpoint}`, at('endpoint'))) continue;
    claim(`permission ${r.module}:${r.name}:list`, ['resource']);
    const named = new Set<string>();
    r.actions.forEach((a, i) => {
      // a name declared twice in one resource is reported by checkActions
      if (named.has(a.name)) return;
      named.add(a.name);
      if (a.open === undefined) claim(`call ${a.method} ${a.path}`, ['actions', i]);
      claim(`permission ${a.permission}`, ['actions', i]);
    });
    if (r.public) {
      // the same address in two shapes ({id} and a literal segment) is for the router to order, not a clash
      r.public.views.forEach((view, i) => {
        claim(
          `public call GET ${view.path}`,
          i < 2 ? ['public', 'path'] : ['public', 'views', i - 2, 'path'],
        );
      });
      if (r.public.submit) claim(`public call POST ${r.public.path}`, ['public', 'submit']);
    }
  }
}
