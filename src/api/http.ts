// The app's one HTTP client, with the spec's rules from runtime/client. Pages never use it
// directly: they go through the resource clients or the small call modules beside this file.

import type { AxiosRequestConfig } from 'axios';
import { STATUS_DESCRIPTIONS } from '../../runtime/client/constants.ts';
import { createHttp } from '../../runtime/client/http.ts';
import type { Envelope } from '../../runtime/contract.ts';
import { API_BASE } from '../config.ts';
import { feedback } from '../feedback.ts';
import { messages } from '../i18n/messages.ts';
import { readToken } from '../session/sessionStorage.ts';
import { useLanguageStore } from '../stores/language.ts';

export const http = createHttp({
  baseURL: API_BASE,
  getToken: readToken,
  getLanguage: () => useLanguageStore.getState().lang,
  notify: { error: (message, durationMs) => feedback.error(message, durationMs) },
  onTokenFailed: () => feedback.tokenFailed(),
  describeStatus: (status, code) => {
    // no answer at all: say why in the page's language rather than axios's English
    if (status !== 0) return STATUS_DESCRIPTIONS[status];
    const lang = useLanguageStore.getState().lang;
    if (code === 'ECONNABORTED' || code === 'ETIMEDOUT') return messages.requestTimedOut[lang];
    if (code === 'ERR_NETWORK') return messages.networkFailed[lang];
    return undefined;
  },
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
