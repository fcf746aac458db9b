// The front desk's calls (/api/v1/desk, server/features/checkin): the API client with the desk's
// bearer token instead of a member's cookie, and a 401 that is the desk's answer, not a member's
// session ending. Answers are checked against the contract's schemas.
import { apiRequest } from '../../../data/api/client';
import type { DeskCheckinResult, DeskFacilities, DeskRoster, DeskSignedIn } from '../../../../core/contract/checkin';

const desk = (token: string) => ({ scope: null, bearer: token, skipUnauthorizedHandler: true });

/** With the admin token: the facilities a desk can be set up for. */
export function listDeskFacilities(adminToken: string): Promise<DeskFacilities> {
  return apiRequest('GET', '/desk/facilities', { ...desk(adminToken), schema: 'deskFacilities' });
}

/** With the admin token, once: a desk token for one facility (the admin token is not kept). */
export function signInDesk(adminToken: string, facilityId: number): Promise<DeskSignedIn> {
  return apiRequest('POST', '/desk/sign-in', { ...desk(adminToken), body: { facility_id: facilityId }, schema: 'deskSignedIn' });
}

export function signOutDesk(token: string): Promise<void> {
  return apiRequest('POST', '/desk/sign-out', desk(token));
}

export function fetchRoster(token: string): Promise<DeskRoster> {
  return apiRequest('GET', '/desk/roster', { ...desk(token), schema: 'deskRoster' });
}

export function sendCheckin(token: string, key: string, body: ({ code: string } | { digits: string }) & { scanned_at: string }): Promise<DeskCheckinResult> {
  return apiRequest('POST', '/desk/checkins', { ...desk(token), body, idempotencyKey: key, schema: 'deskCheckinResult' });
}
