// Errors that end a request with a status and an envelope the client can read. Anything
// thrown that is not an ApiError becomes a 500 with no detail (plugins/envelope.ts).
import { TOKEN_FAILED_MESSAGE } from '../../runtime/contract.ts';
import type { Lang, Resource } from '../../runtime/schema/types.ts';
import { validationMessage } from '../../runtime/schema/validationMessages.ts';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly data: unknown = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function badRequest(errors: Record<string, string>, message = 'validation failed'): ApiError {
  return new ApiError(400, message, { errors });
}

export function unauthorized(message = TOKEN_FAILED_MESSAGE): ApiError {
  return new ApiError(401, message);
}

export function forbidden(message: string): ApiError {
  return new ApiError(403, message);
}

export function missingPermission(codes: readonly string[]): ApiError {
  return forbidden(`missing permission ${codes.join(' or ')}`);
}

export function notFound(message = 'not found', data: unknown = null): ApiError {
  return new ApiError(404, message, data);
}

/** A unique field's value is taken: one message per field, in the field's own title. */
export function conflict(resource: Resource, fieldNames: readonly string[], lang: Lang): ApiError {
  const errors = Object.fromEntries(
    fieldNames.map((name) => {
      const title = resource.fields.find((f) => f.name === name)?.title[lang] ?? name;
      return [name, validationMessage(lang, 'unique', { title })];
    }),
  );
  return new ApiError(409, Object.values(errors).join(lang === 'zh' ? '；' : '; '), { errors });
}

/** A delete of a row other data still points at (a foreign key refused it). */
export function stillReferenced(lang: Lang): ApiError {
  return new ApiError(
    409,
    lang === 'zh' ? '该数据仍被其他数据引用，不能删除' : 'the row is still referenced by other data',
  );
}

export function locked(retryAfterSeconds: number): ApiError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new ApiError(423, `account locked after repeated failed logins; try again in ${minutes} min`, null, {
    'retry-after': String(retryAfterSeconds),
  });
}

export function tooManyRequests(retryAfterSeconds: number, message = 'too many requests'): ApiError {
  return new ApiError(429, message, null, { 'retry-after': String(retryAfterSeconds) });
}
