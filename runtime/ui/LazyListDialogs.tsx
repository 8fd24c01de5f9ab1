// The list page's dialogs (the form's drawer, the action form, the import, the recycle bin),
// loaded when one first opens, or when the user's pointer or focus first reaches the toolbar or
// a row's actions (ResourcePage.tsx), rather than with the list page. With them the list page's
// chunk held antd's tabs, upload, progress and drawer, the revision history and its diff: code
// every list page compiled on its opening, in the task of a reload's start that asks for the
// page (docs/benchmarks.md, "Tree tables"), for dialogs most visits never open. A dialog draws
// nothing until its code is here, which the page asks for well before a click on it
// (`loadListDialogs`). The form's own code is not asked for with them: compiling it is a task of
// about 40 ms, left for the moment a form is about to open (LazyResourceForm.tsx); a dialog that
// holds a form asks for it as it opens.
import { type ComponentType, Suspense, useEffect } from 'react';
import { lazyWithPreload } from 'react-lazy-with-preload';
import type { ActionFormModalProps } from './ActionFormModal.tsx';
import type { ImportDialogProps } from './ImportDialog.tsx';
import { loadResourceForm } from './LazyResourceForm.tsx';
import type { RecycleBinProps } from './RecycleBin.tsx';
import type { ResourceFormDrawerProps } from './ResourceFormDrawer.tsx';

const Drawer = lazyWithPreload(() =>
  import('./ResourceFormDrawer.tsx').then((m) => ({ default: m.ResourceFormDrawer })),
);
const ActionForm = lazyWithPreload(() =>
  import('./ActionFormModal.tsx').then((m) => ({ default: m.ActionFormModal })),
);
const Import = lazyWithPreload(() => import('./ImportDialog.tsx').then((m) => ({ default: m.ImportDialog })));
const Bin = lazyWithPreload(() => import('./RecycleBin.tsx').then((m) => ({ default: m.RecycleBin })));

let loading: Promise<unknown> | undefined;
/** Starts loading every dialog's code, once; resolves when all is here. */
export function loadListDialogs(): Promise<unknown> {
  loading ??= Promise.all([Drawer, ActionForm, Import, Bin].map((dialog) => dialog.preload()));
  return loading;
}

/** A lazy dialog: nothing until its code is here (a dialog opens as it arrives). One that holds a
 * form asks for the form's code as it opens, beside its own, not after it. */
function later<P extends object>(Dialog: ComponentType<P>, holdsForm: boolean) {
  return function LaterDialog(props: P) {
    useEffect(() => {
      if (holdsForm) void loadResourceForm();
    }, []);
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}

export const ResourceFormDrawer = later<ResourceFormDrawerProps>(Drawer, true);
export const ActionFormModal = later<ActionFormModalProps>(ActionForm, true);
export const ImportDialog = later<ImportDialogProps>(Import, false);
export const RecycleBin = later<RecycleBinProps>(Bin, false);
