// One list cell, drawn by the cell kind toListColumns gives its column (from the field type table),
// so every resource shows a status as a coloured tag and a time as `YYYY-MM-DD HH:mm:ss`.
import { Avatar, Flex, Image, Tag, Typography } from 'antd';
import { DATE_FORMAT } from '../client/constants.ts';
import { derivedImageUrl } from '../contract.ts';
import type { ColumnDescriptor } from '../schema/columns.ts';
import { evaluateCondition } from '../schema/condition.ts';
import type { Lang } from '../schema/types.ts';
import { avatarUrl } from './avatarUrl.ts';
import { formatTime } from './formatTime.ts';
import { t } from './i18n.ts';
import { relativeTime } from './relativeTime.ts';

export interface CellValueProps {
  column: ColumnDescriptor;
  value: unknown;
  lang: Lang;
  /** id → label of the referenced resource, for ref and tree-parent columns */
  refLabels?: ReadonlyMap<string, string>;
  /** the whole row, for a cell whose look depends on another field (a publish time's 已排期) */
  row?: Record<string, unknown>;
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

/** A publish time still ahead: the row is scheduled, not yet public. */
function Scheduled({ lang, time }: { lang: Lang; time: string }) {
  return (
    <Flex gap={4} align="center">
      <Tag color="orange">{t('scheduled', lang)}</Tag>
      {time}
    </Flex>
  );
}

const isAhead = (value: unknown) => new Date(String(value)).getTime() > Date.now();

/** A publish time ahead, on a row that will then be public (not a draft with a time set). */
export function isScheduled(
  column: ColumnDescriptor,
  value: unknown,
  row?: Record<string, unknown>,
): boolean {
  if (!column.publishAt || !isAhead(value)) return false;
  return !column.publishedWhen || !row || evaluateCondition(column.publishedWhen, row);
}

/** The schema's option an enum cell's value stands for (its label and tag colour), if any. */
export function optionOf(column: ColumnDescriptor, value: unknown) {
  return column.options?.find((o) => String(o.value) === String(value));
}

/** A boolean cell's value read as on: true, 'true' or 1 (a database's or a form's way of saying it). */
export function isOn(value: unknown): boolean {
  const text = String(value);
  return value === true || text === 'true' || text === '1';
}

/** A value drawn as an empty cell. */
export function isBlank(value: unknown): boolean {
  return (
    value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)
  );
}

export function CellValue({ column, value, lang, refLabels, row }: CellValueProps) {
  if (isBlank(value)) return null;
  const text = String(value);
  switch (column.cell) {
    case 'tag': {
      const option = optionOf(column, value);
      return <Tag color={option?.color}>{option ? option.label : text}</Tag>;
    }
    case 'boolean': {
      const on = isOn(value);
      return <Tag color={on ? 'green' : 'default'}>{t(on ? 'yes' : 'no', lang)}</Tag>;
    }
    case 'date':
    case 'datetime': {
      const time = column.cell === 'date' ? formatTime(value, DATE_FORMAT) : formatTime(value);
      if (isScheduled(column, value, row)) return <Scheduled lang={lang} time={time} />;
      const ago = column.relative ? relativeTime(value, lang) : undefined;
      return ago ? (
        <time dateTime={text} title={time}>
          {ago}
        </time>
      ) : (
        time
      );
    }
    case 'ref': {
      const ids = Array.isArray(value) ? value : [value];
      const labels = ids.map((id) => refLabels?.get(String(id)) ?? String(id));
      if (!column.multiple) return <>{labels[0]}</>;
      // antd 6 tags keep no margin of their own: the gap spaces them
      return (
        <Flex wrap gap={4}>
          {labels.map((labelText, i) => (
            <Tag key={String(ids[i])}>{labelText}</Tag>
          ))}
        </Flex>
      );
    }
    case 'avatar':
      return <Avatar size="small" src={avatarUrl(value)} alt={column.title} />;
    case 'image': {
      const src = safeUrl(value);
      if (!src) return text;
      // the thumbnail made on upload, never the original photo; a picture uploaded before
      // thumbnails were made has none, and then the original shows (fallback)
      const thumb = derivedImageUrl(src, 'thumb');
      return (
        <Image
          src={thumb ?? src}
          fallback={thumb ? src : undefined}
          preview={{ src: derivedImageUrl(src, 'display') ?? src }}
          width={40}
          height={40}
          style={{ objectFit: 'cover' }}
        />
      );
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
