// The create / edit / action form of any resource, compiled from its schema by toJsonSchema, so
// the browser checks exactly what the server checks, with the same messages. A rejected save's
// per-field messages (ApiError.fieldErrors) are shown on the fields themselves.
import { Form as AntdForm } from '@rjsf/antd';
import type { ErrorSchema, RJSFSchema, RJSFValidationError, UiSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { Alert, Button, Space } from 'antd';
import { useMemo, useState } from 'react';
import { isApiError } from '../client/apiError.ts';
import type { Id } from '../client/resourceClient.ts';
import { toJsonSchema } from '../schema/compileJsonSchema.ts';
import type { Lang, Resource } from '../schema/types.ts';
import { validationMessage } from '../schema/validationMessages.ts';
import { type FormMode, writableFields } from '../schema/writable.ts';
import { t } from './i18n.ts';
import { AvatarWidget } from './widgets/AvatarWidget.tsx';
import type { ResourceFormContext } from './widgets/formContext.ts';
import { JsonWidget } from './widgets/JsonWidget.tsx';
import { isFieldVisible, LayoutObjectFieldTemplate } from './widgets/LayoutObjectFieldTemplate.tsx';
import { RefSelectWidget } from './widgets/RefSelectWidget.tsx';
import { RichTextWidget } from './widgets/RichTextWidget.tsx';
import { TreeSelectWidget } from './widgets/TreeSelectWidget.tsx';
import { UrlImageWidget } from './widgets/UrlImageWidget.tsx';

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
}

// the schema's own widget names (runtime/schema/fieldTypes.ts) that rjsf does not ship
const WIDGETS = {
  refSelect: RefSelectWidget,
  treeSelect: TreeSelectWidget,
  avatar: AvatarWidget,
  image: UrlImageWidget,
  upload: UrlImageWidget,
  json: JsonWidget,
  richtext: RichTextWidget,
};
const TEMPLATES = { ObjectFieldTemplate: LayoutObjectFieldTemplate };

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
}: ResourceFormProps) {
  const { schema, uiSchema } = useMemo(() => toJsonSchema(resource, mode, lang), [resource, mode, lang]);
  const partial = useMemo(() => writableFields(resource, mode).partial, [resource, mode]);
  const [formData, setFormData] = useState<FormValues>(() => {
    const start: FormValues = {};
    for (const name of Object.keys(schema.properties)) {
      if (initial && initial[name] !== undefined) start[name] = initial[name];
    }
    return start;
  });
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  const context = useMemo<ResourceFormContext>(
    () => ({
      lang,
      rowId: initial?.id as Id | undefined,
      fields: new Map(resource.fields.map((f) => [f.name, f])),
    }),
    [lang, initial, resource],
  );

  const extraErrors = useMemo(() => {
    const out: Record<string, { __errors: string[] }> = {};
    for (const [name, message] of Object.entries(serverErrors)) {
      if (name in schema.properties) out[name] = { __errors: [message] };
    }
    return out as ErrorSchema<FormValues>;
  }, [serverErrors, schema]);
  // a server message about a field this form does not show still has to reach the user
  const strayErrors = Object.entries(serverErrors).filter(([name]) => !(name in schema.properties));

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
  };

  const submit = async (data: FormValues) => {
    const values: FormValues = {};
    for (const [name, value] of Object.entries(data)) {
      // a field hidden by its condition does not apply to this row
      if (!isFieldVisible(uiSchema[name], data)) continue;
      // a batch update sets only what was filled in
      if (partial && (value === undefined || value === null || value === '')) continue;
      values[name] = value;
    }
    setSaving(true);
    setServerErrors({});
    try {
      await onSubmit(values);
    } catch (error) {
      // other failures were already shown as a toast by the HTTP client
      if (isApiError(error) && error.fieldErrors) setServerErrors(error.fieldErrors);
    } finally {
      setSaving(false);
    }
  };

  return (
    <AntdForm
      schema={schema as RJSFSchema}
      uiSchema={uiSchema as UiSchema}
      validator={validator}
      formData={formData}
      onChange={(e) => change(e.formData as FormValues)}
      onSubmit={(e) => submit(e.formData as FormValues)}
      // the errors are shown on the fields; rjsf would otherwise also log them to the console
      onError={() => {}}
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
    </AntdForm>
  );
}
