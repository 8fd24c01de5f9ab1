// The resource form, loaded when a form first opens rather than with the list page. Its code
// (RJSF, its widgets and the form's own antd controls: about 950 kB, 300 kB gzipped) was half of
// what a list page fetched, and compiling it held the page's opening for a task of 40 ms
// (docs/benchmarks.md, "Tree tables"). A drawer that edits a row asks for the code beside the
// row, and the create button asks for it as the pointer reaches it, so the form seldom waits.
import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import type { ResourceFormProps } from './ResourceForm.tsx';

let loading: Promise<typeof import('./ResourceForm.tsx')> | undefined;

/** Starts loading the form's code, once; a failed load is tried again at the next call. */
export function loadResourceForm(): Promise<typeof import('./ResourceForm.tsx')> {
  loading ??= import('./ResourceForm.tsx').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

const Form = lazy(() => loadResourceForm().then((m) => ({ default: m.ResourceForm })));

/** ResourceForm, drawn as a skeleton until its code is here. */
export function LazyResourceForm(props: ResourceFormProps) {
  return (
    <Suspense fallback={<Skeleton active />}>
      <Form {...props} />
    </Suspense>
  );
}
