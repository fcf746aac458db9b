import { createMiddleware } from 'hono/factory';
import type { AccountRow, FacilityRow } from '../db/schema';
import type { AppEnv } from './context';
import { ApiError } from './errors';

function forbidden(): ApiError {
  return new ApiError(403, 'forbidden_facility', 'This facility or club is not part of your accounts.');
}

// X-Club-Id (org id) and X-Facility-Id (facility guid) say what a request is about. They come
// from the client, so each must belong to one of the member's own accounts (hidden ones count)
// and agree with each other; otherwise the request is refused before any route runs.
export const facilityScope = createMiddleware<AppEnv>(async (c, next) => {
  c.set('scope', { account: null, facility: null });
  const auth = c.get('auth');
  const facilityGuid = c.req.header('x-facility-id')?.trim() || undefined;
  const clubId = c.req.header('x-club-id')?.trim() || undefined;
  if (!auth || (!facilityGuid && !clubId)) return next();

  const { db } = c.get('deps');
  const accounts = await db.selectFrom('accounts').selectAll().where('profile_id', '=', auth.profileId).execute();

  let account: AccountRow | null = null;
  if (clubId !== undefined) {
    if (!/^\d{1,15}$/.test(clubId)) throw forbidden();
    account = accounts.find((a) => a.org_id === Number(clubId)) ?? null;
    if (!account) throw forbidden();
  }

  let facility: FacilityRow | null = null;
  if (facilityGuid !== undefined) {
    facility = (await db.selectFrom('facilities').selectAll().where('guid', '=', facilityGuid).executeTakeFirst()) ?? null;
    if (!facility) throw forbidden();
    const orgId = facility.org_id;
    const owner = accounts.find((a) => a.org_id === orgId);
    if (!owner || (account && account.org_id !== owner.org_id)) throw forbidden();
    account = owner;
  }

  c.set('scope', { account, facility });
  await next();
});
