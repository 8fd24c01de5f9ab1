// The app's one HTTP client, with the spec's rules from runtime/client. Pages never use it
// directly: they go through the resource clients or the small call modules beside this file.
// What it needs of the app (the token, the language, toasts, the login-expired box) it asks
// through httpEvents.ts, so it imports no store and no UI.

import type { AxiosRequestConfig } from 'axios';
import { createHttp } from '../../runtime/client/http.ts';
import type { Envelope } from '../../runtime/contract.ts';
import { API_BASE } from '../config.ts';
import { statusText } from '../i18n/statusText.ts';
import { httpEvents } from './httpEvents.ts';

export const http = createHttp({
  baseURL: API_BASE,
  getToken: () => httpEvents()?.token(),
  getLanguage: () => httpEvents()?.language(),
  notify: { error: (message, durationMs) => httpEvents()?.error(message, durationMs) },
  // unconnected, nobody is asked, and the next failure may ask again
  onTokenFailed: () => httpEvents()?.tokenFailed() ?? Promise.resolve(),
  // a status without a message of the server's, or no answer at all: said in the page's language
  describeStatus: (status, code) => statusText(status, code, httpEvents()?.language() ?? 'zh'),
});

/** GET and unwrap the envelope's `data`. */
export async function getData<T>(url: string, config?: AxiosRequestConfig): Promise<T> {
  const response = await http.get<Envelope<T>>(url, config);
  return response.data.data;
}

/** POST (form-encoded by the client) and unwrap the envelope's `data`. */
export async function postData<T>(url: string, body: object, config?: AxiosRequestConfig): Promise<T> {
  const response = await http.post<Envelope<T>>(url, body, config);
  return response.data.data;
}
