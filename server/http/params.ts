// Reading the id in a path and a body that may be JSON, form-encoded or missing.
import type { FastifyRequest } from 'fastify';
import { parseId } from '../resources/coerce.ts';
import { notFound } from './errors.ts';

/** The `:id` of the path; an id that cannot exist is a 404 like an unknown one. */
export function idParam(request: FastifyRequest, resourceName: string): number {
  const id = parseId((request.params as { id?: string }).id);
  if (id === null) throw notFound({ zh: '记录不存在', en: `${resourceName} not found` });
  return id;
}

/** The body (or query) as an object; anything else reads as empty. */
export function asRecord(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}
