// One list cell's value in outline, drawn while its row is (OutlineRow.tsx): the text CellValue
// shows, without the tags, links and typography around it, and a box of its size where it shows
// a picture, so the row has the height it will have in full. A function, not a component: an
// outline row mounts no component per cell.
import { DATE_FORMAT } from '../client/constants.ts';
import type { ColumnDescriptor } from '../schema/columns.ts';
import type { Lang } from '../schema/types.ts';
import { type CellValueProps, isBlank } from './CellValue.tsx';
import { formatTime } from './formatTime.ts';
import { t } from './i18n.ts';
import { relativeTime } from './relativeTime.ts';

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

function text(column: ColumnDescriptor, value: unknown, lang: Lang, refLabels?: ReadonlyMap<string, string>) {
  const plain = String(value);
  switch (column.cell) {
    case 'tag':
      return column.options?.find((o) => String(o.value) === plain)?.label ?? plain;
    case 'boolean':
      return t(value === true || plain === 'true' || plain === '1' ? 'yes' : 'no', lang);
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

export function cellText({ column, value, lang, refLabels }: CellValueProps) {
  if (isBlank(value)) return null;
  if (column.cell === 'avatar' || column.cell === 'image') {
    const size = column.cell === 'avatar' ? AVATAR : THUMB;
    return <span style={{ display: 'inline-block', width: size, height: size, verticalAlign: 'middle' }} />;
  }
  const shown = text(column, value, lang, refLabels);
  const oneLine = column.cell === 'html' || column.cell === 'json' || column.cell === 'longText';
  return oneLine ? <span style={ONE_LINE}>{shown}</span> : shown;
}
