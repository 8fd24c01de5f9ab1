// rjsf widget `richtext`: the HTML editor, loaded on demand so a list page and every form
// without a rich-text field leave its code (ProseMirror and Tiptap) unfetched.
import type { WidgetProps } from '@rjsf/utils';
import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { formContextOf } from './formContext.ts';
import { useFieldUpload } from './useFieldUpload.ts';

const RichTextEditor = lazy(() =>
  import('./RichTextEditor.tsx').then((m) => ({ default: m.RichTextEditor })),
);

export function RichTextWidget({
  id,
  name,
  value,
  onChange,
  onBlur,
  disabled,
  readonly,
  label,
  registry,
}: WidgetProps) {
  const { lang, resource } = formContextOf(registry);
  const upload = useFieldUpload(resource, name, undefined, lang);
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
      <RichTextEditor
        id={id}
        value={typeof value === 'string' ? value : undefined}
        onChange={onChange}
        onBlur={() => onBlur(id, value)}
        disabled={disabled}
        readOnly={readonly}
        lang={lang}
        label={label}
        uploadImage={async (file) => (await upload.send(file))?.url}
        uploading={Boolean(upload.sending)}
        uploadError={upload.error}
      />
    </Suspense>
  );
}
