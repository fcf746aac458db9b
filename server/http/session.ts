import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { createSession, deleteSessionByToken, findSession, SESSION_COOKIE, SESSION_TTL_MS } from '../features/auth/sessions';
import type { AppContext, AppEnv } from './context';
import { scopeAsk } from './facility-scope';
import { unauthenticated } from './errors';
import { isSecure } from './request-info';

/** Resolves the `sid` cookie to the signed-in profile, if any; never refuses by itself. */
export const loadSession = createMiddleware<AppEnv>(async (c, next) => {
  const { db, now } = c.get('deps');
  const token = getCookie(c, SESSION_COOKIE);
  // The facility and club the request names are read with the session (facility-scope.ts checks
  // them), and the route's own read when it set one (GET /sessions on PostgreSQL).
  const auth = await findSession(db, token, now(), scopeAsk(c), c.get('sessionRead'));
  c.set('auth', auth);
  // Sliding expiry: the browser's copy must live as long as the server's row.
  if (auth?.refreshed && token) setSessionCookie(c, token);
  await next();
});

export const requireAuth = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get('auth')) throw unauthenticated();
  await next();
});

/** The signed-in profile id; only call behind requireAuth. */
export function profileId(c: AppContext): number {
  const auth = c.get('auth');
  if (!auth) throw unauthenticated();
  return auth.profileId;
}

export function setSessionCookie(c: AppContext, token: string): void {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    secure: isSecure(c),
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
}

export function clearSessionCookie(c: AppContext): void {
  deleteCookie(c, SESSION_COOKIE, { httpOnly: true, sameSite: 'Lax', path: '/', secure: isSecure(c) });
}

/**
 * Signs this browser in as the member (sign-in, sign-up, password reset): a fresh session id every
 * time (no fixation), and the session the browser came with ends.
 */
export async function startSession(c: AppContext, profileId: number, now: Date): Promise<void> {
  const { db } = c.get('deps');
  await deleteSessionByToken(db, getCookie(c, SESSION_COOKIE));
  setSessionCookie(c, await createSession(db, profileId, now));
}
