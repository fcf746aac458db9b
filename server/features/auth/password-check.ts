import type { AppContext } from '../../http/context';
import { ApiError } from '../../http/errors';
import { clientIp } from '../../http/request-info';
import { verifyPassword } from './password';

// A member's password checked as signing in checks it, wherever it is asked for (sign-in, changing
// the sign-in email): refused before any hashing past the account's own limit or the address's
// hard limit; a failure counts against the account and the address, and past the address's soft
// limit a wrong password is 429 (a correct one still passes: a gym's members share one Wi-Fi
// address). A success clears the account's failures.

export function tooManyAttempts(wait: number): ApiError {
  return new ApiError(429, 'rate_limited', 'Too many sign-in attempts. Please wait a few minutes and try again.', undefined, { 'Retry-After': String(wait) });
}

/** True when `password` matches `hash` (null: no such member, which takes as long). Throws 429 as above. */
export async function passwordMatches(c: AppContext, email: string, password: string, hash: string | null): Promise<boolean> {
  const { loginLimiter } = c.get('deps');
  const ip = clientIp(c);
  const wait = await loginLimiter.check(email, ip);
  if (wait !== null) throw tooManyAttempts(wait);
  const addressWait = await loginLimiter.addressWait(ip);
  // verifyPassword spends the same time when there is no such member.
  if (await verifyPassword(password, hash)) {
    await loginLimiter.clearFailures(email);
    return true;
  }
  await Promise.all([loginLimiter.recordAttempt(ip), loginLimiter.recordFailure(email)]);
  if (addressWait !== null) throw tooManyAttempts(addressWait);
  return false;
}
