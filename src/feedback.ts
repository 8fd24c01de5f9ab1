// antd's message and modal APIs only exist inside <App> (App.useApp), but the HTTP client is
// created once at module level. FeedbackBridge registers the shell's handlers here; before the
// shell has mounted (a session being restored) the static ones stand in, fetched when first
// needed (src/app/standaloneFeedback.ts).

export interface FeedbackHandlers {
  error(message: string, durationMs: number): void;
  /** the session is gone: ask whether to stay or sign in again; settles when the user has chosen */
  tokenFailed(): Promise<unknown>;
}

let handlers: FeedbackHandlers | null = null;
let standalone: Promise<FeedbackHandlers> | null = null;

export function registerFeedback(next: FeedbackHandlers | null): void {
  handlers = next;
}

function current(): Promise<FeedbackHandlers> {
  if (handlers) return Promise.resolve(handlers);
  standalone ??= import('./app/standaloneFeedback.ts').then((module) => module.standaloneFeedback);
  return standalone;
}

export const feedback: FeedbackHandlers = {
  error(message, durationMs) {
    if (handlers) handlers.error(message, durationMs);
    else void current().then((shown) => shown.error(message, durationMs));
  },
  tokenFailed() {
    return current().then((shown) => shown.tokenFailed());
  },
};
