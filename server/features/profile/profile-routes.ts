import { Hono } from 'hono';
import type { Transaction } from 'kysely';
import { z } from 'zod';
import { newToken } from '../auth/tokens';
import { writeTransaction } from '../../db/index';
import type { Database, ProfilePatch } from '../../db/schema';
import { afterResponse } from '../../http/after-response';
import { emailChangedMail } from '../../mail/messages';
import { passwordMatches } from '../auth/password-check';
import type { AppEnv } from '../../http/context';
import { ApiError, notFound } from '../../http/errors';
import { idempotent } from '../../http/idempotency';
import { profileId, requireAuth } from '../../http/session';
import { readJson } from '../../http/validate';
import { loadProfile } from './present';
import { EMAIL_MAX, PREFERRED_LENGTH_UNITS, WEIGHT_UNITS } from '../../../core/limits';
import { personName } from '../../../core/contract/profile';
import { SUPPORTED_LOCALES } from '../../../core/locales';
import { jsonWithETag } from '../../http/etag';

const LOCALES = SUPPORTED_LOCALES;

export const emailField = z
  .string({ error: 'Email must be text.' })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX, `Email must be at most ${EMAIL_MAX} characters.`)
  .pipe(z.email({ error: 'Email must be a valid email address.' }));

// Unknown keys (id, guid, avatar, accounts, calendar_token, preferences …) are stripped:
// the app sends the whole profile back, and only these fields are the member's to change.
const profileUpdate = z.object({
  full_name: z.optional(personName('Full name')),
  first_name: z.optional(personName('First name')),
  last_name: z.optional(personName('Last name')),
  email: emailField.optional(),
  locale: z.enum(LOCALES, { error: `Locale must be one of ${LOCALES.join(', ')}.` }).optional(),
  track_training: z.boolean({ error: 'Track training must be true or false.' }).optional(),
  weight_units: z.enum(WEIGHT_UNITS, { error: `Weight units must be one of ${WEIGHT_UNITS.join(', ')}.` }).optional(),
  length_units: z.enum(PREFERRED_LENGTH_UNITS, { error: `Length units must be one of ${PREFERRED_LENGTH_UNITS.join(', ')}.` }).optional(),
  hide_from_leaderboards: z.boolean({ error: 'Hide from leaderboards must be true or false.' }).optional(),
  log_prompts: z.boolean({ error: 'Workout prompts must be true or false.' }).optional(),
  share_bookings_with_friends: z.boolean({ error: 'Sharing bookings with friends must be true or false.' }).optional(),
});

const profileBody = z.object(
  {
    profile: profileUpdate,
    /** Needed (only) to change the sign-in email. */
    current_password: z.string({ error: 'current_password must be text.' }).max(1024, 'current_password is too long.').optional(),
  },
  { error: 'The request body must be an object with a "profile" object.' },
);

const currentPasswordRequired = () => new ApiError(403, 'current_password_required', 'Enter your current password to change the email you sign in with.', [{ path: 'current_password', message: 'Enter your current password to change the email you sign in with.' }]);
const currentPasswordWrong = () => new ApiError(403, 'current_password_wrong', 'Your current password is not correct.', [{ path: 'current_password', message: 'Your current password is not correct.' }]);

export function profileRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use('*', requireAuth);

  routes.get('/', async (c) => jsonWithETag(c, await loadProfile(c.get('deps').db, profileId(c))));

  // Changing the sign-in email changes who can reset the password, so it needs the current
  // password (checked and limited like a sign-in), and the old address is told after the answer
  // (docs/decisions.md#changing-the-sign-in-email). A request carrying the password is not kept
  // under an Idempotency-Key: the stored body hash would be a fast hash of the password. It needs
  // none: sent again, the email is already the new one, so nothing changes and nobody is mailed.
  routes.put('/', async (c) => {
    const { db, now, mailer } = c.get('deps');
    const me = profileId(c);
    const { profile: update, current_password: password } = await readJson(c, profileBody);
    const signedInWith = await db.selectFrom('members_profiles').select(['email', 'password_hash']).where('id', '=', me).executeTakeFirst();
    if (!signedInWith) throw notFound('The profile');
    const confirmed = password !== undefined && update.email !== undefined && update.email !== signedInWith.email;
    if (confirmed && !(await passwordMatches(c, signedInWith.email, password, signedInWith.password_hash))) throw currentPasswordWrong();

    // What the committed write changed the email from and to (a PostgreSQL retry runs it again).
    const outcome: { emailChange?: { from: string; to: string; firstName: string; locale: string } } = {};
    const write = async (trx: Transaction<Database>) => {
      delete outcome.emailChange;
      const current = await trx.selectFrom('members_profiles').selectAll().where('id', '=', me).executeTakeFirst();
      if (!current) throw notFound('The profile');
      if (update.email !== undefined && update.email !== current.email) {
        // Checked against the row as it is now: the email may have changed since the check above.
        if (!confirmed || current.email !== signedInWith.email) throw currentPasswordRequired();
        const taken = await trx.selectFrom('members_profiles').select('id').where('email', '=', update.email).where('id', '<>', me).executeTakeFirst();
        if (taken) {
          throw new ApiError(422, 'email_taken', 'This email address is already in use.', [{ path: 'profile.email', message: 'This email address is already in use.' }]);
        }
        outcome.emailChange = { from: current.email, to: update.email, firstName: current.first_name, locale: current.locale };
      }
      const patch: ProfilePatch = { updated_at: now().toISOString() };
      if (update.first_name !== undefined) patch.first_name = update.first_name;
      if (update.last_name !== undefined) patch.last_name = update.last_name;
      const nameParts = (update.first_name ?? current.first_name) !== current.first_name || (update.last_name ?? current.last_name) !== current.last_name;
      if (update.full_name !== undefined && update.full_name !== current.full_name) patch.full_name = update.full_name;
      else if (nameParts) {
        // The app sends the whole profile back; when only the name parts changed, the display name follows them.
        patch.full_name = `${update.first_name ?? current.first_name} ${update.last_name ?? current.last_name}`;
      }
      if (update.email !== undefined) patch.email = update.email;
      if (update.locale !== undefined) patch.locale = update.locale;
      if (update.track_training !== undefined) patch.track_training = update.track_training ? 1 : 0;
      if (update.weight_units !== undefined) patch.weight_units = update.weight_units;
      if (update.length_units !== undefined) patch.length_units = update.length_units;
      if (update.hide_from_leaderboards !== undefined) patch.hide_from_leaderboards = update.hide_from_leaderboards ? 1 : 0;
      if (update.log_prompts !== undefined) patch.log_prompts = update.log_prompts ? 1 : 0;
      if (update.share_bookings_with_friends !== undefined) patch.share_bookings_with_friends = update.share_bookings_with_friends ? 1 : 0;
      await trx.updateTable('members_profiles').set(patch).where('id', '=', me).execute();
      return { status: 200 as const, body: await loadProfile(trx, me) };
    };

    const response = password === undefined ? await idempotent(c, me, write) : c.json((await writeTransaction(db, write)).body, 200);
    const notice = outcome.emailChange;
    if (notice) afterResponse(c, 'email change notice', () => mailer.send({ to: notice.from, ...emailChangedMail(notice.locale, notice.firstName, notice.to) }));
    return response;
  });

  // The calendar feed is addressed by a secret token; activating keeps an existing token so
  // calendars already subscribed keep working, disabling revokes it.
  routes.get('/activate_calendar', async (c) => {
    const { db, now } = c.get('deps');
    const me = profileId(c);
    await db
      .updateTable('members_profiles')
      .set((eb) => ({ calendar_token: eb.fn.coalesce('calendar_token', eb.val(newToken())), updated_at: now().toISOString() }))
      .where('id', '=', me)
      .execute();
    return c.json(await loadProfile(db, me));
  });

  routes.get('/disable_calendar', async (c) => {
    const { db, now } = c.get('deps');
    const me = profileId(c);
    await db.updateTable('members_profiles').set({ calendar_token: null, updated_at: now().toISOString() }).where('id', '=', me).execute();
    return c.json(await loadProfile(db, me));
  });

  return routes;
}
