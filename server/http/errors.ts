// Errors that end a request with a status and an envelope the client can read. Anything
// thrown that is not an ApiError becomes a 500 with no detail (plugins/envelope.ts).
import { TOKEN_FAILED_MESSAGE } from '../../runtime/contract.ts';

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

export function conflict(errors: Record<string, string>): ApiError {
  return new ApiError(409, `already exists: ${Object.keys(errors).join(', ')}`, { errors });
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
