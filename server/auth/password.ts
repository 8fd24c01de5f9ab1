// Password hashing with node:crypto scrypt (no native build step). The stored string carries
// its own parameters, so changing the cost later leaves existing hashes verifiable, and a
// sign-in rehashes a password stored under other parameters (needsRehash).
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/**
 * scrypt at 32 MiB a hash. OWASP's Password Storage Cheat Sheet gives N=2^17 r=8 p=1 (128 MiB)
 * and, as equal in the defence they provide, settings that trade memory for passes, among them
 * N=2^15 r=8 p=3. A hash's memory is the server's while it runs, up to four at once (libuv's
 * threads): one sign-in took the server's process from about 100 to 209 MB under list load. p is
 * 8 rather than 3 so a hash costs the time the 2^17 setting did (570–584 ms against 623–637 ms
 * on the machine of docs/benchmarks.md; p=3 took 270 ms). docs/decisions.md, "Password hashing".
 */
export const OWASP_SCRYPT: ScryptParams = { N: 2 ** 15, r: 8, p: 8 };

const KEY_LENGTH = 64;
const SALT_BYTES = 16;

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  // Node's default maxmem (32 MiB) is at or below what these settings need (128·N·r bytes)
  const maxmem = 128 * params.N * params.r * params.p + 32 * 1024 * 1024;
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, { ...params, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** `scrypt$N$r$p$salt$hash`, salt and hash in base64. */
export async function hashPassword(password: string, params: ScryptParams = OWASP_SCRYPT): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** A stored `scrypt$N$r$p$salt$hash` taken apart, or null for a string that is not one of ours. */
function parseStored(stored: string): { params: ScryptParams; salt: Buffer; hash: Buffer } | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [, n, r, p, salt, hash] = parts;
  return {
    params: { N: Number(n), r: Number(r), p: Number(p) },
    salt: Buffer.from(salt, 'base64'),
    hash: Buffer.from(hash, 'base64'),
  };
}

/** Whether a stored hash was made with other parameters than `params` (and so is rehashed). */
export function needsRehash(stored: string, params: ScryptParams): boolean {
  const made = parseStored(stored)?.params;
  return made === undefined || made.N !== params.N || made.r !== params.r || made.p !== params.p;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseStored(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.params);
  return key.length === parsed.hash.length && timingSafeEqual(key, parsed.hash);
}

const dummyHashes = new Map<string, Promise<string>>();

/**
 * A hash to verify against when the user does not exist, so a login for an unknown name
 * takes as long as one for a known name and timing does not tell them apart.
 */
export function dummyHash(params: ScryptParams): Promise<string> {
  const key = `${params.N}:${params.r}:${params.p}`;
  let hash = dummyHashes.get(key);
  if (!hash) {
    hash = hashPassword(randomBytes(18).toString('base64'), params);
    dummyHashes.set(key, hash);
  }
  return hash;
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A password for a person to type once: 16 characters without look-alikes (about 93 bits). */
export function generatePassword(length = 16): string {
  const bytes = randomBytes(length * 2);
  let out = '';
  // Rejection sampling keeps every character equally likely.
  for (const byte of bytes) {
    if (byte >= 256 - (256 % ALPHABET.length)) continue;
    out += ALPHABET[byte % ALPHABET.length];
    if (out.length === length) return out;
  }
  return out + generatePassword(length - out.length);
}
