import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { ScopeAsk } from '../features/auth/sessions';
import type { AccountRow, FacilityRow } from '../db/schema';
import type { AppEnv } from './context';
import { ApiError } from './errors';

function forbidden(): ApiError {
  return new ApiError(403, 'forbidden_facility', 'This facility or club is not part of your accounts.');
}

const CLUB_ID = /^\d{1,15}$/;
/** Ids are 32-bit integers on PostgreSQL: a larger one names no club, and must not reach the query. */
const MAX_ID = 2_147_483_647;

/** X-Facility-Id and X-Club-Id as given (trimmed; undefined when absent or empty). */
function named(c: Context): { facilityGuid: string | undefined; clubId: string | undefined } {
  return { facilityGuid: c.req.header('x-facility-id')?.trim() || undefined, clubId: c.req.header('x-club-id')?.trim() || undefined };
}

/** What the request names, for the session's lookup to read with it (http/session.ts#loadSession). */
export function scopeAsk(c: Context): ScopeAsk {
  const { facilityGuid, clubId } = named(c);
  const orgId = clubId !== undefined && CLUB_ID.test(clubId) ? Number(clubId) : undefined;
  return { facilityGuid, orgId: orgId !== undefined && orgId <= MAX_ID ? orgId : undefined };
}

// X-Club-Id (org id) and X-Facility-Id (facility guid) say what a request is about. They come
// from the client, so each must belong to one of the member's own accounts (hidden ones count)
// and agree with each other; otherwise the request is refused before any route runs. The rows
// were read with the session (features/auth/sessions.ts#findSession).
export const facilityScope = createMiddleware<AppEnv>(async (c, next) => {
  c.set('scope', { account: null, facility: null });
  const auth = c.get('auth');
  const { facilityGuid, clubId } = named(c);
  if (!auth || (!facilityGuid && !clubId)) return next();
  const rows = auth.scope;
  if (!rows) throw forbidden();

  let account: AccountRow | null = null;
  if (clubId !== undefined) {
    if (!CLUB_ID.test(clubId)) throw forbidden();
    account = rows.orgAccount;
    if (!account) throw forbidden();
  }

  let facility: FacilityRow | null = null;
  if (facilityGuid !== undefined) {
    facility = rows.facility;
    const owner = rows.facilityAccount;
    if (!facility || !owner || (account && account.org_id !== owner.org_id)) throw forbidden();
    account = owner;
  }

  c.set('scope', { account, facility });
  await next();
});
