// One random nonce per answer, for the style elements of the app's page: the Content-Security-
// Policy header names it (server/plugins/headers.ts) and index.html carries it to the app
// (server/plugins/static.ts). Kept by the raw response, so both read the same one, whichever asks
// first, and an answer that never needs it costs nothing.
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';

const nonces = new WeakMap<ServerResponse, string>();

export function cspNonce(response: ServerResponse): string {
  let nonce = nonces.get(response);
  if (!nonce) {
    nonce = randomBytes(18).toString('base64');
    nonces.set(response, nonce);
  }
  return nonce;
}
