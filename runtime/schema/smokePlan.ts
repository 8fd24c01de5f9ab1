// The smoke plan: for every resource, what its generated browser smoke test does (docs/schema.md
// "Generated smoke tests"). `schema-admin build` writes it beside the manifest; the browser suite
// (tests/e2e/smoke.e2e.ts) reads it and, per resource, opens the list, creates a row through the
// form from sample values made here from each field's type and limits, finds it with a filter,
// edits it and deletes it. A step that does not apply to a resource says why instead, so a
// resource added as YAML alone is tested with no test code written for it.
import { evaluateCondition } from './condition.ts';
import { FIELD_TYPE_SPECS } from './fieldTypes.ts';
import type { Field, FieldType, FilterOp, Manifest, Resource } from './types.ts';
import { writableFields } from './writable.ts';

/** In a value, stands for a number of RUN_DIGITS digits the test picks afresh for each run. */
export const RUN_TOKEN = '{run}';
export const RUN_DIGITS = 8;
/** a run number of the right length, for checking candidates against patterns and lengths */
const SAMPLE_RUN = '12345678';

/** How the test enters a value: the control the form draws for the field's type. */
export type SmokeInput =
  /** typed into the input or textarea */
  | 'type'
  /** typed into the rich-text editor */
  | 'richtext'
  /** typed into a date picker (YYYY-MM-DD or YYYY-MM-DD HH:mm:ss), then Enter */
  | 'date'
  /** the select's option with this label */
  | 'option'
  /** the first option the reference picker offers */
  | 'firstRef'
  /** the first entry the reference tree picker offers */
  | 'firstTreeRef'
  /** a small PNG uploaded through the field */
  | 'upload';

export interface SmokeValue {
  field: string;
  /** the field's label in the form (Chinese) */
  label: string;
  input: SmokeInput;
  /** what is typed or chosen; `{run}` is replaced by the run's number */
  value?: string;
  /** the form's tab holding the field, when the form has tabs */
  tab?: string;
}

/** A step that does not apply to this resource, and why. */
export interface SmokeSkip {
  skip: string;
}

export interface SmokeFilter {
  field: string;
  label: string;
  op: FilterOp;
}

export interface SmokeEdit {
  /** the row action that opens the form (the update action's title) */
  action: string;
  field: string;
  label: string;
  input: SmokeInput;
  /** the new value; `{run}` is replaced by a second number of the run */
  value: string;
  tab?: string;
}

export interface SmokeEntry {
  resource: string;
  /** the page's title (Chinese), as the failure names it */
  title: string;
  route: string;
  /** the list page opens: its table and the toolbar */
  list: true | SmokeSkip;
  create: { values: SmokeValue[] } | SmokeSkip;
  /** the filter the made row is found by: its field holds a value unique to the run */
  filter: SmokeFilter | SmokeSkip;
  edit: SmokeEdit | SmokeSkip;
  /** the row action that deletes (the delete action's title), confirmed */
  delete: { action: string } | SmokeSkip;
}

export interface SmokePlan {
  version: 1;
  resources: SmokeEntry[];
}

const isSkip = (step: unknown): step is SmokeSkip =>
  typeof step === 'object' && step !== null && 'skip' in step;

export { isSkip as isSmokeSkip };

/** Types whose value is typed as text, with the candidates tried, in order, for a value. */
const TEXT_CANDIDATES: Partial<Record<FieldType, string[]>> = {
  string: [`冒烟 ${RUN_TOKEN}`, `smoke_${RUN_TOKEN}`, `smoke${RUN_TOKEN}`, `s${RUN_TOKEN}`, RUN_TOKEN],
  text: [`冒烟 ${RUN_TOKEN}`, `smoke${RUN_TOKEN}`, RUN_TOKEN],
  richtext: [`冒烟 ${RUN_TOKEN}`, `smoke${RUN_TOKEN}`],
  password: [`Smoke-pass-${RUN_TOKEN}`, `Sp${RUN_TOKEN}`],
  email: [`smoke${RUN_TOKEN}@example.com`, `s${RUN_TOKEN}@ex.cn`],
  url: [`https://example.com/smoke/${RUN_TOKEN}`, `https://e.cn/${RUN_TOKEN}`],
  phone: [`138${RUN_TOKEN}`, RUN_TOKEN],
};
/** text types the list filter bar searches with a plain input */
const FILTERABLE_TEXT: FieldType[] = ['string', 'text', 'email', 'url', 'phone'];
const SAMPLE_DATE = '2026-11-20';
const SAMPLE_DATETIME = '2026-11-20 08:00:00';

/** Whether a text value fits the field: its length limits, its own pattern and its type's. */
function fits(field: Field, template: string): boolean {
  const value = template.replaceAll(RUN_TOKEN, SAMPLE_RUN);
  if (field.minLength !== undefined && value.length < field.minLength) return false;
  if (field.maxLength !== undefined && value.length > field.maxLength) return false;
  const patterns = [field.pattern, FIELD_TYPE_SPECS[field.type].jsonSchema.pattern];
  return patterns.every((p) => p === undefined || new RegExp(p, 'u').test(value));
}

/** The first candidate that fits, or undefined. */
function textValue(field: Field): string | undefined {
  return (TEXT_CANDIDATES[field.type] ?? []).find((c) => fits(field, c));
}

/** Where the field sits in the form: its group (tab), then its place in the layout. */
function formPosition(resource: Resource, field: string): number {
  let position = 0;
  for (const group of resource.form.groups) {
    for (const row of group.rows) {
      for (const name of row) {
        if (name === field) return position;
        position += 1;
      }
    }
  }
  return position;
}

function tabOf(resource: Resource, field: string): string | undefined {
  const groups = resource.form.groups;
  if (groups.length <= 1) return undefined;
  const group = groups.find((g) => g.rows.some((row) => row.includes(field)));
  return group?.title?.zh;
}

/** The sample value for one field, or a reason there is none. */
function sampleValue(resource: Resource, field: Field): SmokeValue | SmokeSkip {
  const base = { field: field.name, label: field.title.zh, tab: tabOf(resource, field.name) };
  const none = (why: string): SmokeSkip => ({ skip: `${field.name} (${field.type}): ${why}` });
  switch (field.type) {
    case 'string':
    case 'text':
    case 'password':
    case 'email':
    case 'url':
    case 'phone':
    case 'richtext': {
      const value = textValue(field);
      if (value === undefined) return none('no sample text fits its length and pattern');
      return { ...base, input: field.type === 'richtext' ? 'richtext' : 'type', value };
    }
    case 'integer':
    case 'number': {
      const low = field.minimum ?? 1;
      const value = field.maximum !== undefined && low > field.maximum ? field.maximum : low;
      return { ...base, input: 'type', value: String(value) };
    }
    case 'date':
      return { ...base, input: 'date', value: SAMPLE_DATE };
    case 'datetime':
      return { ...base, input: 'date', value: SAMPLE_DATETIME };
    case 'enum': {
      const first = field.options?.[0];
      if (!first) return none('no options');
      return { ...base, input: 'option', value: first.label.zh };
    }
    case 'ref':
      if (field.multiple) return none('a list of references is not sampled');
      return { ...base, input: field.refTree ? 'firstTreeRef' : 'firstRef' };
    case 'image':
    case 'file':
      if (field.upload?.accept && !field.upload.accept.includes('image/png'))
        return none('its upload rules refuse a PNG');
      return { ...base, input: 'upload' };
    default:
      return none('no sample value for this type');
  }
}

/** What the form starts with: each field's default. */
function defaults(resource: Resource): Record<string, unknown> {
  return Object.fromEntries(
    resource.fields.flatMap((f) => (f.default === undefined ? [] : [[f.name, f.default]])),
  );
}

/**
 * The fields the smoke row fills: every required one (a `requiredWhen` that holds for the
 * defaults counts) without a default, and the optional text, number and date fields shown (but
 * those with a pattern), so their limits are tried too. Booleans, enums with a default, optional references, uploads and
 * lists keep what the form starts with.
 */
function createValues(resource: Resource): { values: SmokeValue[] } | SmokeSkip {
  const start = defaults(resource);
  const values: SmokeValue[] = [];
  for (const field of writableFields(resource, 'create').fields) {
    if (field.type === 'tree-parent') continue;
    if (field.visibleWhen && !evaluateCondition(field.visibleWhen, start)) continue;
    const required =
      field.required || (field.requiredWhen !== undefined && evaluateCondition(field.requiredWhen, start));
    if (required && field.default !== undefined) continue;
    // an optional field with a pattern is left empty: its value names something (a key, a
    // component, a permission) the server may check beyond the pattern, which no sample knows
    const optionalSample =
      !required &&
      field.pattern === undefined &&
      ((TEXT_CANDIDATES[field.type] !== undefined && field.type !== 'richtext') ||
        field.type === 'date' ||
        ((field.type === 'integer' || field.type === 'number') && field.default === undefined));
    if (!required && !optionalSample) continue;
    const value = sampleValue(resource, field);
    if (isSkip(value)) {
      if (required) return { skip: `required field ${value.skip}` };
      continue;
    }
    values.push(value);
  }
  // in the form's order, so each tab is opened once
  values.sort((a, b) => formPosition(resource, a.field) - formPosition(resource, b.field));
  return { values };
}

const columnOf = (resource: Resource, field: string) => resource.list.columns.some((c) => c.field === field);

/** One resource's smoke test. */
export function smokeEntry(resource: Resource): SmokeEntry {
  const entry: SmokeEntry = {
    resource: resource.name,
    title: resource.title.zh,
    route: resource.route,
    list: true,
    create: { skip: 'no create action' },
    filter: { skip: 'no row is made' },
    edit: { skip: 'no row is made' },
    delete: { skip: 'no row is made' },
  };
  if (!resource.menu) {
    const skip = { skip: 'no menu entry, so no list page' };
    return { ...entry, list: skip, create: skip, filter: skip, edit: skip, delete: skip };
  }
  const action = (name: string) => resource.actions.find((a) => a.name === name);
  const has = (name: string) => action(name) !== undefined;
  if (!has('create')) return entry;
  entry.create = createValues(resource);
  if (isSkip(entry.create)) return entry;
  const filled = new Map(entry.create.values.map((v) => [v.field, v]));

  const filter = resource.list.filters.find((f) => {
    const field = resource.fields.find((x) => x.name === f.field);
    return (
      field !== undefined &&
      FILTERABLE_TEXT.includes(field.type) &&
      (f.op === 'like' || f.op === 'eq') &&
      filled.get(f.field)?.value?.includes(RUN_TOKEN) === true
    );
  });
  if (!filter) {
    const skip = { skip: 'no text filter on a field the smoke row fills, so the row cannot be found' };
    return { ...entry, filter: skip, edit: skip, delete: skip };
  }
  const filterField = resource.fields.find((f) => f.name === filter.field)!;
  entry.filter = { field: filter.field, label: filterField.title.zh, op: filter.op };

  if (!has('update')) entry.edit = { skip: 'no update action' };
  else {
    // a text field the list shows and an update may write; the filter's own field first
    const updatable = new Set(writableFields(resource, 'update').fields.map((f) => f.name));
    const candidates = entry.create.values.filter(
      (v) =>
        v.input === 'type' &&
        v.value?.includes(RUN_TOKEN) &&
        updatable.has(v.field) &&
        columnOf(resource, v.field) &&
        FILTERABLE_TEXT.includes(resource.fields.find((f) => f.name === v.field)!.type),
    );
    const chosen = candidates.find((v) => v.field === filter.field) ?? candidates[0];
    entry.edit = chosen
      ? {
          action: action('update')!.title.zh,
          field: chosen.field,
          label: chosen.label,
          input: chosen.input,
          value: chosen.value!,
          tab: chosen.tab,
        }
      : { skip: 'no text field shown in the list that an update may change' };
  }
  const remove = action('delete');
  entry.delete = remove ? { action: remove.title.zh } : { skip: 'no delete action' };
  return entry;
}

export function buildSmokePlan(manifest: Pick<Manifest, 'resources'>): SmokePlan {
  return { version: 1, resources: manifest.resources.map(smokeEntry) };
}

export function serializeSmokePlan(plan: SmokePlan): string {
  return `${JSON.stringify(plan, null, 2)}\n`;
}
