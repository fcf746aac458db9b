import { Hono } from 'hono';
import { z } from 'zod';
import type { Kysely } from 'kysely';
import type { AccountPatch, Database } from '../../db/schema';
import type { Member } from '../../../core/contract/types';
import type { AppContext, AppEnv } from '../../http/context';
import { ApiError, notFound } from '../../http/errors';
import { idempotent } from '../../http/idempotency';
import { profileId, requireAuth } from '../../http/session';
import { readJson } from '../../http/validate';
import { toMember } from './present';
import { ADDRESS_MAX, cleanTextMessage, EMERGENCY_CONTACT_MAX, isCleanText, PHONE_MAX } from '../../../core/limits';
import { personName } from '../../../core/contract/profile';

function optionalText(label: string, max: number) {
  return z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .refine(isCleanText, cleanTextMessage(label))
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v));
}

const birthday = z
  .union([z.iso.date({ error: 'Birthday must be a date like 1990-04-23.' }), z.literal(''), z.null()], { error: 'Birthday must be a date like 1990-04-23.' })
  .optional()
  .transform((v) => (v === '' ? null : v))
  .refine((v) => v === null || v === undefined || (v >= '1900-01-01' && v <= new Date().toISOString().slice(0, 10)), 'Birthday must be a date in the past.');

const memberUpdate = z.object({
  first_name: z.optional(personName('First name')),
  last_name: z.optional(personName('Last name')),
  phone: optionalText('Phone', PHONE_MAX),
  address: optionalText('Address', ADDRESS_MAX),
  birthday,
  emergency_contact: optionalText('Emergency contact', EMERGENCY_CONTACT_MAX),
});

const memberBody = z.object({ member: memberUpdate }, { error: 'The request body must be an object with a "member" object.' });

/** The member's account in the club named by X-Club-Id, or the club of X-Facility-Id. */
function scopedAccountId(c: AppContext): number {
  const account = c.get('scope').account;
  if (!account) throw new ApiError(400, 'facility_required', 'Choose a club or facility first (X-Club-Id or X-Facility-Id header).');
  return account.id;
}

/** The member record of one of the signed-in person's accounts (404 when it is not theirs). */
async function loadMember(db: Kysely<Database>, accountId: number, me: number): Promise<Member> {
  const row = await db
    .selectFrom('accounts')
    .innerJoin('members_profiles', 'members_profiles.id', 'accounts.profile_id')
    .selectAll('accounts')
    .select('members_profiles.email')
    .where('accounts.id', '=', accountId)
    .where('accounts.profile_id', '=', me)
    .executeTakeFirst();
  if (!row) throw notFound('The member');
  return toMember(row, row.email);
}

export function memberRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use('*', requireAuth);

  routes.get('/', async (c) => {
    const { db } = c.get('deps');
    const me = profileId(c);
    const accountId = scopedAccountId(c);
    return c.json(await loadMember(db, accountId, me));
  });

  routes.put('/', async (c) => {
    const me = profileId(c);
    const accountId = scopedAccountId(c);
    const { member: update } = await readJson(c, memberBody);
    return idempotent(c, me, async (trx) => {
      const patch: AccountPatch = {};
      for (const key of ['first_name', 'last_name', 'phone', 'address', 'birthday', 'emergency_contact'] as const) {
        if (update[key] !== undefined) Object.assign(patch, { [key]: update[key] });
      }
      if (Object.keys(patch).length > 0) {
        await trx.updateTable('accounts').set(patch).where('id', '=', accountId).where('profile_id', '=', me).execute();
      }
      return { status: 200, body: await loadMember(trx, accountId, me) };
    });
  });

  return routes;
}
