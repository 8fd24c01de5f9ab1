// The app's answers to its HTTP client (src/api/httpEvents.ts), connected once at start by
// main.tsx: the token from session storage, which the session store keeps (spec §9), the
// language from its store, and failures shown by the shell or, before it exists, by antd's
// static message and modal (feedback.ts).

import { connectHttpEvents } from '../api/httpEvents.ts';
import { readToken } from '../session/sessionStorage.ts';
import { useLanguageStore } from '../stores/language.ts';
import { feedback } from './feedback.ts';

/** Returns the disconnect (for tests; the app stays connected while it runs). */
export function connectHttp(): () => void {
  return connectHttpEvents({
    token: readToken,
    language: () => useLanguageStore.getState().lang,
    error: (message, durationMs) => feedback.error(message, durationMs),
    tokenFailed: () => feedback.tokenFailed(),
  });
}
