// rjsf widget `richtext`: the HTML editor, loaded on demand so a list page and every form
// without a rich-text field leave its code (ProseMirror and Tiptap) unfetched. Pictures and
// files come by upload, by address, or from the media library.
import type { WidgetProps } from '@rjsf/utils';
import { Skeleton } from 'antd';
import { Suspense, useRef, useState } from 'react';
import type { MediaItem } from '../../contract.ts';
import { MediaLibraryDialog } from '../MediaLibraryDialog.tsx';
import { formContextOf } from './formContext.ts';
import { LazyRichTextEditor as RichTextEditor } from './richTextEditorCode.ts';
import { useFieldUpload } from './useFieldUpload.ts';

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
  const [library, setLibrary] = useState(false);
  /** where the library's choice goes: the editor's insert at its cursor */
  const insert = useRef<(item: MediaItem) => void>(undefined);
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
      <MediaLibraryDialog
        open={library}
        lang={lang}
        onSelect={(item) => insert.current?.(item)}
        onClose={() => setLibrary(false)}
      />
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
        chooseFromLibrary={(put) => {
          insert.current = put;
          setLibrary(true);
        }}
      />
    </Suspense>
  );
}
