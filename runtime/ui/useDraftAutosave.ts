// The autosave of an edit form of a resource with `drafts: true`: every change is saved as the
// row's draft a short while after the last one (DRAFT_AUTOSAVE_MS), one save at a time, the
// newest values last. `flush` saves what is waiting at once (before a publish, a preview or a
// close); the state says what the editor sees: waiting, saving, saved (when) or failed (why).
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../client/apiError.ts';
import type { Draft, Id, ResourceClient } from '../client/resourceClient.ts';

/** How long after the last change the draft is saved. */
export const DRAFT_AUTOSAVE_MS = 2000;

export type AutosaveState =
  | { kind: 'idle' }
  | { kind: 'waiting' }
  | { kind: 'saving' }
  | { kind: 'saved' }
  | { kind: 'failed'; reason: string };

export interface DraftAutosave {
  state: AutosaveState;
  /** a change of the form's values: saved after the pause */
  change: (values: Record<string, unknown>) => void;
  /** saves the waiting values now; resolves once nothing is waiting or being saved */
  flush: () => Promise<void>;
  /** whether values are waiting or being saved, or the last save failed (closing would lose them) */
  unsaved: () => boolean;
  /** drops what waits (the row is about to be saved as it is) and resolves once no save runs */
  hold: () => Promise<void>;
}

function reasonOf(error: unknown): string {
  if (isApiError(error)) {
    const fields = error.fieldErrors ? Object.values(error.fieldErrors) : [];
    return fields.length > 0 ? fields.join('; ') : error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

export function useDraftAutosave(
  client: ResourceClient,
  id: Id | undefined,
  version: number | undefined,
  onSaved: (draft: Draft | null) => void,
): DraftAutosave {
  const [state, setState] = useState<AutosaveState>({ kind: 'idle' });
  const waiting = useRef<Record<string, unknown> | undefined>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const running = useRef<Promise<void>>(Promise.resolve());
  const failed = useRef(false);
  const busy = useRef(false);
  const mounted = useRef(true);
  const heard = useRef(onSaved);
  heard.current = onSaved;

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      clearTimeout(timer.current);
    };
  }, []);

  const saveWaiting = useCallback(async () => {
    const values = waiting.current;
    if (values === undefined || id === undefined) return;
    waiting.current = undefined;
    busy.current = true;
    if (mounted.current) setState({ kind: 'saving' });
    try {
      const draft = await client.saveDraft(id, values, { version });
      failed.current = false;
      if (!mounted.current) return;
      heard.current(draft);
      // newer values that arrived meanwhile keep their own wait
      if (waiting.current === undefined) setState({ kind: 'saved' });
    } catch (error) {
      failed.current = true;
      // kept for the next try, unless newer values came meanwhile
      waiting.current ??= values;
      if (mounted.current) setState({ kind: 'failed', reason: reasonOf(error) });
    } finally {
      busy.current = false;
    }
  }, [client, id, version]);

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    // one save at a time, in the order the changes came
    running.current = running.current.then(saveWaiting);
    return running.current;
  }, [saveWaiting]);

  const change = useCallback(
    (values: Record<string, unknown>) => {
      if (id === undefined) return;
      waiting.current = values;
      clearTimeout(timer.current);
      setState({ kind: 'waiting' });
      timer.current = setTimeout(() => void flush(), DRAFT_AUTOSAVE_MS);
    },
    [id, flush],
  );

  const unsaved = useCallback(() => waiting.current !== undefined || busy.current || failed.current, []);

  const hold = useCallback(() => {
    clearTimeout(timer.current);
    waiting.current = undefined;
    failed.current = false;
    setState({ kind: 'idle' });
    return running.current;
  }, []);

  return { state, change, flush, unsaved, hold };
}
