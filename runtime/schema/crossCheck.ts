// Rules the meta-schema cannot express because they need the declared fields, another
// resource or _menus.yaml: names that must point at something, keys that only suit some field
// types, and addresses (names, routes, calls, permission codes) that must not collide.
import { suggestion } from './didYouMean.ts';
import { FIELD_TYPE_SPECS } from './fieldTypes.ts';
import type { FieldReference } from './normalize.ts';
import type { KeyPath, SourceDoc } from './source.ts';
import type { Field, MenuGroup, Problem, Resource } from './types.ts';

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
    if ((ref.role === 'list column' || ref.role === 'public field') && field.writeOnly) {
      report(ref.path, `"${ref.field}" is writeOnly (never returned), so it cannot be a ${ref.role}`);
    }
  }
}

/** Keys that mean something only for some field types. */
const TYPE_BOUND_KEYS: Array<{ keys: Array<keyof Field>; applies: (f: Field) => boolean; types: string }> = [
  { keys: ['options'], applies: (f) => f.type === 'enum', types: 'enum' },
  { keys: ['multiple'], applies: (f) => f.type === 'ref', types: 'ref' },
  { keys: ['exclusive'], applies: (f) => f.type === 'boolean', types: 'boolean' },
  {
    keys: ['ref', 'refLabel'],
    applies: (f) => f.type === 'ref' || f.type === 'tree-parent',
    types: 'ref and tree-parent',
  },
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
const YAML_KEY: Partial<Record<keyof Field, string>> = { refLabel: 'label' };

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
    for (const rule of TYPE_BOUND_KEYS) {
      if (rule.applies(field)) continue;
      for (const key of rule.keys) {
        if (field[key] === undefined) continue;
        const yamlKey = YAML_KEY[key] ?? key;
        report(at(yamlKey), `"${yamlKey}" applies only to ${rule.types} fields, not ${field.type}`, true);
      }
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
      } else if (field.refLabel !== undefined && !target.fields.some((f) => f.name === field.refLabel)) {
        const names = target.fields.map((f) => f.name);
        report(
          at('label'),
          `"${field.refLabel}" is not a field of "${target.name}"; its fields: ${names.join(', ')}${suggestion(field.refLabel, names)}`,
        );
      }
    }
  }
}

function checkActions(resource: Resource, report: Report): void {
  const seen = new Map<string, number>();
  resource.actions.forEach((action, i) => {
    const earlier = seen.get(action.name);
    if (earlier !== undefined)
      report(['actions', i], `action "${action.name}" is already declared at actions[${earlier}]`);
    seen.set(action.name, i);
    const placeholders = [...action.path.matchAll(/\{([^}]*)\}/g)].map((m) => m[1]);
    const unknown = placeholders.filter((p) => p !== 'id');
    if (unknown.length > 0) {
      report(
        ['actions', i, 'path'],
        `the only placeholder a path may hold is {id}, not {${unknown.join('}, {')}}`,
      );
    }
    if (action.scope === 'row' && !placeholders.includes('id')) {
      report(['actions', i, 'path'], 'a row action acts on one row, so its path needs {id}');
    }
    if (action.scope === 'batch' && placeholders.includes('id')) {
      report(
        ['actions', i, 'path'],
        'a batch action sends the selected ids in its body, so its path has no {id}',
      );
    }
  });
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
      claim(`call ${a.method} ${a.path}`, ['actions', i]);
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
