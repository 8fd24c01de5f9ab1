// Pictures are made ready for the web on upload (sharp): turned upright from their EXIF
// orientation, stripped of metadata (a phone's GPS position must not reach the public site),
// and given two WebP sizes beside the original: a thumbnail for list cells and a display size
// for the public site. Their names follow the original's (runtime/contract.ts derivedImageUrl),
// so whoever holds the original's URL finds them without another look-up.
import type { Sharp } from 'sharp';
import { IMAGE_SIZES, type ImageSize } from '../../runtime/contract.ts';

/** sharp (libvips, about 30 MB) is loaded with the first picture, not with the server: a server
 * that answers lists all day never needs it (docs/benchmarks.md, "The embedded database"). */
async function sharpOf(bytes: Buffer): Promise<Sharp> {
  const { default: sharp } = await import('sharp');
  return sharp(bytes);
}

/** Types sharp rewrites; a GIF keeps its animation, as sent (it has no EXIF to carry). */
const REWRITTEN = new Set(['image/jpeg', 'image/png', 'image/webp']);

export interface PreparedImage {
  /** the original, upright and without metadata (the same bytes for a type left as sent) */
  bytes: Buffer;
  width: number;
  height: number;
  variants: Array<{ size: ImageSize; bytes: Buffer }>;
}

/** Width and height as seen once upright (orientations 5-8 swap them). */
export async function uprightSize(bytes: Buffer): Promise<{ width: number; height: number }> {
  const meta = await (await sharpOf(bytes)).metadata();
  const swap = (meta.orientation ?? 1) >= 5;
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  return swap ? { width: height, height: width } : { width, height };
}

export async function prepareImage(bytes: Buffer, mime: string): Promise<PreparedImage> {
  const { width, height } = await uprightSize(bytes);
  if (!REWRITTEN.has(mime)) return { bytes, width, height, variants: [] };
  // rotate() with no angle applies the EXIF orientation; output keeps no metadata unless asked
  const upright = (await sharpOf(bytes)).rotate();
  const original =
    mime === 'image/jpeg'
      ? await upright.clone().jpeg({ quality: 90, mozjpeg: true }).toBuffer()
      : mime === 'image/png'
        ? await upright.clone().png().toBuffer()
        : await upright.clone().webp({ quality: 90 }).toBuffer();
  const variants = await Promise.all(
    (Object.keys(IMAGE_SIZES) as ImageSize[]).map(async (size) => ({
      size,
      bytes: await upright
        .clone()
        .resize({
          width: IMAGE_SIZES[size],
          height: IMAGE_SIZES[size],
          fit: 'inside',
          withoutEnlargement: true,
        })
        .webp({ quality: 80 })
        .toBuffer(),
    })),
  );
  return { bytes: original, width, height, variants };
}
