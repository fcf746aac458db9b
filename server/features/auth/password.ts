import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../core/limits';
import { passwordProblems } from '../../../core/rules/password';
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { createWorkQueue } from '../../work/queue';

// scrypt from node:crypto: memory-hard, no native addon. Hash format
// `scrypt$N$r$p$salt$hash` (salt and hash base64url) keeps the cost parameters with each
// hash, so they can be raised later without invalidating stored passwords.

const N = 16384;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const SALT_BYTES = 16;

// A valid hash of a random password nobody knows; only used to spend equal time.
const DUMMY_HASH = ['scrypt', N, R, P, randomBytes(SALT_BYTES).toString('base64url'), randomBytes(KEY_LENGTH).toString('base64url')].join('$');

/**
 * Every hash and check of this process, two at a time: scrypt runs on Node's thread pool (four
 * threads), which file reads, DNS and compression share; a burst of sign-ins or resets waits here
 * instead of taking every thread from members' other requests.
 */
export const passwordHashing = createWorkQueue(2);

function derive(password: string, salt: Buffer, options: ScryptOptions, keyLength: number): Promise<Buffer> {
  return passwordHashing.run(
    () =>
      new Promise((resolve, reject) => {
        // maxmem must cover 128 * N * r bytes with headroom, else large N fails.
        scrypt(password.normalize('NFKC'), salt, keyLength, { ...options, maxmem: 256 * (options.N ?? N) * (options.r ?? R) }, (err, key) => (err ? reject(err) : resolve(key)));
      }),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, { N, r: R, p: P }, KEY_LENGTH);
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Constant-time check; a malformed or missing hash is simply "no match". */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parts = (stored ?? DUMMY_HASH).split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, saltText, hashText] = parts as [string, string, string, string, string, string];
  const options = { N: Number(n), r: Number(r), p: Number(p) };
  // Bounds keep a corrupted row from asking for gigabytes of memory.
  if (![options.N, options.r, options.p].every((v) => Number.isInteger(v) && v > 0) || options.N > 2 ** 20 || options.r > 32 || options.p > 16) return false;
  const expected = Buffer.from(hashText, 'base64url');
  if (expected.length < 16 || expected.length > 128) return false;
  const actual = await derive(password, Buffer.from(saltText, 'base64url'), options, expected.length);
  const match = timingSafeEqual(actual, expected);
  // A missing hash runs the same work against a dummy so unknown emails take as long as wrong passwords.
  return stored !== null && match;
}

/** A new password as the API takes it (sign-up, reset): the shared rules, each with its message. */
export const newPasswordField = z.string({ error: 'Password is required.' }).superRefine((value, ctx) => {
  for (const problem of passwordProblems(value)) {
    const message = problem === 'too_long' ? `The password can have at most ${PASSWORD_MAX} characters.` : problem === 'blank' ? 'The password cannot be only spaces.' : `The password needs at least ${PASSWORD_MIN} characters.`;
    ctx.addIssue({ code: 'custom', message });
  }
});
