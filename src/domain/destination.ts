// Where a member was heading when the sign-in screen showed (see docs/rules.md#auth), pure: the
// path is remembered for the person it belongs to, never handed to the next person on the phone.
import { HOME_PATH } from './account';

/** What the sign-in screen carries: the path, and whose it is (null: a visitor's own link). */
export interface Destination {
  from: string;
  member: number | null;
}

export interface SignedOutFrom {
  /** Why the device is signed out (the auth row's reason). */
  reason: 'expired' | 'logout' | null | undefined;
  /** The member this page showed before it fell signed out; null when it never showed one. */
  member: number | null;
}

/**
 * The page on screen when the sign-in screen takes over. A member's own sign-out (here or in
 * another tab) forgets it: it was their page, not where the next person is going. A session that
 * ended keeps it for that member. A page opened while signed out is the visitor's own link.
 */
export function destinationOnSignOut(path: string, signedOut: SignedOutFrom): Destination | null {
  if (path === '/') return null;
  if (signedOut.member !== null && signedOut.reason !== 'expired') return null;
  return { from: path, member: signedOut.member };
}

/** Where the member who just signed in lands: their own way back, else the timetable. */
export function destinationAfterSignIn(state: unknown, profileId: number | null): string {
  const destination = state as Partial<Destination> | null | undefined;
  const from = destination?.from;
  // Only a path inside the app: history state is the app's own, but never leave the origin.
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return HOME_PATH;
  if (destination?.member != null && destination.member !== profileId) return HOME_PATH;
  return from;
}
