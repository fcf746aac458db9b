import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { z } from 'zod';
import { passwordMatches } from './password-check';
import { deleteSessionByToken, SESSION_COOKIE } from './sessions';
import type { AppEnv } from '../../http/context';
import { ApiError } from '../../http/errors';
import { clearSessionCookie, startSession } from '../../http/session';
import { readJson } from '../../http/validate';
import { loadProfile } from '../profile/present';
import { EMAIL_MAX } from '../../../core/limits';

const credentials = z.object({
  email: z.string({ error: 'Email is required.' }).trim().toLowerCase().min(1, 'Email is required.').max(EMAIL_MAX, 'Email is too long.'),
  password: z.string({ error: 'Password is required.' }).min(1, 'Password is required.').max(1024, 'Password is too long.'),
});

export function authenticationRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.post('/', async (c) => {
    const { db, now } = c.get('deps');
    const { email, password } = await readJson(c, credentials);
    const row = await db.selectFrom('members_profiles').select(['id', 'password_hash']).where('email', '=', email).executeTakeFirst();
    // Limited, and as slow for an unknown email as for a wrong password (passwordMatches).
    if (!(await passwordMatches(c, email, password, row?.password_hash ?? null)) || !row) throw new ApiError(401, 'invalid_credentials', 'Email or password is incorrect.');

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
