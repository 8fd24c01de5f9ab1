// Errors that end a request with a status and an envelope the client can read. Anything
// thrown that is not an ApiError becomes a 500 with no detail (plugins/envelope.ts). A message
// may come in both languages; the envelope answers in the one the request asks for.
import type { I18n, Lang, Resource } from '../../runtime/schema/types.ts';
import { validationMessage } from '../../runtime/schema/validationMessages.ts';
import {
  listParametersMessage,
  lockedMessage,
  missingPermissionMessage,
  missingRowsMessage,
  rowNotFoundMessage,
  SERVER_MESSAGES,
} from './messages.ts';

/** A message in one wording for every language (a code, a detail for developers) or in each. */
export type Localized = string | I18n;

export class ApiError extends Error {
  /** the message in each language; `message` holds the English one, for logs */
  readonly text: I18n;

  constructor(
    readonly status: number,
    message: Localized,
    readonly data: unknown = null,
    readonly headers: Record<string, string> = {},
  ) {
    const text = typeof message === 'string' ? { zh: message, en: message } : message;
    super(text.en);
    this.name = 'ApiError';
    this.text = text;
  }

  /** The message in the language the caller reads. */
  messageIn(lang: Lang): string {
    return this.text[lang];
  }

  /** `data`, with field messages given in both languages (`data.errors`) in the caller's. */
  dataIn(lang: Lang): unknown {
    const data = this.data as { errors?: Record<string, Localized> } | null;
    if (data === null || typeof data !== 'object' || typeof data.errors !== 'object' || data.errors === null)
      return data;
    const errors = Object.fromEntries(
      Object.entries(data.errors).map(([field, text]) => [
        field,
        typeof text === 'string' ? text : text[lang],
      ]),
    );
    return { ...data, errors };
  }
}

/** A 400 with a message per field; a message may come in both languages. */
export function badRequest(
  errors: Record<string, Localized>,
  message: Localized = SERVER_MESSAGES.validationFailed,
): ApiError {
  return new ApiError(400, message, { errors });
}

/** A list's query string refused: a 400 naming every parameter at fault in its message too. */
export function badListParameters(errors: Record<string, Localized>): ApiError {
  return badRequest(errors, listParametersMessage(errors));
}

export function unauthorized(message: Localized = SERVER_MESSAGES.tokenFailed): ApiError {
  return new ApiError(401, message);
}

export function forbidden(message: Localized): ApiError {
  return new ApiError(403, message);
}

export function missingPermission(codes: readonly string[]): ApiError {
  return forbidden(missingPermissionMessage(codes));
}

export function notFound(message: Localized = SERVER_MESSAGES.notFound, data: unknown = null): ApiError {
  return new ApiError(404, message, data);
}

/** The row asked for by id does not exist. */
export function rowNotFound(resource: Pick<Resource, 'name' | 'singular'>, id: number | string): ApiError {
  return notFound(rowNotFoundMessage(resource, id));
}

/** Rows of a batch that do not exist, listed in `data.missing`; nothing was written. */
export function rowsMissing(
  resource: Pick<Resource, 'name' | 'singular'>,
  ids: Array<number | string>,
): ApiError {
  return notFound(missingRowsMessage(resource, ids), { missing: ids });
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

/** An update that read an older version of the row than the one stored now: `data.current` is it. */
export function staleVersion(current: unknown, lang: Lang): ApiError {
  return new ApiError(
    409,
    lang === 'zh'
      ? '该数据在你打开后已被他人修改'
      : 'this row was changed by someone else since you opened it',
    { current },
  );
}

/** A write PostgreSQL kept aborting (deadlock, serialization failure) after every retry. */
export function busy(lang: Lang): ApiError {
  return new ApiError(
    409,
    lang === 'zh' ? '数据正被其他操作修改，请稍后重试' : 'the rows are busy with other changes; try again',
    { busy: true },
  );
}

export function locked(retryAfterSeconds: number): ApiError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new ApiError(423, lockedMessage(minutes), null, {
    'retry-after': String(retryAfterSeconds),
  });
}

export function tooManyRequests(
  retryAfterSeconds: number,
  message: Localized = SERVER_MESSAGES.tooManyRequests,
): ApiError {
  return new ApiError(429, message, null, { 'retry-after': String(retryAfterSeconds) });
}
