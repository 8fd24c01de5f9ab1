// What the app's HTTP client asks of the app and tells it, as one small interface. The client
// (http.ts beside this file) knows nothing of stores or UI: the app connects to it once at start
// (src/app/connectHttp.ts) and answers here. Until then calls go out without a token and a
// failure reaches only its caller; nothing in the browser runs before main.tsx connects.

import type { Lang } from '../../runtime/schema/types.ts';

/** What a failed call shows the user. */
export interface HttpFeedback {
  /** a failure to show: an error toast for `durationMs` (spec §8) */
  error(message: string, durationMs: number): void;
  /**
   * The session is gone (spec §8's token-verification failure): ask whether to stay or sign in
   * again. Settles when the user has chosen; the client asks no second time before that.
   */
  tokenFailed(): Promise<unknown>;
}

/** Everything the client asks of the app. */
export interface HttpEvents extends HttpFeedback {
  /** the session token every call carries (X-Token), if there is one */
  token(): string | undefined;
  /** the interface language, for Accept-Language and the client's own texts */
  language(): Lang;
}

let connected: HttpEvents | null = null;

/** The app answers the client's events; returns the disconnect. */
export function connectHttpEvents(events: HttpEvents): () => void {
  connected = events;
  return () => {
    if (connected === events) connected = null;
  };
}

/** The connected app, or null before it has connected. */
export function httpEvents(): HttpEvents | null {
  return connected;
}
