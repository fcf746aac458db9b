import { randomBytes, randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { hashPassword, newPasswordField } from './password';
import { hashToken, newToken } from './tokens';
import type { Database } from '../../db/schema';
import type { AppEnv, Deps } from '../../http/context';
import { ApiError } from '../../http/errors';
import { profileId, requireAuth, startSession } from '../../http/session';
import { readJson } from '../../http/validate';
import { invitationMail } from '../../mail/messages';
import { loadProfile } from '../profile/present';
import { emailField } from '../profile/profile-routes';
import { personName } from '../../../core/contract/profile';
import { SUPPORTED_LOCALES } from '../../../core/locales';

// Invitations (see the README's calls table and docs/decisions.md#invitations):
//   staff:   POST /admin/invitations {facility_id, email, locale?} (npm run admin -- invite) makes a
//            single-use link to /invite/{token} for 14 days and emails it;
//   GET  /api/v1/invite/{token}           who invites whom: {org (with its terms and privacy
//            policy to read), facility, email, expires_at};
//   PUT  /api/v1/invite/{token}/accept    a signed-in member adds that organisation's account;
//   POST /api/v1/signup?invite={token} {app_signup}
//            a new member: the profile, the account and a session, at once.
// A used, expired or unknown token is 404 invite_invalid.

type Db = Kysely<Database>;
export const INVITE_DAYS = 14;

const inviteInvalid = () => new ApiError(404, 'invite_invalid', 'This invitation has expired or has already been used. Ask your studio for a new one.');

/** Staff: invite an email to a facility's organisation; the link is emailed (and returned). */
export async function createInvitation(deps: Pick<Deps, 'db' | 'mailer' | 'publicUrl'>, input: { facilityId: number; email: string; locale: string }, at: Date) {
  const facility = await deps.db.selectFrom('facilities').innerJoin('orgs', 'orgs.id', 'facilities.org_id').select(['facilities.id', 'facilities.org_id', 'facilities.name', 'orgs.name as org']).where('facilities.id', '=', input.facilityId).executeTakeFirst();
  if (!facility) throw new ApiError(404, 'not_found', 'The facility was not found.');
  const token = newToken();
  const expires = new Date(at.getTime() + INVITE_DAYS * 86_400_000).toISOString();
  const row = await deps.db
    .insertInto('invitations')
    .values({ token_hash: hashToken(token), org_id: facility.org_id, facility_id: facility.id, email: input.email, created_at: at.toISOString(), expires_at: expires, accepted_at: null, accepted_by: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const link = `${deps.publicUrl}/invite/${token}`;
  await deps.mailer.send({ to: input.email, ...invitationMail(input.locale, facility.org, facility.name, link, INVITE_DAYS) });
  return { id: row.id, email: input.email, org: { id: facility.org_id, name: facility.org }, facility: { id: facility.id, name: facility.name }, link, expires_at: expires };
}

async function findUsable(db: Db, token: string, at: Date) {
  if (!token || token.length > 200) return undefined;
  return db
    .selectFrom('invitations')
    .innerJoin('facilities', 'facilities.id', 'invitations.facility_id')
    .innerJoin('orgs', 'orgs.id', 'invitations.org_id')
    .select(['invitations.id', 'invitations.org_id', 'invitations.email', 'invitations.expires_at', 'facilities.guid', 'facilities.name as facility', 'orgs.name as org', 'orgs.terms', 'orgs.privacy_policy'])
    .where('invitations.token_hash', '=', hashToken(token))
    .where('invitations.accepted_at', 'is', null)
    .where('invitations.expires_at', '>', at.toISOString())
    .executeTakeFirst();
}

/** Marks the invitation used by `profileId` (once, even when two requests race) and adds the account. */
async function redeem(trx: Db, token: string, profile: { id: number; first_name: string; last_name: string }, at: Date): Promise<void> {
  const claimed = await trx
    .updateTable('invitations')
    .set({ accepted_at: at.toISOString(), accepted_by: profile.id })
    .where('token_hash', '=', hashToken(token))
    .where('accepted_at', 'is', null)
    .where('expires_at', '>', at.toISOString())
    .returning('org_id')
    .executeTakeFirst();
  if (!claimed) throw inviteInvalid();
  const existing = await trx.selectFrom('accounts').select('id').where('profile_id', '=', profile.id).where('org_id', '=', claimed.org_id).executeTakeFirst();
  if (existing) {
    // Already a member there (perhaps hidden): the invitation brings the organisation back.
    await trx.updateTable('accounts').set({ hidden_at: null }).where('id', '=', existing.id).execute();
    return;
  }
  await trx
    .insertInto('accounts')
    .values({ profile_id: profile.id, org_id: claimed.org_id, short_id: shortId(), first_name: profile.first_name, last_name: profile.last_name, phone: null, address: null, birthday: null, emergency_contact: null, hidden_at: null, last_visit_at: at.toISOString(), created_at: at.toISOString() })
    .execute();
}

/** The member's id inside an organisation (the realtime channel's name): 10 unambiguous characters. */
function shortId(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789';
  return Array.from(randomBytes(10), (b) => alphabet[b % alphabet.length]).join('');
}

const signupFields = {
  first_name: personName('First name'),
  last_name: personName('Last name'),
  email: emailField,
  password: newPasswordField,
  locale: z.enum(SUPPORTED_LOCALES, { error: `locale must be one of ${SUPPORTED_LOCALES.join(', ')}.` }),
};
// The studio's terms and privacy policy are accepted when it has published them (the form shows
// them to read); with neither there is nothing to accept.
const signupBody = {
  withTerms: z.object({ app_signup: z.object({ ...signupFields, terms_accepted: z.literal(true, { error: 'Accept the terms to create an account.' }) }) }),
  withoutTerms: z.object({ app_signup: z.object({ ...signupFields, terms_accepted: z.boolean().optional() }) }),
};

export function inviteRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/:token', async (c) => {
    const { db, now } = c.get('deps');
    const invite = await findUsable(db, c.req.param('token'), now());
    if (!invite) throw inviteInvalid();
    return c.json({ org: { id: invite.org_id, name: invite.org, terms: invite.terms, privacy_policy: invite.privacy_policy }, facility: { guid: invite.guid, name: invite.facility }, email: invite.email, expires_at: invite.expires_at });
  });
  routes.put('/:token/accept', requireAuth, async (c) => {
    const { db, now } = c.get('deps');
    const me = profileId(c);
    const profile = await db.selectFrom('members_profiles').select(['id', 'first_name', 'last_name']).where('id', '=', me).executeTakeFirstOrThrow();
    await db.transaction().execute((trx) => redeem(trx, c.req.param('token'), profile, now()));
    return c.json(await loadProfile(db, me));
  });
  return routes;
}

export function signupRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.post('/', async (c) => {
    const { db, now } = c.get('deps');
    const token = c.req.query('invite') ?? '';
    const at = now();
    const invite = await findUsable(db, token, at);
    if (!invite) throw inviteInvalid();
    const { app_signup: form } = await readJson(c, invite.terms || invite.privacy_policy ? signupBody.withTerms : signupBody.withoutTerms);
    const hash = await hashPassword(form.password);
    const stamp = at.toISOString();
    const id = await db.transaction().execute(async (trx) => {
      const taken = await trx.selectFrom('members_profiles').select('id').where('email', '=', form.email).executeTakeFirst();
      if (taken) throw new ApiError(409, 'email_taken', 'There is already an account with this email. Sign in to accept the invitation.');
      const profile = await trx
        .insertInto('members_profiles')
        .values({ guid: randomUUID(), email: form.email, password_hash: hash, full_name: `${form.first_name} ${form.last_name}`, first_name: form.first_name, last_name: form.last_name, locale: form.locale, avatar_thumb_url: null, avatar_main_url: null, calendar_token: null, preferences: '{}', track_training: 1, created_at: stamp, updated_at: stamp })
        .returning(['id', 'first_name', 'last_name'])
        .executeTakeFirstOrThrow();
      await redeem(trx, token, profile, at);
      return profile.id;
    });
    await startSession(c, id, at);
    return c.json(await loadProfile(db, id), 201);
  });
  return routes;
}
