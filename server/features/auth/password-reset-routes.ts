import { Hono } from 'hono';
import { z } from 'zod';
import { hashPassword, newPasswordField } from './password';
import { hashToken, newToken } from './tokens';
import { afterResponse } from '../../http/after-response';
import type { AppEnv, Deps } from '../../http/context';
import { ApiError } from '../../http/errors';
import { clientIp } from '../../http/request-info';
import { startSession } from '../../http/session';
import { readJson } from '../../http/validate';
import type { Mailer } from '../../mail/mailer';
import { passwordResetMail } from '../../mail/messages';
import { loadProfile } from '../profile/present';
import { EMAIL_MAX } from '../../../core/limits';

// Password reset (see the README's calls table and docs/decisions.md#password-reset):
//   POST /password_resets {email}     always 202 with the same answer, whether or not the email is a
//                                     member's (no enumeration); rate-limited per email and address;
//                                     a member gets a single-use link for 60 minutes, in their language.
//   GET  /password_resets/{token}     200 while the link can be used, else 404 reset_link_invalid.
//   PUT  /password_resets/{token} {password}
//                                     sets the password, ends every session of the member, signs
//                                     this browser in (200 with the profile); the link is used up.

export const RESET_LINK_MINUTES = 60;

const requestBody = z.object({
  email: z.string({ error: 'Email is required.' }).trim().toLowerCase().min(1, 'Email is required.').max(EMAIL_MAX, 'Email is too long.'),
});

const completeBody = z.object({ password: newPasswordField });

const linkInvalid = () => new ApiError(404, 'reset_link_invalid', 'This reset link has expired or has already been used. Ask for a new one.');

export function passwordResetRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.post('/', async (c) => {
    const { db, now, resetLimiter, mailer, publicUrl } = c.get('deps');
    const { email } = await readJson(c, requestBody);
    const ip = clientIp(c);
    const wait = await resetLimiter.check(email, ip);
    if (wait !== null) throw new ApiError(429, 'rate_limited', 'Too many reset requests. Please wait a while and try again.', undefined, { 'Retry-After': String(wait) });
    await Promise.all([resetLimiter.recordAttempt(ip), resetLimiter.recordFailure(email)]);

    // Answered first, the same for anyone: whether the email is a member's, and the link and its
    // mail, come after the answer, so a member's address takes no longer to answer than a stranger's.
    const at = now();
    afterResponse(c, 'password reset', () => sendResetLink(db, mailer, publicUrl, email, at));
    return c.json({ message: 'If that email belongs to a member, a reset link is on its way.' }, 202);
  });

  routes.get('/:token', async (c) => {
    const { db, now } = c.get('deps');
    const row = await usableReset(db, c.req.param('token'), now());
    if (!row) throw linkInvalid();
    return c.json({ expires_at: row.expires_at });
  });

  routes.put('/:token', async (c) => {
    const { db, now, loginLimiter } = c.get('deps');
    const { password } = await readJson(c, completeBody);
    const ip = clientIp(c);
    const at = now();
    const token = c.req.param('token');
    // Unknown links count with failed sign-ins from the address; past its limit they get 429, a
    // valid link still works (as a right password does).
    const addressWait = await loginLimiter.addressWait(ip);
    // The link is claimed before the password is hashed: an unknown or used link costs no
    // hashing, and of one link sent many times at once only the request that claimed it hashes.
    const claimed = token.length > 200 ? undefined : await db.updateTable('password_resets').set({ used_at: at.toISOString() }).where('id', '=', hashToken(token)).where('used_at', 'is', null).where('expires_at', '>', at.toISOString()).returning('profile_id').executeTakeFirst();
    if (!claimed) {
      await loginLimiter.recordAttempt(ip);
      if (addressWait !== null) throw new ApiError(429, 'rate_limited', 'Too many attempts. Please wait a while and try again.', undefined, { 'Retry-After': String(addressWait) });
      throw linkInvalid();
    }
    const profileId = claimed.profile_id;
    try {
      const hash = await hashPassword(password);
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('members_profiles').set({ password_hash: hash }).where('id', '=', profileId).execute();
        // Every session ends: whoever knew the old password is signed out everywhere.
        await trx.deleteFrom('auth_sessions').where('profile_id', '=', profileId).execute();
      });
    } catch (error) {
      // Nothing changed: the link works again for the member's next try.
      await db.updateTable('password_resets').set({ used_at: null }).where('id', '=', hashToken(token)).where('used_at', '=', at.toISOString()).execute();
      throw error;
    }
    const member = await db.selectFrom('members_profiles').select('email').where('id', '=', profileId).executeTakeFirstOrThrow();
    await loginLimiter.clearFailures(member.email);
    await startSession(c, profileId, at);
    return c.json(await loadProfile(db, profileId), 200);
  });

  return routes;
}

/** A member's email gets a new single-use link (retiring earlier ones) by mail, in their language; any other email nothing. */
async function sendResetLink(db: Deps['db'], mailer: Mailer, publicUrl: string, email: string, at: Date): Promise<void> {
  const member = await db.selectFrom('members_profiles').select(['id', 'first_name', 'locale']).where('email', '=', email).executeTakeFirst();
  if (!member) return;
  const token = newToken();
  await db.transaction().execute(async (trx) => {
    // Only the newest link works: asking again retires the earlier ones.
    await trx.deleteFrom('password_resets').where('profile_id', '=', member.id).where('used_at', 'is', null).execute();
    await trx
      .insertInto('password_resets')
      .values({ id: hashToken(token), profile_id: member.id, created_at: at.toISOString(), expires_at: new Date(at.getTime() + RESET_LINK_MINUTES * 60_000).toISOString(), used_at: null })
      .execute();
  });
  await mailer.send({ to: email, ...passwordResetMail(member.locale, member.first_name, `${publicUrl}/password_reset/${token}`, RESET_LINK_MINUTES) });
}

async function usableReset(db: AppEnv['Variables']['deps']['db'], token: string, at: Date) {
  if (token.length > 200) return undefined;
  return db.selectFrom('password_resets').select(['profile_id', 'expires_at']).where('id', '=', hashToken(token)).where('used_at', 'is', null).where('expires_at', '>', at.toISOString()).executeTakeFirst();
}
