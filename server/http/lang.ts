// The language of messages and export headers: English when the client asks for it first,
// Chinese otherwise (the product's default).
import type { FastifyRequest } from 'fastify';
import type { Lang } from '../../runtime/schema/types.ts';

export function requestLang(request: FastifyRequest): Lang {
  return /^\s*en\b/i.test(request.headers['accept-language'] ?? '') ? 'en' : 'zh';
}
