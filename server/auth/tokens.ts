// Session tokens: 256 random bits handed to the client once; the database keeps only their
// SHA-256, so a leaked sessions table cannot be replayed.
import { createHash, randomBytes } from 'node:crypto';

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
