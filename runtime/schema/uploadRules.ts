// What an `image`, `avatar` or `file` field accepts (docs/schema.md "Upload rules"): the media
// types, the largest size in bytes, and for pictures the largest width and height in pixels.
// The YAML block is small and optional; the server enforces it on the sniffed file, and the form
// checks the same rules before sending, so a refusal is said before the bytes travel.

export interface UploadRules {
  /** media types, as the server serves them (image/jpeg, application/pdf) */
  accept?: string[];
  /** bytes */
  maxSize?: number;
  maxWidth?: number;
  maxHeight?: number;
}

/** The YAML form: maxSize may be written with a unit, 5MB, 200KB. */
export interface RawUploadRules extends Omit<UploadRules, 'maxSize'> {
  maxSize?: number | string;
}

export const UPLOAD_FIELD_TYPES = new Set(['image', 'avatar', 'file']);

const SIZE = /^(\d+(?:\.\d+)?)\s*(B|KB|MB|GB)?$/i;
const UNITS: Record<string, number> = { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 };

export const uploadRulesMetaSchema = {
  type: 'object',
  properties: {
    accept: {
      type: 'array',
      minItems: 1,
      uniqueItems: true,
      items: {
        type: 'string',
        pattern: '^[a-z]+/[a-z0-9.+-]+$',
        description: 'a media type such as image/png',
      },
    },
    maxSize: {
      anyOf: [
        { type: 'integer', minimum: 1 },
        { type: 'string', pattern: SIZE.source, description: 'a size such as 5MB' },
      ],
    },
    maxWidth: { type: 'integer', minimum: 1 },
    maxHeight: { type: 'integer', minimum: 1 },
  },
  additionalProperties: false,
} as const;

/** Bytes of a size written as a number or with a unit (5MB = 5 × 1024 × 1024). */
export function parseSize(size: number | string): number {
  if (typeof size === 'number') return size;
  const match = SIZE.exec(size.trim());
  if (!match) throw new Error(`not a size: ${size}`);
  return Math.round(Number(match[1]) * UNITS[(match[2] ?? 'B').toUpperCase()]);
}

export function normalizeUploadRules(raw: RawUploadRules | undefined): UploadRules | undefined {
  if (!raw) return undefined;
  return {
    accept: raw.accept,
    maxSize: raw.maxSize === undefined ? undefined : parseSize(raw.maxSize),
    maxWidth: raw.maxWidth,
    maxHeight: raw.maxHeight,
  };
}

/** A size for people: 5 MB, 200 KB. */
export function formatSize(bytes: number): string {
  if (bytes >= UNITS.MB) return `${+(bytes / UNITS.MB).toFixed(1)} MB`;
  if (bytes >= UNITS.KB) return `${+(bytes / UNITS.KB).toFixed(1)} KB`;
  return `${bytes} B`;
}

export type UploadBreach =
  | { rule: 'accept'; accept: string[] }
  | { rule: 'maxSize'; maxSize: number }
  | { rule: 'maxWidth'; maxWidth: number }
  | { rule: 'maxHeight'; maxHeight: number };

/** The first rule a file breaks, from what is known of it (pixels only once read), or undefined. */
export function uploadBreach(
  rules: UploadRules | undefined,
  file: { type: string; size: number; width?: number; height?: number },
): UploadBreach | undefined {
  if (!rules) return undefined;
  const type = file.type.split(';')[0].trim().toLowerCase();
  if (rules.accept && !rules.accept.includes(type)) return { rule: 'accept', accept: rules.accept };
  if (rules.maxSize !== undefined && file.size > rules.maxSize)
    return { rule: 'maxSize', maxSize: rules.maxSize };
  if (rules.maxWidth !== undefined && file.width !== undefined && file.width > rules.maxWidth)
    return { rule: 'maxWidth', maxWidth: rules.maxWidth };
  if (rules.maxHeight !== undefined && file.height !== undefined && file.height > rules.maxHeight)
    return { rule: 'maxHeight', maxHeight: rules.maxHeight };
  return undefined;
}

/** What a breach says, in both languages, naming the rule. */
export function breachMessage(breach: UploadBreach): { zh: string; en: string } {
  switch (breach.rule) {
    case 'accept':
      return {
        zh: `只接受 ${breach.accept.join(', ')} 类型的文件（accept）`,
        en: `only ${breach.accept.join(', ')} files are accepted (accept)`,
      };
    case 'maxSize':
      return {
        zh: `文件不能大于 ${formatSize(breach.maxSize)}（maxSize）`,
        en: `the file must be at most ${formatSize(breach.maxSize)} (maxSize)`,
      };
    case 'maxWidth':
      return {
        zh: `图片宽度不能超过 ${breach.maxWidth} 像素（maxWidth）`,
        en: `the picture must be at most ${breach.maxWidth} pixels wide (maxWidth)`,
      };
    case 'maxHeight':
      return {
        zh: `图片高度不能超过 ${breach.maxHeight} 像素（maxHeight）`,
        en: `the picture must be at most ${breach.maxHeight} pixels high (maxHeight)`,
      };
  }
}
