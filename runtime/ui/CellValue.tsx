// One list cell, drawn by the cell kind toListColumns gives its column (from the field type table),
// so every resource shows a status as a coloured tag and a time as `YYYY-MM-DD HH:mm:ss`.
import { Avatar, Image, Tag, Typography } from 'antd';
import { DATE_FORMAT } from '../client/constants.ts';
import type { ColumnDescriptor } from '../schema/columns.ts';
import type { Lang } from '../schema/types.ts';
import { avatarUrl } from './avatarUrl.ts';
import { formatTime } from './formatTime.ts';
import { t } from './i18n.ts';

export interface CellValueProps {
  column: ColumnDescriptor;
  value: unknown;
  lang: Lang;
  /** id → label of the referenced resource, for ref and tree-parent columns */
  refLabels?: ReadonlyMap<string, string>;
}

/** Only web links reach an href: a stored `javascript:` value must not become clickable. */
function safeUrl(value: unknown): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  if (/^https?:\/\//i.test(value) || value.startsWith('/')) return value;
  return /^[a-z][a-z0-9+.-]*:/i.test(value) ? undefined : value;
}

function plainText(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
}

function isBlank(value: unknown): boolean {
  return (
    value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)
  );
}

export function CellValue({ column, value, lang, refLabels }: CellValueProps) {
  if (isBlank(value)) return null;
  const text = String(value);
  switch (column.cell) {
    case 'tag': {
      const option = column.options?.find((o) => String(o.value) === text);
      return <Tag color={option?.color}>{option ? option.label : text}</Tag>;
    }
    case 'boolean': {
      const on = value === true || text === 'true' || text === '1';
      return <Tag color={on ? 'green' : 'default'}>{t(on ? 'yes' : 'no', lang)}</Tag>;
    }
    case 'date':
      return <>{formatTime(value, DATE_FORMAT)}</>;
    case 'datetime':
      return <>{formatTime(value)}</>;
    case 'ref': {
      const ids = Array.isArray(value) ? value : [value];
      const labels = ids.map((id) => refLabels?.get(String(id)) ?? String(id));
      if (!column.multiple) return <>{labels[0]}</>;
      return (
        <>
          {labels.map((labelText, i) => (
            <Tag key={String(ids[i])}>{labelText}</Tag>
          ))}
        </>
      );
    }
    case 'avatar':
      return <Avatar size="small" src={avatarUrl(value)} alt={column.title} />;
    case 'image': {
      const src = safeUrl(value);
      return src ? <Image src={src} width={40} height={40} style={{ objectFit: 'cover' }} /> : text;
    }
    case 'file':
    case 'link': {
      const href = safeUrl(value);
      return href ? (
        <a href={href} target="_blank" rel="noopener noreferrer">
          {text}
        </a>
      ) : (
        text
      );
    }
    case 'email':
      return <a href={`mailto:${text}`}>{text}</a>;
    case 'phone':
      return <a href={`tel:${text}`}>{text}</a>;
    case 'secret':
      return <>{t('secret', lang)}</>;
    case 'html':
      return <Typography.Text ellipsis>{plainText(text)}</Typography.Text>;
    case 'json':
      return (
        <Typography.Text code>{typeof value === 'string' ? value : JSON.stringify(value)}</Typography.Text>
      );
    case 'longText':
      return <Typography.Text ellipsis={{ tooltip: text }}>{text}</Typography.Text>;
    default:
      return <>{text}</>;
  }
}
