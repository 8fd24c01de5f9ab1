// The rich-text editor behind the `richtext` widget: Tiptap (ProseMirror) with the formats of
// RichTextToolbar, keeping the field's value as HTML. Its schema only produces the elements the
// toolbar offers, so pasted Word or web markup is reduced to them before it is saved; the
// server sanitises what arrives all the same. Loaded on demand by RichTextWidget: list pages
// never pay for it.
import { Image as ImageNode } from '@tiptap/extension-image';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Typography, theme } from 'antd';
import { useEffect, useRef } from 'react';
import type { MediaItem } from '../../contract.ts';
import type { Lang } from '../../schema/types.ts';
import { t } from '../i18n.ts';
import { RichTextToolbar } from './RichTextToolbar.tsx';

export interface RichTextEditorProps {
  id: string;
  value: string | undefined;
  /** the HTML, or undefined once the editor is empty, so a required body reads as missing */
  onChange: (html: string | undefined) => void;
  onBlur?: () => void;
  disabled?: boolean;
  readOnly?: boolean;
  lang: Lang;
  /** the field's title, as the editing area's accessible name */
  label?: string;
  /**
   * Uploads a picture (picked, pasted or dropped) and gives its URL, or undefined when it was
   * refused; the reason is then shown by `uploadError`. Without it pictures come by address only.
   */
  uploadImage?: (file: File) => Promise<string | undefined>;
  uploading?: boolean;
  uploadError?: string;
  /**
   * Opens the media library; `insert` puts the chosen upload at the cursor (a picture as an
   * image, another file as a link named after it). Without it the toolbar has no library button.
   */
  chooseFromLibrary?: (insert: (item: MediaItem) => void) => void;
}

/** The picture files a paste or a drop carries (a screenshot, a photo from the desktop). */
function pictureFiles(data: DataTransfer | null): File[] {
  return [...(data?.files ?? [])].filter((file) => file.type.startsWith('image/'));
}

const EXTENSIONS = [
  StarterKit.configure({
    heading: { levels: [2, 3, 4] },
    // a click while editing places the cursor; it must not follow the link away from the form
    link: { openOnClick: false, autolink: true, defaultProtocol: 'https' },
    code: false,
    codeBlock: false,
  }),
  ImageNode.configure({ allowBase64: false }),
];

// what the editing area needs beyond the browser's defaults; React 19 puts it in <head> once
const CSS = `
.sa-richtext .tiptap, .sa-richtext .sa-richtext-waiting { min-height: 240px; max-height: 60vh; overflow-y: auto; padding: 4px 11px; outline: none; }
.sa-richtext .tiptap img { max-width: 100%; height: auto; }
.sa-richtext .tiptap blockquote { margin: 0 0 0 4px; padding-inline-start: 12px; border-inline-start: 3px solid rgba(0,0,0,0.15); color: rgba(0,0,0,0.65); }
.sa-richtext .tiptap a { color: inherit; text-decoration: underline; }
.sa-richtext .tiptap p { margin: 0.5em 0; }
`;

export function RichTextEditor({
  id,
  value,
  onChange,
  onBlur,
  disabled,
  readOnly,
  lang,
  label,
  uploadImage,
  uploading,
  uploadError,
  chooseFromLibrary,
}: RichTextEditorProps) {
  const { token } = theme.useToken();
  // the editor is created once; its callbacks reach the latest props through these
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const onBlurRef = useRef(onBlur);
  onBlurRef.current = onBlur;
  const uploadRef = useRef(uploadImage);
  uploadRef.current = uploadImage;
  const picker = useRef<HTMLInputElement>(null);
  /** the HTML this editor last reported, to tell its own echo from a value set from outside */
  const reported = useRef(value ?? '');
  const editable = !disabled && !readOnly;

  // Made after the form is drawn (an effect), not while it is drawn: Tiptap destroys an editor
  // made in a render that is not committed within a millisecond, which a render React cuts into
  // slices (the form drawer's, ResourceFormDrawer.tsx) never is; the store behind `useEditor` then
  // changes under the render, and React draws the whole page again in one piece to stay
  // consistent (docs/benchmarks.md, "Form drawers"). Until then the editing area is held empty
  // at its own height and the toolbar disabled.
  const editor = useEditor({
    immediatelyRender: false,
    extensions: EXTENSIONS,
    content: value ?? '',
    editable,
    // the toolbar subscribes to what it shows; the rest need not re-render on each keystroke
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        ...(label ? { 'aria-label': label } : {}),
      },
      // a pasted or dropped picture is uploaded and inserted by its URL, never kept as a data:
      // URL in the text; until the upload answers the text stays as it was
      handlePaste: (view, event) => {
        const files = pictureFiles(event.clipboardData);
        if (files.length === 0 || !uploadRef.current) return false;
        event.preventDefault();
        void insertUploaded(files, () => view.state.selection.from);
        return true;
      },
      handleDrop: (view, event, _slice, moved) => {
        const files = moved ? [] : pictureFiles(event.dataTransfer);
        if (files.length === 0 || !uploadRef.current) return false;
        event.preventDefault();
        const at = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos;
        void insertUploaded(files, () => at ?? view.state.selection.from);
        return true;
      },
    },
    onUpdate: ({ editor: e }) => {
      const html = e.isEmpty ? '' : e.getHTML();
      reported.current = html;
      onChangeRef.current(html === '' ? undefined : html);
    },
    onBlur: () => onBlurRef.current?.(),
  });

  /** Uploads the files one by one, each inserted where `at` says once its URL is known. */
  async function insertUploaded(files: File[], at: () => number): Promise<void> {
    for (const file of files) {
      const src = await uploadRef.current?.(file);
      if (!src || !editor) return;
      editor.commands.insertContentAt(at(), { type: 'image', attrs: { src } });
    }
  }

  function insertChosen(item: MediaItem): void {
    if (!editor) return;
    const chain = editor.chain().focus();
    if (item.kind === 'image') chain.setImage({ src: item.url, alt: item.originalName }).run();
    else
      chain
        .insertContent({
          type: 'text',
          text: item.originalName,
          marks: [{ type: 'link', attrs: { href: item.url } }],
        })
        .run();
  }

  useEffect(() => {
    editor?.setEditable(editable);
  }, [editor, editable]);

  useEffect(() => {
    // a value from outside (a reset, a reloaded row) replaces the content; the editor's own
    // changes coming back as the value do not, or the cursor would jump to the end
    const next = value ?? '';
    if (!editor || next === reported.current) return;
    reported.current = next;
    editor.commands.setContent(next, { emitUpdate: false });
  }, [editor, value]);

  return (
    <div
      className="sa-richtext"
      style={{
        border: `1px solid ${token.colorBorder}`,
        borderRadius: token.borderRadius,
        background: editable ? token.colorBgContainer : token.colorBgContainerDisabled,
      }}
    >
      <style href="sa-richtext" precedence="default">
        {CSS}
      </style>
      <div style={{ borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
        <RichTextToolbar
          editor={editor}
          lang={lang}
          disabled={!editable}
          uploading={uploading}
          onPickImage={uploadImage ? () => picker.current?.click() : undefined}
          onLibrary={chooseFromLibrary ? () => chooseFromLibrary(insertChosen) : undefined}
        />
      </div>
      {uploadImage && (
        <input
          ref={picker}
          type="file"
          accept="image/*"
          hidden
          aria-label={t('uploadImage', lang)}
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            event.target.value = '';
            void insertUploaded(files, () => editor?.state.selection.from ?? 0);
          }}
        />
      )}
      {/* the editing area's height is held while the editor is made */}
      {editor ? <EditorContent editor={editor} /> : <div className="sa-richtext-waiting" />}
      {uploadError && (
        <div role="alert" style={{ padding: '4px 11px' }}>
          <Typography.Text type="danger">{t('uploadFailed', lang, { reason: uploadError })}</Typography.Text>
        </div>
      )}
    </div>
  );
}
