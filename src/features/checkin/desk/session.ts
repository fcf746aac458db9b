// Setting the desk up and keeping its list fresh: the calls the desk screen makes, with what they keep.
import type { DeskFacilities } from '../../../../core/contract/checkin';
import { fetchRoster, listDeskFacilities, signInDesk, signOutDesk } from './api';
import { forgetDesk, keepRoster, keepSignIn, type DeskRosterKept, type DeskSignIn } from './store';

export async function deskFacilityChoices(adminToken: string): Promise<DeskFacilities['facilities']> {
  return (await listDeskFacilities(adminToken)).facilities;
}

/** Today's list and the facility's key, with the server's clock against this device's. */
export async function refreshRoster(signIn: DeskSignIn): Promise<DeskRosterKept> {
  const sentAt = Date.now();
  const roster = await fetchRoster(signIn.token);
  const receivedAt = Date.now();
  const kept = { roster, fetchedAt: receivedAt, clockOffsetMs: Date.parse(roster.server_time) - (sentAt + receivedAt) / 2 };
  await keepRoster(kept);
  return kept;
}

/** Exchanges the admin token for this facility's desk token (only that is kept), then fetches today's list (null when that failed: tried again when online). */
export async function setUpDesk(adminToken: string, facilityId: number): Promise<{ signIn: DeskSignIn; roster: DeskRosterKept | null }> {
  const signedIn = await signInDesk(adminToken, facilityId);
  const signIn = { token: signedIn.desk_token, facility: signedIn.facility };
  await keepSignIn(signIn);
  return { signIn, roster: await refreshRoster(signIn).catch(() => null) };
}

/** Revokes the desk token (when the server can be reached) and forgets the desk here. */
export async function signOutThisDesk(signIn: DeskSignIn): Promise<void> {
  await signOutDesk(signIn.token).catch(() => undefined);
  await forgetDesk();
}
