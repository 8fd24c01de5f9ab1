// A resource (and a write mode) compiled to the JSON Schema and uiSchema rjsf renders, and to
// the ajv validator the server runs: one schema, so the browser and the server enforce the same
// rules and give the same messages.
import { FIELD_TYPE_SPECS } from './fieldTypes.ts';
import { ifThen } from './ifThen.ts';
import { limitToStorage } from './inputLimits.ts';
import { promptText } from './prompts.ts';
import type { Field, FieldCondition, JsonSchema, JsonType, Lang, Resource } from './types.ts';
import { type FormMode, writableFields } from './writable.ts';

export type UiSchema = Record<string, unknown>;

/** The widget of a `checkTree` field: the referenced tree inline, each entry ticked on its own. */
export const CHECK_TREE_WIDGET = 'checkTree';

export interface CompiledForm {
  schema: JsonSchema & { type: 'object'; properties: Record<string, JsonSchema>; required: string[] };
  uiSchema: UiSchema;
}

/** Whether a field must be present in this mode; batch updates require nothing. */
function isRequired(field: Field, partial: boolean): boolean {
  return field.required && !partial;
}

/** The JSON Schema of one value of the field: its type, limits, options and what its column can hold. */
export function valueSchema(field: Field, lang: Lang, nullable: boolean): JsonSchema {
  const spec = FIELD_TYPE_SPECS[field.type];
  const schema: JsonSchema = { ...spec.jsonSchema };
  if (field.type === 'enum' && field.options) {
    const valueType: JsonType = field.options.every((o) => Number.isInteger(o.value)) ? 'integer' : 'string';
    schema.type = valueType;
    schema.oneOf = field.options.map((o) => ({ const: o.value, title: o.label[lang] }));
  }
  if (field.minLength !== undefined) schema.minLength = field.minLength;
  if (field.maxLength !== undefined) schema.maxLength = field.maxLength;
  if (field.pattern !== undefined) schema.pattern = field.pattern;
  if (field.minimum !== undefined) schema.minimum = field.minimum;
  if (field.maximum !== undefined) schema.maximum = field.maximum;
  // and no value the column cannot hold: a number past int4, a text past its varchar
  limitToStorage(field, schema);
  // an empty string must not pass for a required text
  if (!nullable && spec.textual && schema.minLength === undefined) schema.minLength = 1;
  if (field.type === 'ref' && field.multiple) {
    return { type: 'array', items: schema, uniqueItems: true };
  }
  // rows loaded for editing hold null where a value was never given; an optional field accepts it
  if (nullable && schema.type !== undefined && !Array.isArray(schema.type)) {
    schema.type = [schema.type, 'null'];
    if (schema.oneOf) schema.oneOf = [...schema.oneOf, { const: null, title: '' }];
  }
  return schema;
}

function fieldSchema(field: Field, lang: Lang, withDefault: boolean): JsonSchema {
  // a required field never holds null, even in a batch update that need not send it
  const schema: JsonSchema = { title: field.title[lang], ...valueSchema(field, lang, !field.required) };
  if (withDefault && field.default !== undefined) schema.default = field.default;
  return schema;
}

/** The `if` half of a requiredWhen rule, as JSON Schema. */
function conditionSchema(cond: FieldCondition): JsonSchema {
  const falsy = [null, false, 0, '', '0', 'false'];
  switch (cond.op) {
    case 'eq':
      return { properties: { [cond.field]: { const: cond.value } }, required: [cond.field] };
    case 'ne':
      return { properties: { [cond.field]: { not: { const: cond.value } } } };
    case 'in':
      return { properties: { [cond.field]: { enum: cond.value as unknown[] } }, required: [cond.field] };
    case 'notIn':
      return { properties: { [cond.field]: { not: { enum: cond.value as unknown[] } } } };
    case 'truthy':
      return { properties: { [cond.field]: { not: { enum: falsy } } }, required: [cond.field] };
    case 'falsy':
      return { properties: { [cond.field]: { enum: falsy } } };
  }
}

/** Widgets typed into, and widgets picked from: their default placeholder says which. */
const TYPED_WIDGETS = new Set(['text', 'textarea', 'password', 'updown', 'uri', 'email']);
const PICKED_WIDGETS = new Set(['select', 'date', 'datetime', 'refSelect', 'treeSelect']);

/** The schema's placeholder, else "请输入…" / "请选择…" from the title, as the filter bar says it. */
function placeholderOf(field: Field, widget: string, lang: Lang): string | undefined {
  if (field.placeholder) return field.placeholder[lang];
  if (TYPED_WIDGETS.has(widget)) return promptText('enter', field.title[lang], lang);
  if (PICKED_WIDGETS.has(widget)) return promptText('select', field.title[lang], lang);
  return undefined;
}

/** The widget named by the type, unless the field asks for a tree of its own. */
function widgetOf(field: Field): string {
  if (field.checkTree) return CHECK_TREE_WIDGET;
  // a ref into a tree is picked from the tree, as its tree-parent is
  if (field.refTree) return FIELD_TYPE_SPECS['tree-parent'].widget;
  return FIELD_TYPE_SPECS[field.type].widget;
}

function fieldUi(field: Field, lang: Lang): UiSchema {
  const spec = FIELD_TYPE_SPECS[field.type];
  const ui: UiSchema = { 'ui:widget': widgetOf(field) };
  const options: Record<string, unknown> = { ...spec.widgetOptions };
  if (field.ref !== undefined)
    Object.assign(options, { ref: field.ref, refLabel: field.refLabel, multiple: field.multiple });
  if (field.visibleWhen) options.visibleWhen = field.visibleWhen;
  if (Object.keys(options).length > 0) ui['ui:options'] = options;
  if (field.help) ui['ui:help'] = field.help[lang];
  const placeholder = placeholderOf(field, ui['ui:widget'] as string, lang);
  if (placeholder) ui['ui:placeholder'] = placeholder;
  return ui;
}

/**
 * The form for one write: `create`, `update`, an action's dialog (`{ action: 'resetPassword' }`)
 * or `public`, the public content service's POST.
 * uiSchema carries `ui:order` and, in the root `ui:options.groups`, the layout rows (and group
 * titles) limited to the fields of this form.
 */
export function toJsonSchema(resource: Resource, mode: FormMode, lang: Lang): CompiledForm {
  const { fields, partial } = writableFields(resource, mode);
  const names = new Set(fields.map((f) => f.name));
  // a public submission creates a row, as create does
  const withDefault = mode === 'create' || mode === 'public';
  const properties: Record<string, JsonSchema> = {};
  const uiSchema: UiSchema = {};
  const required: string[] = [];
  for (const field of fields) {
    properties[field.name] = fieldSchema(field, lang, withDefault);
    uiSchema[field.name] = fieldUi(field, lang);
    if (isRequired(field, partial)) required.push(field.name);
  }
  const schema: CompiledForm['schema'] = {
    type: 'object',
    properties,
    required,
    additionalProperties: false,
  };
  const rules = partial ? [] : fields.filter((f) => f.requiredWhen && !f.required);
  if (rules.length > 0) {
    schema.allOf = rules.map((f) => ifThen(conditionSchema(f.requiredWhen!), { required: [f.name] }));
  }

  const isActionForm =
    mode === 'public' || (typeof mode !== 'string' && mode.action !== 'create' && mode.action !== 'update');
  const groups: Array<{ title?: string; rows: string[][] }> = isActionForm
    ? [{ rows: fields.map((f) => [f.name]) }]
    : resource.form.groups.map((g) => ({
        title: g.title?.[lang],
        rows: g.rows.map((row) => row.filter((n) => names.has(n))).filter((row) => row.length > 0),
      }));
  const placed = groups.flatMap((g) => g.rows.flat());
  // writable fields the layout leaves out still belong to the form: they come last, one per row
  const rest = fields.map((f) => f.name).filter((n) => !placed.includes(n));
  if (rest.length > 0) groups.push({ rows: rest.map((n) => [n]) });
  uiSchema['ui:order'] = [...placed, ...rest];
  uiSchema['ui:options'] = { groups: groups.filter((g) => g.rows.length > 0) };
  return { schema, uiSchema };
}
