// One random nonce per answer, for the style elements of the app's page: the Content-Security-
// Policy header names it (server/plugins/headers.ts) and index.html carries it to the app
// (server/plugins/static.ts). Kept by the raw response, so both read the same one, whichever asks
// first, and an answer that never needs it costs nothing.
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';

const nonces = new WeakMap<ServerResponse, string>();

const NONCE_BYTES = 18;
/**
 * Random bytes drawn from the system's generator a few hundred nonces at a time: one call for
 * 18 bytes cost about as much as one for 4 kB, and every answer takes a nonce. Each byte is used
 * once, in one nonce.
 */
const POOL_NONCES = 256;
let pool = Buffer.alloc(0);
let used = 0;

function freshNonce(): string {
  if (used + NONCE_BYTES > pool.length) {
    pool = randomBytes(NONCE_BYTES * POOL_NONCES);
    used = 0;
  }
  const nonce = pool.toString('base64', used, used + NONCE_BYTES);
  used += NONCE_BYTES;
  return nonce;
}

export function cspNonce(response: ServerResponse): string {
  let nonce = nonces.get(response);
  if (!nonce) {
    nonce = freshNonce();
    nonces.set(response, nonce);
  }
  return nonce;
}
