// Sends a stored file's bytes over HTTP the way caches and download managers expect, whichever
// driver holds them: an ETag (a stored name's bytes never change), 304 for an If-None-Match that
// names it, one byte range (206 with Content-Range; 416 when the range starts past the end),
// and the whole file otherwise. Several ranges in one request get the whole file, as RFC 9110
// allows; an If-Range that names another version does too.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ByteRange, StoredBytes } from './storage/types.ts';

export interface SendOptions {
  /** the strong validator of these bytes, quoted */
  etag: string;
  type: string;
  cacheControl?: string;
  disposition?: string;
  /** headers that change the answer (Accept, when the image path chooses WebP) */
  vary?: string;
}

/** The range a Range header asks for: undefined for the whole file, null when none can be served. */
export function parseRange(header: string | undefined, size: number): ByteRange | null | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // another unit, a malformed value or several ranges: the whole file (RFC 9110 §14.2)
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  if (match[1] === '') {
    // the last n bytes
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return null;
    return { start: Math.max(size - suffix, 0), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (match[2] !== '' && Number(match[2]) < start) return undefined;
  if (start >= size) return null;
  return { start, end };
}

/** Whether an If-None-Match header names this validator (weakly, as the header is compared). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

export async function sendStored(
  request: FastifyRequest,
  reply: FastifyReply,
  bytes: StoredBytes,
  options: SendOptions,
): Promise<FastifyReply> {
  reply.header('etag', options.etag).header('accept-ranges', 'bytes');
  if (options.cacheControl) reply.header('cache-control', options.cacheControl);
  if (options.vary) reply.header('vary', options.vary);
  if (matchesEtag(request.headers['if-none-match'], options.etag)) {
    await bytes.close();
    return reply.code(304).send();
  }
  reply.header('content-type', options.type);
  if (options.disposition) reply.header('content-disposition', options.disposition);
  const ifRange = request.headers['if-range'];
  const range =
    ifRange === undefined || ifRange === options.etag
      ? parseRange(request.headers.range, bytes.size)
      : undefined;
  if (range === null) {
    await bytes.close();
    return reply.code(416).header('content-range', `bytes */${bytes.size}`).send();
  }
  if (range) {
    return reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${bytes.size}`)
      .header('content-length', range.end - range.start + 1)
      .send(bytes.read(range));
  }
  return reply.header('content-length', bytes.size).send(bytes.read());
}
