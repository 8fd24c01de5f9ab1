// The one error type every call rejects with, so pages and forms never look inside axios errors.

export interface ApiErrorInit {
  status: number;
  message: string;
  fieldErrors?: Record<string, string>;
  data?: unknown;
  code?: string;
}

export class ApiError extends Error {
  /** HTTP status; 0 when no response arrived (time-out, network failure, cancellation). */
  readonly status: number;
  /** `data.errors` of a 400 / 409: one message per field, for the form to show beside the field. */
  readonly fieldErrors?: Record<string, string>;
  /** the response's `data`, e.g. `{ missing: [...] }` of a batch 404 */
  readonly data: unknown;
  /** axios' error code (ECONNABORTED, ERR_CANCELED, …) when the failure happened below HTTP */
  readonly code?: string;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.fieldErrors = init.fieldErrors;
    this.data = init.data;
    this.code = init.code;
  }

  get canceled(): boolean {
    return this.code === 'ERR_CANCELED';
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
