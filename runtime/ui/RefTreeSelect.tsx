// The picker for a tree-parent field, or a ref to a tree resource (a content's category): the
// referenced rows shown as their tree. A tree-parent picker offers the root (0) as well; a
// multiple pick ticks each entry on its own, as the check tree (RefCheckTree.tsx) does.
import { TreeSelect } from 'antd';
import { useMemo, useState } from 'react';
import type { Id } from '../client/resourceClient.ts';
import type { Field, Lang } from '../schema/types.ts';
import { t } from './i18n.ts';
import { type RefOption, useRefOptions } from './useRefOptions.ts';

export interface RefTreeSelectProps {
  field: Field;
  value?: Id | Id[] | null;
  onChange: (value: Id | Id[] | undefined) => void;
  multiple?: boolean;
  lang: Lang;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
  /** the row being edited: in a parent picker it cannot become its own parent or its descendants' child */
  selfId?: Id;
  style?: React.CSSProperties;
}

const ROOT_ID = 0;

/** `rootId` and every option below it, as strings. */
function subtreeOf(options: readonly RefOption[], rootId: Id): Set<string> {
  const children = new Map<string, string[]>();
  for (const o of options) {
    const parent = String(o.parent);
    children.set(parent, [...(children.get(parent) ?? []), String(o.value)]);
  }
  const out = new Set<string>();
  const pending = [String(rootId)];
  while (pending.length > 0) {
    const id = pending.pop()!;
    if (out.has(id)) continue;
    out.add(id);
    pending.push(...(children.get(id) ?? []));
  }
  return out;
}

/** The ids of a strict multiple pick, which antd hands over as `{ label, value }` pairs. */
function idsOf(next: unknown): Id[] {
  if (!Array.isArray(next)) return [];
  return next.map((item) =>
    typeof item === 'object' && item !== null ? (item as { value: Id }).value : item,
  );
}

export function RefTreeSelect({
  field,
  value,
  onChange,
  multiple,
  lang,
  placeholder,
  disabled,
  id,
  selfId,
  style,
}: RefTreeSelectProps) {
  const { options, loading } = useRefOptions(field);
  const [expanded, setExpanded] = useState<Id[] | null>(null);
  const isParentPicker = field.type === 'tree-parent';
  const treeData = useMemo(() => {
    // a row cannot move under itself or under one of its own descendants. Only a parent picker
    // points into the edited row's own tree: a ref from a content to its category must not lose
    // the category that happens to share the content's id
    const excluded = isParentPicker && selfId !== undefined ? subtreeOf(options, selfId) : new Set<string>();
    const nodes = options.map((o) => ({
      id: o.value,
      pId: o.parent,
      value: o.value,
      title: o.label,
      disabled: excluded.has(String(o.value)),
    }));
    if (!isParentPicker) return nodes;
    // the root holds the whole tree, so choosing it means "top level"
    return [
      { id: ROOT_ID, pId: undefined, value: ROOT_ID, title: t('root', lang), disabled: false },
      ...nodes,
    ];
  }, [options, isParentPicker, selfId, lang]);

  return (
    <TreeSelect<Id | Id[]>
      id={id}
      value={value ?? undefined}
      onChange={(next) => onChange(multiple ? idsOf(next) : (next ?? undefined))}
      treeData={treeData}
      // rootPId left at its default: every row whose parent is not listed shows at the top
      treeDataSimpleMode={{ id: 'id', pId: 'pId' }}
      multiple={multiple}
      treeCheckable={multiple}
      // each entry ticked on its own: a cascade would save entries nobody chose (docs/schema.md)
      treeCheckStrictly={multiple}
      // everything open until the user folds something; a default expansion would apply only to
      // the rows present when the dropdown first opened, so options arriving later stayed folded
      treeExpandedKeys={expanded ?? treeData.map((node) => node.value)}
      onTreeExpand={(keys) => setExpanded(keys.filter((key): key is Id => typeof key !== 'bigint'))}
      allowClear
      loading={loading}
      disabled={disabled}
      placeholder={placeholder}
      showSearch={{ treeNodeFilterProp: 'title' }}
      style={{ minWidth: 180, ...style }}
    />
  );
}
