// The resource form, loaded when a form first opens rather than with the list page. Its code
// (RJSF, its widgets and the form's own antd controls: about 410 kB, 135 kB gzipped) was a third
// of what a list page fetched, and compiling it held the page's opening for a task of 40 ms
// (docs/benchmarks.md, "Tree tables"). A drawer that edits a row asks for the code beside the
// row, and the buttons that open a form ask for it as the pointer reaches them, so the form seldom
// waits; code that is here before the form is drawn draws it at once, with no skeleton between.
import { Skeleton } from 'antd';
import { Suspense } from 'react';
import { lazyWithPreload } from 'react-lazy-with-preload';
import type { ResourceFormProps } from './ResourceForm.tsx';

const Form = lazyWithPreload(() => import('./ResourceForm.tsx').then((m) => ({ default: m.ResourceForm })));

/** Starts loading the form's code, once. */
export function loadResourceForm(): Promise<unknown> {
  return Form.preload();
}

/** ResourceForm, drawn as a skeleton until its code is here. */
export function LazyResourceForm(props: ResourceFormProps) {
  return (
    <Suspense fallback={<Skeleton active />}>
      <Form {...props} />
    </Suspense>
  );
}
