// Which picture the public image path sends: an uploaded original (jpg, png, webp) has a WebP
// display size (imageVariants.ts); a client whose Accept names image/webp gets that, the others
// the original in its own format. The answer varies with Accept, and says so (Vary: Accept).
import { derivedImageUrl, UPLOADS_PREFIX } from '../../runtime/contract.ts';

/** The display size's stored name for an original that has one by its name, else undefined. */
export function negotiableOriginal(record: { name: string; variant_of: string | null }): string | undefined {
  if (record.variant_of !== null) return undefined;
  return derivedImageUrl(`${UPLOADS_PREFIX}${record.name}`, 'display')?.slice(UPLOADS_PREFIX.length);
}

/** Whether an Accept header takes image/webp (named, and not with q=0). */
export function acceptsWebp(accept: string | undefined): boolean {
  if (!accept) return false;
  return accept.split(',').some((part) => {
    const [type, ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    if (type !== 'image/webp') return false;
    const q = params.find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}
