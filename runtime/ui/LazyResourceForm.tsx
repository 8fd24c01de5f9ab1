// The resource form, loaded when a form first opens rather than with the list page. Its code
// (RJSF, its widgets and the form's own antd controls: about 410 kB, 135 kB gzipped) was a third
// of what a list page fetched, and compiling it held the page's opening for a task of 40 ms
// (docs/benchmarks.md, "Tree tables"). The buttons that open a form, in the toolbar and in a row,
// ask for it as the pointer or the focus reaches them, and a drawer that edits a row asks for it
// beside the row, so the form seldom waits; code that is here before the form is drawn draws it at
// once, with no skeleton between (a skeleton shown is held for React's 300 ms before the form
// replaces it: a row's first edit took 0.5-0.9 s to show its form when its code came at the click).
import { Skeleton } from 'antd';
import { Suspense } from 'react';
import { lazyWithPreload } from 'react-lazy-with-preload';
import type { Action, Resource } from '../schema/types.ts';
import type { ResourceFormProps } from './ResourceForm.tsx';
import { hasRichText, loadRichTextEditor } from './widgets/richTextEditorCode.ts';

const Form = lazyWithPreload(() => import('./ResourceForm.tsx').then((m) => ({ default: m.ResourceForm })));

/** Starts loading the form's code, once; for a resource whose form draws the rich-text editor,
 * the editor's code beside it. */
export function loadResourceForm(resource?: Resource): Promise<unknown> {
  const form = Form.preload();
  return resource && hasRichText(resource) ? Promise.all([form, loadRichTextEditor()]) : form;
}

/** Whether the action opens a form (a row's edit, a new row, a batch update, an action with a form
 * of its own): its button asks for the form's code as the pointer or the focus reaches it. */
export const opensForm = (action: Action) =>
  action.name === 'create' ||
  action.name === 'update' ||
  action.name === 'batchUpdate' ||
  action.form !== undefined;

/** ResourceForm, drawn as a skeleton until its code is here. */
export function LazyResourceForm(props: ResourceFormProps) {
  return (
    <Suspense fallback={<Skeleton active />}>
      <Form {...props} />
    </Suspense>
  );
}
