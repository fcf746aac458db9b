import { hash, randomBytes } from 'node:crypto';

/** 32 random bytes, base64url: the value handed to the browser. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps instead of the token itself (every request hashes its cookie: one call, no Hash object). */
export function hashToken(token: string): string {
  return sha256(token);
}

export function sha256(text: string): string {
  return hash('sha256', text, 'hex');
}
