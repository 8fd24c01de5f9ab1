// The create / edit / action form of any resource, compiled from its schema by toJsonSchema, so
// the browser checks exactly what the server checks, with the same messages. A rejected save's
// per-field messages (ApiError.fieldErrors) are shown on the fields themselves. A field whose
// `writePermission` the user lacks (a user's roles without the assignRoles button) is shown
// disabled and never sent. Fields marked `confirmChanges` are listed as added and removed
// entries, and the save waits for a yes. The resource's rules across fields are judged by the
// server's own function (evaluateRules.ts) on the row the save would leave: a broken one shows
// its message on its field once the user has changed a field it reads, and holds the save.
import { Form as AntdForm } from '@rjsf/antd';
import {
  type ErrorSchema,
  getDefaultFormState,
  type RJSFSchema,
  type RJSFValidationError,
  type UiSchema,
} from '@rjsf/utils';
import { Alert, Button, Space } from 'antd';
import { type KeyboardEvent, useMemo, useState } from 'react';
import { isApiError } from '../client/apiError.ts';
import type { Id } from '../client/resourceClient.ts';
import { toJsonSchema } from '../schema/compileJsonSchema.ts';
import { brokenRules, messagesByField, ruleFields } from '../schema/evaluateRules.ts';
import type { Field, Lang, Resource } from '../schema/types.ts';
import { validationMessage } from '../schema/validationMessages.ts';
import { type FormMode, lockedFields, writableFields } from '../schema/writable.ts';
import { ChangeSummary } from './ChangeSummary.tsx';
import { formValidator } from './formValidator.ts';
import { t } from './i18n.ts';
import { type ListChange, listChanges } from './listChanges.ts';
import { sameValue } from './sameValue.ts';
import { AvatarWidget } from './widgets/AvatarWidget.tsx';
import { CheckTreeWidget } from './widgets/CheckTreeWidget.tsx';
import { ErrorAndHelpFieldTemplate } from './widgets/ErrorAndHelpFieldTemplate.tsx';
import { FileUploadWidget } from './widgets/FileUploadWidget.tsx';
import type { ResourceFormContext } from './widgets/formContext.ts';
import { JsonWidget } from './widgets/JsonWidget.tsx';
import { isFieldVisible, LayoutObjectFieldTemplate } from './widgets/LayoutObjectFieldTemplate.tsx';
import { RefSelectWidget } from './widgets/RefSelectWidget.tsx';
import { RichTextWidget } from './widgets/RichTextWidget.tsx';
import { TreeSelectWidget } from './widgets/TreeSelectWidget.tsx';

export type FormValues = Record<string, unknown>;

export interface ResourceFormProps {
  resource: Resource;
  mode: FormMode;
  /** the row being edited, or preset values; keys the form does not hold are ignored */
  initial?: FormValues;
  /** saves the values; a rejection with an ApiError puts its field errors on the fields */
  onSubmit: (values: FormValues) => Promise<unknown>;
  onCancel?: () => void;
  lang?: Lang;
  submitText?: string;
  /** the permission store's check; without it every field is writable */
  can?: (code: string) => boolean;
  /** hears whether the values differ from those the form started with (a close then asks first) */
  onDirtyChange?: (dirty: boolean) => void;
  /** hears the values a save would send, at every change (a draft's autosave) */
  onValuesChange?: (values: FormValues) => void;
}

const HOLDS_ALL = () => true;

// the schema's own widget names (runtime/schema/fieldTypes.ts) that rjsf does not ship
const WIDGETS = {
  refSelect: RefSelectWidget,
  treeSelect: TreeSelectWidget,
  checkTree: CheckTreeWidget,
  avatar: AvatarWidget,
  image: FileUploadWidget,
  upload: FileUploadWidget,
  json: JsonWidget,
  richtext: RichTextWidget,
};
const TEMPLATES = {
  ObjectFieldTemplate: LayoutObjectFieldTemplate,
  FieldTemplate: ErrorAndHelpFieldTemplate,
};

function fieldOf(error: RJSFValidationError): string {
  if (error.name === 'required' && error.params?.missingProperty) return String(error.params.missingProperty);
  return (error.property ?? '').replace(/^\./, '').split('.')[0];
}

export function ResourceForm({
  resource,
  mode,
  initial,
  onSubmit,
  onCancel,
  lang = 'zh',
  submitText,
  can = HOLDS_ALL,
  onDirtyChange,
  onValuesChange,
}: ResourceFormProps) {
  const locked = useMemo(() => lockedFields(resource, can), [resource, can]);
  const { schema, uiSchema } = useMemo(() => {
    const compiled = toJsonSchema(resource, mode, lang);
    for (const name of locked) {
      if (compiled.uiSchema[name])
        compiled.uiSchema[name] = { ...compiled.uiSchema[name], 'ui:disabled': true };
    }
    return compiled;
  }, [resource, mode, lang, locked]);
  // checked without generated code, which the Content-Security-Policy forbids (formValidator.ts)
  const validator = useMemo(() => formValidator(schema as RJSFSchema), [schema]);
  const { partial, fields } = useMemo(() => writableFields(resource, mode), [resource, mode]);
  const [formData, setFormData] = useState<FormValues>(() => {
    const start: FormValues = {};
    for (const name of Object.keys(schema.properties)) {
      if (initial && initial[name] !== undefined) start[name] = initial[name];
    }
    // with the schema's defaults in, as rjsf fills them in when it mounts: handed data without
    // them, rjsf reports the filled-in data from its constructor, the form is handed it back, and
    // rjsf works out its state again and draws every field again, twice, in renders React cannot
    // cut (updates from the commit's lifecycle methods), after the form's first drawing
    // (docs/benchmarks.md, "Form drawers")
    const rjsfSchema = schema as RJSFSchema;
    return getDefaultFormState(validator, rjsfSchema, start, rjsfSchema) as FormValues;
  });
  // what the form started with, for telling whether anything was changed since
  const [start] = useState(formData);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  // a save was tried: every broken rule shows, touched or not
  const [attempted, setAttempted] = useState(false);
  const [saving, setSaving] = useState(false);
  // a save waiting for the administrator to confirm what it changes
  const [pending, setPending] = useState<{ values: FormValues; changes: ListChange[] } | null>(null);

  const context = useMemo<ResourceFormContext>(
    () => ({
      lang,
      resource: resource.name,
      rowId: initial?.id as Id | undefined,
      fields: new Map(resource.fields.map((f) => [f.name, f])),
    }),
    [lang, initial, resource],
  );

  // the row a save would leave: the row read, then what the form holds (a hidden field is not sent);
  // a batch form sets a few fields on rows it has not read, so the server alone judges those
  const judgesRules =
    resource.rules !== undefined &&
    !partial &&
    (initial !== undefined || mode === 'create' || (typeof mode === 'object' && mode.action === 'create'));
  const broken = useMemo(() => {
    if (!judgesRules) return [];
    const row: FormValues = { ...initial };
    for (const [name, value] of Object.entries(formData)) {
      row[name] = isFieldVisible(uiSchema[name], formData) ? value : undefined;
    }
    return brokenRules(resource, row);
  }, [judgesRules, resource, initial, formData, uiSchema]);
  const shownErrors = useMemo(() => {
    const changed = (name: string) => !Object.is(formData[name], start[name]);
    const shown = attempted ? broken : broken.filter((rule) => ruleFields(rule).some(changed));
    const rules = Object.fromEntries(Object.entries(messagesByField(shown)).map(([f, m]) => [f, m[lang]]));
    return { ...rules, ...serverErrors };
  }, [broken, attempted, formData, start, lang, serverErrors]);

  const extraErrors = useMemo(() => {
    const out: Record<string, { __errors: string[] }> = {};
    for (const [name, message] of Object.entries(shownErrors)) {
      if (name in schema.properties) out[name] = { __errors: [message] };
    }
    return out as ErrorSchema<FormValues>;
  }, [shownErrors, schema]);
  // a message about a field this form does not show still has to reach the user
  const strayErrors = Object.entries(shownErrors).filter(([name]) => !(name in schema.properties));

  const transformErrors = (errors: RJSFValidationError[]) =>
    errors
      // the if/then of requiredWhen reports twice: once as `required`, which is the one to show
      .filter((e) => e.name !== 'if')
      .map((e) => {
        const name = fieldOf(e);
        const title = schema.properties[name]?.title ?? name;
        return { ...e, message: validationMessage(lang, e.name ?? 'invalid', { title, ...e.params }) };
      });

  const change = (next: FormValues) => {
    // a server message stops applying once its field is edited
    const stale = Object.keys(serverErrors).filter((name) => next[name] !== formData[name]);
    if (stale.length > 0) {
      setServerErrors((previous) =>
        Object.fromEntries(Object.entries(previous).filter(([n]) => !stale.includes(n))),
      );
    }
    setFormData(next);
    onDirtyChange?.(!sameValues(fields, start, next));
    // an onChange rjsf fires without an edit (a widget settling its value) saves nothing
    if (onValuesChange && !sameValues(fields, formData, next)) onValuesChange(sendable(next));
  };

  /** What a save sends of the form's values. */
  const sendable = (data: FormValues): FormValues => {
    const values: FormValues = {};
    for (const [name, value] of Object.entries(data)) {
      if (locked.has(name)) continue;
      // a field hidden by its condition does not apply to this row
      if (!isFieldVisible(uiSchema[name], data)) continue;
      // a batch update sets only what was filled in (an untouched list holds no entry)
      if (partial && (value === undefined || value === null || value === '' || isEmptyList(value))) continue;
      values[name] = value;
    }
    return values;
  };

  const submit = (data: FormValues) => {
    setAttempted(true);
    // a broken rule is already on its field; the server would refuse the save the same way
    if (broken.length > 0) return;
    const values = sendable(data);
    const changes = listChanges(fields, initial, values, partial);
    if (changes.length > 0) setPending({ values, changes });
    else void save(values);
  };

  const save = async (values: FormValues) => {
    setSaving(true);
    setServerErrors({});
    try {
      await onSubmit(values);
    } catch (error) {
      // other failures were already shown as a toast by the HTTP client
      if (isApiError(error) && error.fieldErrors) setServerErrors(error.fieldErrors);
    } finally {
      setSaving(false);
      setPending(null);
    }
  };

  return (
    <div onKeyDown={holdPickerEnter}>
      <AntdForm
        schema={schema as RJSFSchema}
        uiSchema={uiSchema as UiSchema}
        validator={validator}
        formData={formData}
        onChange={(e) => change(e.formData as FormValues)}
        onSubmit={(e) => submit(e.formData as FormValues)}
        // the errors are shown on the fields; rjsf would otherwise also log them to the console
        onError={() => setAttempted(true)}
        extraErrors={extraErrors}
        transformErrors={transformErrors}
        formContext={context}
        widgets={WIDGETS}
        templates={TEMPLATES}
        showErrorList={false}
        noHtml5Validate
        disabled={saving}
      >
        {strayErrors.length > 0 && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 16 }}
            title={strayErrors.map(([name, message]) => `${name}: ${message}`).join('; ')}
          />
        )}
        <Space>
          <Button type="primary" htmlType="submit" loading={saving} disabled={saving}>
            {submitText ?? t('save', lang)}
          </Button>
          {onCancel && (
            <Button onClick={onCancel} disabled={saving}>
              {t('cancel', lang)}
            </Button>
          )}
        </Space>
        {/* mounted only while a save waits; its dialog is a portal, outside the form element */}
        {pending && (
          <ChangeSummary
            changes={pending.changes}
            lang={lang}
            saving={saving}
            onConfirm={() => void save(pending.values)}
            onCancel={() => setPending(null)}
          />
        )}
      </AntdForm>
    </div>
  );
}

/**
 * Enter in a date picker's box confirms the typed date (the picker's own handler, which has run by
 * the time the key reaches here); the browser would also take it as the form's implicit
 * submission and save a half-filled form, so that default is held back for the picker alone.
 */
function holdPickerEnter(event: KeyboardEvent<HTMLDivElement>) {
  if (event.key !== 'Enter') return;
  const target = event.target as HTMLElement;
  if (target.closest('.ant-picker')) event.preventDefault();
}

const isEmptyList = (value: unknown) => Array.isArray(value) && value.length === 0;

/**
 * Whether every field holds what it held before (a value typed and erased again is no change; a
 * default the form fills in counts as what the field held).
 */
function sameValues(fields: Field[], before: FormValues, after: FormValues): boolean {
  return fields.every((f) => sameValue(f, before[f.name] ?? f.default, after[f.name] ?? f.default));
}
