// One list cell's value in outline, drawn while its row is (OutlineRow.tsx): the text CellValue
// shows, without the links and typography around it, its tags as plain spans of antd's tag
// classes (tagLook.ts), and a box of its size where it shows a picture, so the row has the height
// it will have in full and its text stays where it will be. A function, not a component: an
// outline row mounts no component per cell.
import type { ReactNode } from 'react';
import { DATE_FORMAT } from '../client/constants.ts';
import type { ColumnDescriptor } from '../schema/columns.ts';
import type { Lang } from '../schema/types.ts';
import { type CellValueProps, isBlank, isOn, isScheduled, optionOf } from './CellValue.tsx';
import { formatTime } from './formatTime.ts';
import { t } from './i18n.ts';
import { relativeTime } from './relativeTime.ts';
import { tagLook } from './tagLook.ts';

/** CellValue's avatar (antd's small) and thumbnail sizes */
const AVATAR = 24;
const THUMB = 40;
/** a value CellValue keeps to one line (an ellipsis) stays on one line here */
const ONE_LINE = {
  display: 'block',
  overflow: 'hidden',
  whiteSpace: 'nowrap',
  textOverflow: 'ellipsis',
} as const;
/** antd's Flex line of a tag beside a value (gap 4, centred) and its wrapping line of tags */
const BESIDE = { display: 'flex', alignItems: 'center', gap: 4 } as const;
const WRAPPED = { display: 'flex', flexWrap: 'wrap', gap: 4 } as const;

/** A tag as antd draws it, without its component: `prefix` is antd's tag class (`ant-tag`). */
export function outlineTag(prefix: string, text: ReactNode, color?: string, key?: string) {
  const look = tagLook(prefix, color);
  return (
    <span key={key} className={look.className} style={look.style}>
      {text}
    </span>
  );
}

/** A value with a tag in front of it, as CellValue's scheduled time and DataCell's draft mark. */
export function taggedText(prefix: string, tag: string, color: string, value: ReactNode) {
  return (
    <span style={BESIDE}>
      {outlineTag(prefix, tag, color)}
      {value}
    </span>
  );
}

function text(column: ColumnDescriptor, value: unknown, lang: Lang, refLabels?: ReadonlyMap<string, string>) {
  const plain = String(value);
  switch (column.cell) {
    case 'tag':
      return optionOf(column, value)?.label ?? plain;
    case 'boolean':
      return t(isOn(value) ? 'yes' : 'no', lang);
    case 'date':
      return formatTime(value, DATE_FORMAT);
    case 'datetime':
      return (column.relative && relativeTime(value, lang)) || formatTime(value);
    case 'ref':
      return (Array.isArray(value) ? value : [value])
        .map((id) => refLabels?.get(String(id)) ?? String(id))
        .join(' ');
    case 'secret':
      return t('secret', lang);
    case 'json':
      return typeof value === 'string' ? value : JSON.stringify(value);
    // rich text is drawn as its plain text, which takes parsing the markup: left for the full draw
    case 'html':
      return '';
    default:
      return plain;
  }
}

export function cellText({ column, value, lang, refLabels, row }: CellValueProps, tagPrefix = 'ant-tag') {
  if (isBlank(value)) return null;
  if (column.cell === 'avatar' || column.cell === 'image') {
    const size = column.cell === 'avatar' ? AVATAR : THUMB;
    return <span style={{ display: 'inline-block', width: size, height: size, verticalAlign: 'middle' }} />;
  }
  const shown = text(column, value, lang, refLabels);
  switch (column.cell) {
    case 'tag':
      return outlineTag(tagPrefix, shown, optionOf(column, value)?.color);
    case 'boolean':
      return outlineTag(tagPrefix, shown, isOn(value) ? 'green' : 'default');
    case 'ref':
      if (!column.multiple) return shown;
      return (
        <span style={WRAPPED}>
          {(Array.isArray(value) ? value : [value]).map((id) =>
            outlineTag(tagPrefix, refLabels?.get(String(id)) ?? String(id), undefined, String(id)),
          )}
        </span>
      );
    case 'date':
    case 'datetime':
      return isScheduled(column, value, row)
        ? taggedText(
            tagPrefix,
            t('scheduled', lang),
            'orange',
            formatTime(value, column.cell === 'date' ? DATE_FORMAT : undefined),
          )
        : shown;
  }
  const oneLine = column.cell === 'html' || column.cell === 'json' || column.cell === 'longText';
  return oneLine ? <span style={ONE_LINE}>{shown}</span> : shown;
}
