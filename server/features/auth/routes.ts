import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { z } from 'zod';
import { verifyPassword } from './password';
import { deleteSessionByToken, SESSION_COOKIE } from './sessions';
import type { AppEnv } from '../../http/context';
import { ApiError } from '../../http/errors';
import { clientIp } from '../../http/request-info';
import { clearSessionCookie, startSession } from '../../http/session';
import { readJson } from '../../http/validate';
import { loadProfile } from '../profile/present';
import { EMAIL_MAX } from '../../../core/limits';

const credentials = z.object({
  email: z.string({ error: 'Email is required.' }).trim().toLowerCase().min(1, 'Email is required.').max(EMAIL_MAX, 'Email is too long.'),
  password: z.string({ error: 'Password is required.' }).min(1, 'Password is required.').max(1024, 'Password is too long.'),
});

function tooManyAttempts(wait: number): ApiError {
  return new ApiError(429, 'rate_limited', 'Too many sign-in attempts. Please wait a few minutes and try again.', undefined, { 'Retry-After': String(wait) });
}

export function authenticationRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.post('/', async (c) => {
    const { db, now, loginLimiter } = c.get('deps');
    const { email, password } = await readJson(c, credentials);
    const ip = clientIp(c);

    const wait = await loginLimiter.check(email, ip);
    if (wait !== null) throw tooManyAttempts(wait);
    // An address over its limit (a gym's shared Wi-Fi) still lets a correct password through.
    const addressWait = await loginLimiter.addressWait(ip);

    const row = await db.selectFrom('members_profiles').select(['id', 'password_hash']).where('email', '=', email).executeTakeFirst();
    // verifyPassword spends the same time when there is no such member.
    const ok = await verifyPassword(password, row?.password_hash ?? null);
    if (!row || !ok) {
      // Only failures count against an address: a gym's members share one Wi-Fi address.
      await Promise.all([loginLimiter.recordAttempt(ip), loginLimiter.recordFailure(email)]);
      if (addressWait !== null) throw tooManyAttempts(addressWait);
      throw new ApiError(401, 'invalid_credentials', 'Email or password is incorrect.');
    }
    await loginLimiter.clearFailures(email);

    await startSession(c, row.id, now());
    return c.json(await loadProfile(db, row.id), 200);
  });

  routes.delete('/', async (c) => {
    const { db } = c.get('deps');
    await deleteSessionByToken(db, getCookie(c, SESSION_COOKIE));
    clearSessionCookie(c);
    return c.body(null, 204);
  });

  return routes;
}
