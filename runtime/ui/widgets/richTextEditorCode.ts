// The rich-text editor's code (ProseMirror and Tiptap), a chunk of its own that only a form with a
// rich-text field asks for. A form that draws the editor before its code is here shows a skeleton,
// which React then holds for its 300 ms and replaces in a task of its own, the editor's whole
// commit in one frame; so the code is asked for with the form's (loadResourceForm), as the
// pointer reaches a button that opens the form.
import { lazyWithPreload } from 'react-lazy-with-preload';
import { FIELD_TYPE_SPECS } from '../../schema/fieldTypes.ts';
import type { Resource } from '../../schema/types.ts';

export const LazyRichTextEditor = lazyWithPreload(() =>
  import('./RichTextEditor.tsx').then((m) => ({ default: m.RichTextEditor })),
);

/** Whether the resource's form draws the editor: a field whose type's widget is the editor. */
export const hasRichText = (resource: Resource) =>
  resource.fields.some((field) => FIELD_TYPE_SPECS[field.type].widget === 'richtext');

/** Starts loading the editor's code, once. */
export function loadRichTextEditor(): Promise<unknown> {
  return LazyRichTextEditor.preload();
}
