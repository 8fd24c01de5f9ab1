// The last step of saving a form with `confirmChanges` fields: what the save adds and removes,
// each entry by its name (its path, in a tree) and its detail (a button's permission code), so
// an administrator sees exactly what a role will gain and lose before anything is sent. A branch
// ticked or unticked whole can change a thousand entries at once: such a list scrolls in a box of
// its own and draws the entries in view (@tanstack/react-virtual), every one still reachable.
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { Modal, Typography } from 'antd';
import { type ReactNode, useMemo, useRef } from 'react';
import type { Id } from '../client/resourceClient.ts';
import type { Field, Lang } from '../schema/types.ts';
import { labelPaths, nestOptions } from './checkTree.ts';
import { type MessageKey, t } from './i18n.ts';
import type { ListChange } from './listChanges.ts';
import { useRefOptions } from './useRefOptions.ts';
import { sizeAfterLayout } from './useVirtualRows.ts';

export interface ChangeSummaryProps {
  /** the changes to confirm; the form mounts the dialog only while a save waits for them */
  changes: readonly ListChange[];
  lang: Lang;
  saving: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

interface EntryName {
  name: string;
  detail?: string;
}

/** id → how the summary names it: the path from the tree's root, or the label. */
function useEntryNames(field: Field): (id: Id) => EntryName {
  const { options } = useRefOptions(field);
  const names = useMemo(() => {
    const paths = field.refTree ? labelPaths(nestOptions(options)) : new Map<string, string[]>();
    return new Map(
      options.map((o) => [
        String(o.value),
        { name: (paths.get(String(o.value)) ?? [o.label]).join(' / '), detail: o.detail },
      ]),
    );
  }, [field.refTree, options]);
  // an entry deleted meanwhile is still worth naming
  return (id) => names.get(String(id)) ?? { name: `#${id}` };
}

/** A list longer than this scrolls in its own box, drawing only the entries in view. */
const LONG_LIST = 100;
const ENTRY_HEIGHT = 24;
const BOX_HEIGHT = 320;

function Entry({ entry, tone }: { entry: EntryName; tone: 'added' | 'removed' }) {
  return (
    <>
      <Typography.Text delete={tone === 'removed'}>{entry.name}</Typography.Text>
      {entry.detail && (
        <Typography.Text code style={{ marginInlineStart: 8 }}>
          {entry.detail}
        </Typography.Text>
      )}
    </>
  );
}

/** The entries of a long list in view, each measured as drawn (a name that wraps grows its entry). */
function VirtualEntries({ ids, render }: { ids: readonly Id[]; render: (id: Id) => ReactNode }) {
  const holder = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer<HTMLDivElement, HTMLLIElement>({
    count: ids.length,
    getScrollElement: () => holder.current,
    estimateSize: () => ENTRY_HEIGHT,
    overscan: 8,
    getItemKey: (index) => String(ids[index]),
    // a box not laid out (jsdom) is taken as its full height
    observeElementRect: (instance, report) =>
      observeElementRect(instance, (rect) =>
        report(rect.height > 0 ? rect : { width: rect.width, height: BOX_HEIGHT }),
      ),
    measureElement: sizeAfterLayout(ENTRY_HEIGHT),
    useFlushSync: false,
  });
  return (
    <div ref={holder} data-testid="change-entries-box" style={{ maxHeight: BOX_HEIGHT, overflowY: 'auto' }}>
      <ul style={{ margin: 0, padding: 0, position: 'relative', height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => (
          <li
            key={item.key}
            ref={virtualizer.measureElement}
            data-index={item.index}
            data-testid="change-entry"
            // the list's size and each entry's place, which the entries drawn alone do not tell
            aria-setsize={ids.length}
            aria-posinset={item.index + 1}
            style={{
              // the list's marker sits in the 20 px before the entry, as in a list drawn whole
              position: 'absolute',
              top: 0,
              insetInlineStart: 20,
              insetInlineEnd: 0,
              transform: `translateY(${item.start}px)`,
            }}
          >
            {render(ids[item.index])}
          </li>
        ))}
      </ul>
    </div>
  );
}

function EntryList({
  heading,
  ids,
  tone,
  nameOf,
  lang,
}: {
  heading: MessageKey;
  ids: readonly Id[];
  tone: 'added' | 'removed';
  nameOf: (id: Id) => EntryName;
  lang: Lang;
}) {
  const render = (id: Id) => <Entry entry={nameOf(id)} tone={tone} />;
  return (
    <div data-testid={`changes-${tone}`} style={{ marginBottom: 12 }}>
      <Typography.Text strong type={tone === 'removed' ? 'danger' : 'success'}>
        {t(heading, lang, { count: ids.length })}
      </Typography.Text>
      {ids.length > LONG_LIST ? (
        <div style={{ marginTop: 4 }}>
          <VirtualEntries ids={ids} render={render} />
        </div>
      ) : (
        <ul style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
          {ids.map((id) => (
            <li key={String(id)} data-testid="change-entry">
              {render(id)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function FieldChanges({ change, lang }: { change: ListChange; lang: Lang }) {
  const nameOf = useEntryNames(change.field);
  return (
    <section data-testid={`changes-of-${change.field.name}`}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {change.field.title[lang]}
      </Typography.Title>
      {change.kind === 'set' ? (
        <EntryList heading="changesSet" ids={change.added} tone="added" nameOf={nameOf} lang={lang} />
      ) : (
        <>
          {change.added.length > 0 && (
            <EntryList heading="changesAdded" ids={change.added} tone="added" nameOf={nameOf} lang={lang} />
          )}
          {change.removed.length > 0 && (
            <EntryList
              heading="changesRemoved"
              ids={change.removed}
              tone="removed"
              nameOf={nameOf}
              lang={lang}
            />
          )}
        </>
      )}
    </section>
  );
}

export function ChangeSummary({ changes, lang, saving, onConfirm, onCancel }: ChangeSummaryProps) {
  return (
    <Modal
      open
      title={t('changesTitle', lang)}
      okText={t('confirmSave', lang)}
      cancelText={t('backToEdit', lang)}
      onOk={onConfirm}
      onCancel={onCancel}
      confirmLoading={saving}
      // going back while the save is under way would leave its outcome unseen
      cancelButtonProps={{ disabled: saving }}
      closable={!saving}
      mask={{ closable: !saving }}
      keyboard={!saving}
      styles={{ body: { maxHeight: '60vh', overflowY: 'auto' } }}
    >
      <div data-testid="change-summary">
        {changes.map((change) => (
          <FieldChanges key={change.field.name} change={change} lang={lang} />
        ))}
      </div>
    </Modal>
  );
}
