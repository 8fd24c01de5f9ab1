// What may be uploaded: a short list of extensions a school CMS needs, each with the media type
// it is served as and what its first bytes must look like. The extension alone is the client's
// word; the bytes (read by file-type) must agree, so a script renamed .png is refused. Images
// are the files anyone may view (under /uploads/); the others are downloads for staff.
import type { I18n } from '../../runtime/schema/types.ts';

export interface FileTypeRule {
  /** the extension the stored file gets */
  ext: string;
  mime: string;
  image: boolean;
  /**
   * what file-type must find in the bytes; null: nothing it knows (plain text). Office files
   * written by some tools read as plain zip (docx, xlsx, pptx) or as the old compound format
   */
  detected: Array<string | null>;
}

const rule = (ext: string, mime: string, image: boolean, detected: Array<string | null>): FileTypeRule => ({
  ext,
  mime,
  image,
  detected,
});

export const FILE_TYPES: Record<string, FileTypeRule> = {
  jpg: rule('jpg', 'image/jpeg', true, ['jpg']),
  jpeg: rule('jpg', 'image/jpeg', true, ['jpg']),
  png: rule('png', 'image/png', true, ['png']),
  gif: rule('gif', 'image/gif', true, ['gif']),
  webp: rule('webp', 'image/webp', true, ['webp']),
  pdf: rule('pdf', 'application/pdf', false, ['pdf']),
  doc: rule('doc', 'application/msword', false, ['cfb']),
  xls: rule('xls', 'application/vnd.ms-excel', false, ['cfb']),
  ppt: rule('ppt', 'application/vnd.ms-powerpoint', false, ['cfb']),
  docx: rule('docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', false, [
    'docx',
    'zip',
  ]),
  xlsx: rule('xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', false, [
    'xlsx',
    'zip',
  ]),
  pptx: rule('pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation', false, [
    'pptx',
    'zip',
  ]),
  zip: rule('zip', 'application/zip', false, ['zip']),
  txt: rule('txt', 'text/plain; charset=utf-8', false, [null]),
  csv: rule('csv', 'text/csv; charset=utf-8', false, [null]),
};

/** The media types served publicly under /uploads/: the image types of the list, nothing else. */
export const PUBLIC_IMAGE_TYPES: ReadonlySet<string> = new Set(
  Object.values(FILE_TYPES)
    .filter((t) => t.image)
    .map((t) => t.mime),
);

/** Whether a stored file's record allows serving it to anyone: an upload of an image type. */
export function isPublicImage(record: { kind: string; mime: string }): boolean {
  return record.kind === 'upload' && PUBLIC_IMAGE_TYPES.has(record.mime);
}

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/** The rule the file meets, or why it meets none. */
export async function checkFileType(
  fileName: string,
  bytes: Buffer,
): Promise<{ ok: true; type: FileTypeRule } | { ok: false; message: I18n }> {
  const type = FILE_TYPES[extensionOf(fileName)];
  if (!type) {
    const kinds = Object.keys(FILE_TYPES).join(', ');
    return {
      ok: false,
      message: { zh: `只能上传 ${kinds} 文件`, en: `only ${kinds} files can be uploaded` },
    };
  }
  // loaded with the first upload, not with the server (about 12 MB a list-serving server never needs)
  const { fileTypeFromBuffer } = await import('file-type');
  // a plain view of the bytes: file-type checks `instanceof Uint8Array` of its own realm, which a
  // page test's jsdom globals make a different one from Buffer's
  const found = await fileTypeFromBuffer(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  // file-type answers txt for some text; for our purpose that is "no binary format found"
  const detected = found && found.ext !== 'txt' ? found.ext : null;
  if (!type.detected.includes(detected)) {
    const extension = extensionOf(fileName);
    return {
      ok: false,
      message: {
        zh: `文件内容不是 .${extension} 文件`,
        en: `the file's content is not a .${extension} file`,
      },
    };
  }
  return { ok: true, type };
}
