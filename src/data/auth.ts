// Sign-in state (see docs/rules.md#auth and #sync). The auth row in Dexie is the truth
// the UI and guards read; this module is the only writer.
import Dexie from 'dexie';
import { chooseAccount, findAccount, firstFacility } from '../domain/account';
import { configureApi, type ApiConfig } from './api/config';
import { workerContractCheck, type ContractCheck } from './api/contract-check';
import { ApiError, NetworkError } from './api/errors';
import type { Account } from '../../core/contract/types';
import { db, memberTableObjects, type AuthState } from './db';
import { getAuthState, SIGNED_OUT } from './sync/auth-row';
import type { RefreshResult } from './sync/pull';
import { patchStatus } from './sync/status';
import { clearMemberMemory } from './memory';

/** The page's contract checks, in a worker of their own made at the first answer to check (decisions.md#contract-worker). */
export function pageContractCheck(): ContractCheck {
  return workerContractCheck(() => new Worker(new URL('./api/contract-worker.ts', import.meta.url), { name: 'contract' }));
}

/** Point the client at the server and route every 401 to handleUnauthorized. */
export function connectApi(options: Omit<ApiConfig, 'onUnauthorized'> = {}): void {
  configureApi({ ...options, onUnauthorized: handleUnauthorized });
}

/**
 * Wipe everything that belongs to a member, in-memory caches included. Call inside a transaction
 * over member tables + meta; the caches are emptied again when it commits, so a read that raced
 * the wipe cannot leave the previous member's rows in them (another member signs in, or this one out).
 */
export async function wipeMemberData(): Promise<void> {
  clearMemberMemory();
  Dexie.currentTransaction?.on('complete', clearMemberMemory);
  await Promise.all(memberTableObjects().map((table) => table.clear()));
  await patchStatus({ pending: 0, blocked: null, lastError: null, nextAttemptAt: null });
}

function signedOut(reason: NonNullable<AuthState['reason']>): AuthState {
  return { ...SIGNED_OUT, reason };
}

function isOnline(): boolean {
  return (globalThis as { navigator?: { onLine?: boolean } }).navigator?.onLine !== false;
}

/**
 * The pulls the session needs (the profile, the member's facility and memberships) load when first
 * used, after the first screen's check or at a sign-in, not with the shell: a screen paints from the
 * device without them.
 */
const pulls = () => import('./sync/pull');

/** Fetches the chosen facility and the member's memberships. */
export async function pullChosen(auth: AuthState, force: boolean): Promise<void> {
  const { pullFacility, pullMember } = await pulls();
  await Promise.all([auth.facilityGuid ? pullFacility(auth.facilityGuid, { force }) : null, pullMember({ force })]);
}


async function chooseWithin(update: (auth: AuthState, accounts: Account[]) => AuthState): Promise<AuthState> {
  return db.transaction('rw', db.meta, db.profiles, async () => {
    const auth = await getAuthState();
    if (auth.status !== 'authenticated' || auth.profileId === null) throw new Error('Not signed in');
    const profile = await db.profiles.get(auth.profileId);
    const updated = update(auth, profile?.accounts ?? []);
    await db.meta.put(updated);
    return updated;
  });
}

/** Work in another organisation: its first facility becomes the selected one. */
export async function switchAccount(orgId: number): Promise<AuthState> {
  const auth = await chooseWithin((current, accounts) => {
    const account = findAccount(accounts, orgId);
    if (!account) throw new Error(`No account in organisation ${orgId}`);
    return { ...current, accountOrgId: account.org.id, facilityGuid: firstFacility(account)?.guid ?? null };
  });
  await pullChosen(auth, false);
  return auth;
}

/** Select another facility of the current account. */
export async function selectFacility(guid: string): Promise<AuthState> {
  const auth = await chooseWithin((current, accounts) => {
    const account = findAccount(accounts, current.accountOrgId);
    if (!account?.facilities.some((facility) => facility.guid === guid)) throw new Error(`Facility ${guid} is not in the current account`);
    return { ...current, facilityGuid: guid };
  });
  await (await pulls()).pullFacility(guid);
  return auth;
}

export type SignOutResult = { status: 'signed-out' } | { status: 'pending'; count: number };

/**
 * True while this page ends its session: a request that crossed the logout on the way is answered
 * 401, and that answer is the sign-out's own doing, not an expiry to tell the member about (nor a
 * reason to leave /login showing over data the wipe has yet to remove).
 */
let endingSession = false;

/**
 * Sign out and wipe member data. With unsent writes and no `force`, nothing happens and the
 * count comes back so the UI can warn first (rule 8).
 */
export async function signOut(options: { force?: boolean } = {}): Promise<SignOutResult> {
  const count = await db.outbox.count();
  if (count > 0 && !options.force) return { status: 'pending', count };
  // Its code not on the device and no network to fetch it: as offline, the device signs out anyway.
  const account = await import('./api/account').catch(() => undefined);
  endingSession = true;
  try {
    try {
      await account?.logout();
    } catch (error) {
      // Offline or already expired: the device is signed out anyway.
      if (!(error instanceof NetworkError) && !(error instanceof ApiError)) throw error;
    }
    await db.transaction('rw', [...memberTableObjects(), db.meta], async () => {
      await wipeMemberData();
      await db.meta.put(signedOut('logout'));
    });
  } finally {
    endingSession = false;
  }
  return { status: 'signed-out' };
}

/**
 * A 401 from the API (see docs/rules.md#auth): forget the user and account, but keep member data and every
 * queued write, and pause the queue until the same member signs in again (rule 3).
 */
export async function handleUnauthorized(): Promise<void> {
  if (endingSession) return;
  await db.transaction('rw', db.meta, async () => {
    const auth = await getAuthState();
    if (auth.status !== 'authenticated') return;
    const ended: AuthState = { ...signedOut('expired'), endedFor: auth.profileId };
    await db.meta.put(ended);
    await patchStatus({ blocked: 'auth', nextAttemptAt: null });
  });
}

/** Keep the stored choice valid after the profile changed (account removed, facility gone). */
async function reconcileChoice(): Promise<void> {
  await db.transaction('rw', db.meta, db.profiles, async () => {
    const auth = await getAuthState();
    if (auth.status !== 'authenticated' || auth.profileId === null) return;
    const profile = await db.profiles.get(auth.profileId);
    if (!profile) return;
    const account = chooseAccount(profile.accounts, auth.accountOrgId);
    const facilityGuid = account?.facilities.some((facility) => facility.guid === auth.facilityGuid)
      ? auth.facilityGuid
      : (firstFacility(account)?.guid ?? null);
    const accountOrgId = account?.org.id ?? null;
    if (accountOrgId === auth.accountOrgId && facilityGuid === auth.facilityGuid) return;
    const updated: AuthState = { ...auth, accountOrgId, facilityGuid };
    await db.meta.put(updated);
  });
}

/**
 * True when a signed-in member's profile or chosen facility is missing from the device (the
 * first pulls after sign-in were cut short, or the browser evicted the database): no screen can
 * paint member data until the network brings them, so waiting for one to do so would only delay.
 */
export async function memberDataMissing(): Promise<boolean> {
  const auth = await getAuthState();
  if (auth.status !== 'authenticated' || auth.profileId === null) return false;
  const [profile, facility] = await Promise.all([db.profiles.get(auth.profileId), auth.facilityGuid ? db.facilities.get(auth.facilityGuid) : undefined]);
  return !profile || (auth.facilityGuid !== null && !facility);
}

export interface RestoredSession {
  auth: AuthState;
  /** 'unauthorized' means the session had expired and the auth row is now signed out. */
  revalidated: RefreshResult | 'skipped';
}

/**
 * Checks the session now and again whenever the device comes back online: a check skipped offline
 * at start, or whose facility and member pulls were cut short (sign-in interrupted by a reload),
 * is made then, rather than leaving the screens without the facility (its time zone, its rules)
 * until the next visit. Returns the stop.
 */
export function keepSessionChecked(target: EventTarget | undefined, onError: (error: unknown) => void): () => void {
  const check = () => void restoreSession().catch(onError);
  check();
  target?.addEventListener('online', check);
  return () => target?.removeEventListener('online', check);
}

/** App start: trust the stored auth row for rendering, then (online) check it with the server. */
export async function restoreSession(): Promise<RestoredSession> {
  const auth = await getAuthState();
  if (auth.status !== 'authenticated') return { auth, revalidated: 'skipped' };
  if (!isOnline()) return { auth, revalidated: 'skipped' };
  const revalidated = await (await pulls()).pullProfile({ force: true });
  if (revalidated === 'fetched') {
    await reconcileChoice();
    // Fresh marks do not count for a row the device lacks (a store evicted, a write cut short).
    await pullChosen(await getAuthState(), await memberDataMissing());
  }
  return { auth: await getAuthState(), revalidated };
}
