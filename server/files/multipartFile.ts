// The one file of a multipart body (an upload, an import), read whole into memory: both are
// bounded (docs/api.md), and a file over its limit is a 413 from @fastify/multipart. A body
// the multipart parser cannot read (no boundary, a boundary that never comes, a cut-off part)
// is the client's mistake: a 400 on `file`, never a 500.
import type { FastifyRequest } from 'fastify';
import { ApiError, badRequest } from '../http/errors.ts';

const BOUNDARY = /;\s*boundary=("[^"]+"|[^;\s]+)/i;

/** Errors @fastify/multipart raises carry their status (413: too large); busboy's own are plain. */
function asClientError(error: unknown): unknown {
  const status = (error as { statusCode?: number }).statusCode;
  if (error instanceof ApiError || (status !== undefined && status >= 400 && status < 500)) return error;
  return badRequest({ file: 'the multipart/form-data body cannot be read' });
}

export async function readOneFile(request: FastifyRequest, limit: number) {
  if (!request.isMultipart()) throw badRequest({ file: 'send the file as multipart/form-data' });
  if (!BOUNDARY.test(request.headers['content-type'] ?? '')) {
    throw badRequest({ file: 'the multipart/form-data content type names no boundary' });
  }
  try {
    const part = await request.file({ limits: { fileSize: limit, files: 1 } });
    if (!part) throw badRequest({ file: 'required' });
    // the text parts sent before the file (an upload's resource and field)
    const fields: Record<string, string> = {};
    for (const [name, entry] of Object.entries(part.fields)) {
      const value = Array.isArray(entry) ? entry[0] : entry;
      if (value && value.type === 'field' && typeof value.value === 'string') fields[name] = value.value;
    }
    // a part busboy reads as a file for its type alone has no name: '' (no extension) then
    return { fileName: part.filename ?? '', bytes: await part.toBuffer(), fields };
  } catch (error) {
    throw asClientError(error);
  }
}
