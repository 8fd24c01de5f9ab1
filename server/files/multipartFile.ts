// The one file of a multipart body (an upload, an import), read whole into memory: both are
// bounded (docs/api.md), and a file over its limit is a 413 from @fastify/multipart.
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../http/errors.ts';

export async function readOneFile(request: FastifyRequest, limit: number) {
  if (!request.isMultipart()) throw badRequest({ file: 'send the file as multipart/form-data' });
  const part = await request.file({ limits: { fileSize: limit, files: 1 } });
  if (!part) throw badRequest({ file: 'required' });
  return { fileName: part.filename, bytes: await part.toBuffer() };
}
