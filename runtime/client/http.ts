// The one axios instance the app talks through. It carries the rules of spec §7/§8 so that no
// page repeats them: time-out, token header, form-encoded writes, and what a failure looks like
// to the user (a 5 s toast, or the "login expired" prompt) and to the caller (an ApiError).

import axios, {
  type AxiosError,
  type AxiosInstance,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import { TOKEN_FAILED_MESSAGES, TOKEN_HEADER } from '../contract.ts';
import { ApiError } from './apiError.ts';
import { ERROR_TOAST_MS, LICENSE_PREFIX, REQUEST_TIMEOUT_MS, STATUS_DESCRIPTIONS } from './constants.ts';
import { fieldErrorsOf, isEnvelope } from './envelope.ts';
import { encodeForm, isPlainObject } from './formEncode.ts';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** no toast on failure: the caller shows the message itself (login, background label look-ups) */
    silent?: boolean;
  }
}

export interface Notifier {
  error(message: string, durationMs: number): void;
}

export interface HttpOptions {
  /** the product's API prefix (VITE_API_BASE); empty means the app's own origin */
  baseURL?: string;
  getToken: () => string | undefined;
  /** the interface language, sent as Accept-Language so the server's messages match the page */
  getLanguage?: () => string | undefined;
  notify: Notifier;
  /**
   * The session is no longer valid. Called once for a burst of failing calls; when it returns a
   * promise (the confirm box), it may be called again after that promise settles.
   */
  onTokenFailed: () => unknown;
  /**
   * The text for a status when the response has no message; defaults to STATUS_DESCRIPTIONS. For
   * status 0 (no response: time-out, network failure) `code` is axios's code (ECONNABORTED,
   * ERR_NETWORK, …), and without a text of its own the toast shows axios's English message.
   */
  describeStatus?: (status: number, code?: string) => string | undefined;
}

const BODY_METHODS = new Set(['post', 'put', 'patch', 'delete']);

/** Spec §8: a message starting with 'license' shows only what follows those 7 characters. */
export function toastText(message: string): string {
  return message.startsWith(LICENSE_PREFIX) ? message.slice(LICENSE_PREFIX.length) : message;
}

function isBinary(data: unknown): data is ArrayBuffer | ArrayBufferView {
  return Object.prototype.toString.call(data) === '[object ArrayBuffer]' || ArrayBuffer.isView(data);
}

// Export calls ask for bytes; when the server answers with a JSON envelope instead (an error), read it.
async function readBody(response: AxiosResponse | undefined): Promise<unknown> {
  if (!response) return undefined;
  const data: unknown = response.data;
  const contentType = String(response.headers?.['content-type'] ?? '');
  if (isBinary(data)) {
    if (!contentType.includes('json')) return undefined;
    const view = ArrayBuffer.isView(data) ? data : new Uint8Array(data);
    return parseJson(new TextDecoder().decode(view));
  }
  if (typeof Blob !== 'undefined' && data instanceof Blob) {
    if (!contentType.includes('json')) return undefined;
    return parseJson(await data.text());
  }
  if (typeof data === 'string' && contentType.includes('json')) return parseJson(data);
  return data;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function createHttp(options: HttpOptions): AxiosInstance {
  const describe = options.describeStatus ?? ((status: number) => STATUS_DESCRIPTIONS[status]);
  let tokenPromptArmed = true;

  const http = axios.create({
    baseURL: options.baseURL ?? '',
    timeout: REQUEST_TIMEOUT_MS,
    // The session travels in a header, never a cookie (DESIGN §5), so there is no XSRF cookie to
    // send; left on, axios reads it through the browser's asynchronous Cookie Store before every
    // request, which held the first calls of a page back by a tenth of a second.
    withXSRFToken: false,
    paramsSerializer: { serialize: (params) => encodeForm(params as Record<string, unknown>).toString() },
  });

  http.interceptors.request.use(
    (config: InternalAxiosRequestConfig) => {
      const token = options.getToken();
      if (token) config.headers.set(TOKEN_HEADER, token);
      const language = options.getLanguage?.();
      if (language) config.headers.set('Accept-Language', language);
      const method = (config.method ?? 'get').toLowerCase();
      if (BODY_METHODS.has(method) && isPlainObject(config.data)) {
        config.data = encodeForm(config.data).toString();
        config.headers.set('Content-Type', 'application/x-www-form-urlencoded;charset=UTF-8');
      }
      return config;
    },
    undefined,
    // the request leaves in the caller's turn, ahead of anything the caller starts next (a reload
    // asks for the profile and the routes before it fetches the shell's code)
    { synchronous: true },
  );

  function tokenFailed(): void {
    if (!tokenPromptArmed) return;
    tokenPromptArmed = false;
    const outcome = options.onTokenFailed();
    if (outcome instanceof Promise) {
      const rearm = () => {
        tokenPromptArmed = true;
      };
      outcome.then(rearm, rearm);
    }
  }

  function fail(
    config: InternalAxiosRequestConfig | undefined,
    init: ConstructorParameters<typeof ApiError>[0],
  ): Promise<never> {
    const error = new ApiError(init);
    // Only a call that carried a token can have lost its session; a 401 on the login form is the
    // form's own failure and goes back to it.
    const sentToken = Boolean(config?.headers?.get?.(TOKEN_HEADER));
    const sessionLost =
      init.status === 401 || Object.values(TOKEN_FAILED_MESSAGES).some((text) => init.message.includes(text));
    if (sessionLost && sentToken) tokenFailed();
    else if (!config?.silent && !error.canceled)
      options.notify.error(toastText(init.message), ERROR_TOAST_MS);
    return Promise.reject(error);
  }

  http.interceptors.response.use(
    async (response) => {
      const body = await readBody(response);
      if (isEnvelope(body) && body.meta.success === false) {
        return fail(response.config, {
          status: response.status,
          message: body.meta.message || describe(response.status) || '',
          fieldErrors: fieldErrorsOf(body.data),
          data: body.data,
        });
      }
      if (response.config.headers?.get?.(TOKEN_HEADER)) tokenPromptArmed = true;
      return response;
    },
    async (error: AxiosError) => {
      if (!axios.isAxiosError(error)) return Promise.reject(error);
      const status = error.response?.status ?? 0;
      const body = await readBody(error.response);
      const envelope = isEnvelope(body) ? body : undefined;
      return fail(error.config, {
        status,
        message: envelope?.meta.message || describe(status, error.code) || error.message,
        fieldErrors: fieldErrorsOf(envelope?.data),
        data: envelope?.data,
        code: error.code,
      });
    },
  );

  return http;
}
