// antd's message and modal APIs only exist inside <App> (App.useApp), but the HTTP client's
// failures can come at any time. FeedbackBridge registers the shell's handlers here; before the
// shell has mounted (a session being restored) the static ones stand in, fetched when first
// needed (standaloneFeedback.ts), so the sign-in page does not carry antd.

import type { HttpFeedback } from '../api/httpEvents.ts';

let handlers: HttpFeedback | null = null;
let standalone: Promise<HttpFeedback> | null = null;

export function registerFeedback(next: HttpFeedback | null): void {
  handlers = next;
}

function current(): Promise<HttpFeedback> {
  if (handlers) return Promise.resolve(handlers);
  standalone ??= import('./standaloneFeedback.ts').then((module) => module.standaloneFeedback);
  return standalone;
}

export const feedback: HttpFeedback = {
  error(message, durationMs) {
    if (handlers) handlers.error(message, durationMs);
    else void current().then((shown) => shown.error(message, durationMs));
  },
  tokenFailed() {
    return current().then((shown) => shown.tokenFailed());
  },
};
