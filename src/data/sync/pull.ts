// Stale-while-revalidate pulls: screens render what Dexie has and call these to refresh it.
// A pull only ever writes into Dexie, never over a row a queued write changed (rule 5).
import type { Table } from 'dexie';
import { getFacility, getMember, getProfile } from "../api/account";
import { ApiError, NetworkError } from '../api/errors';
import { db, type AuthState } from '../db';
import { getAuthState, scopeOf } from './auth-row';
import { pendingTouches } from './outbox';
import { patchStatus } from './status';

export const PROFILE_MAX_AGE_MS = 5 * 60_000;
export const FACILITY_MAX_AGE_MS = 60 * 60_000;
export const MEMBER_MAX_AGE_MS = 10 * 60_000;

export type RefreshResult = 'fresh' | 'fetched' | 'offline' | 'unauthorized' | 'error';

export interface RefreshOptions {
  force?: boolean;
}

const inflight = new Map<string, { promise: Promise<RefreshResult>; forced: boolean }>();

/**
 * Fetch `resource` unless it was fetched less than maxAgeMs ago. Concurrent calls for the same
 * resource share one request. Never throws: failures land in the sync status row.
 */
export function refresh(resource: string, maxAgeMs: number, fetcher: () => Promise<void>, options: RefreshOptions = {}): Promise<RefreshResult> {
  const running = inflight.get(resource);
  if (running && (running.forced || !options.force)) return running.promise;
  const forced = options.force === true;
  // A forced refresh joins a running one only if that one really asked the server.
  const promise = (running ? running.promise : Promise.resolve<RefreshResult>('fresh'))
    .then((previous) => (previous === 'fresh' ? runRefresh(resource, maxAgeMs, fetcher, options) : previous))
    .finally(() => {
      if (inflight.get(resource)?.promise === promise) inflight.delete(resource);
    });
  inflight.set(resource, { promise, forced });
  return promise;
}

async function runRefresh(resource: string, maxAgeMs: number, fetcher: () => Promise<void>, options: RefreshOptions): Promise<RefreshResult> {
  if (!options.force) {
    const mark = await db.pulls.get(resource);
    if (mark && Date.now() - mark.fetchedAt < maxAgeMs) return 'fresh';
  }
  try {
    await fetcher();
  } catch (error) {
    return recordFailure(error);
  }
  const fetchedAt = Date.now();
  await db.transaction('rw', db.pulls, db.meta, async () => {
    // A sign-out while the request was out wiped the device; leave no trace of it.
    if ((await getAuthState()).status !== 'authenticated') return;
    await db.pulls.put({ resource, fetchedAt });
    await patchStatus({ online: true, lastSyncedAt: fetchedAt });
  });
  return 'fetched';
}

async function recordFailure(error: unknown): Promise<RefreshResult> {
  if (error instanceof NetworkError) {
    if (error.kind === 'offline' || error.kind === 'failed') await patchStatus({ online: false });
    return 'offline';
  }
  // The client has already run the 401 handler (signed out, queue blocked).
  if (error instanceof ApiError && error.status === 401) return 'unauthorized';
  await patchStatus({ lastError: error instanceof Error ? error.message : String(error), ...(error instanceof ApiError && { online: true }) });
  return 'error';
}

/**
 * Write pulled rows in one transaction with the outbox and the auth row, so neither a command
 * committing nor a sign-out can slip between the checks and the write.
 */
function writePulled(tables: Table[], write: (touched: Set<string>, auth: AuthState) => Promise<void>): Promise<void> {
  return db.transaction('rw', [...tables, db.outbox, db.meta], async () => {
    const auth = await getAuthState();
    if (auth.status !== 'authenticated') return;
    await write(await pendingTouches(), auth);
  });
}

export function pullProfile(options: RefreshOptions & { maxAgeMs?: number } = {}): Promise<RefreshResult> {
  return refresh(
    'profile',
    options.maxAgeMs ?? PROFILE_MAX_AGE_MS,
    async () => {
      const profile = await getProfile();
      await writePulled([db.profiles], async (touched, auth) => {
        if (auth.profileId !== null && auth.profileId !== profile.id) return;
        if (touched.has(`profiles:${profile.id}`)) return;
        await db.profiles.put(profile);
      });
    },
    options,
  );
}

export function pullFacility(guid: string, options: RefreshOptions & { maxAgeMs?: number } = {}): Promise<RefreshResult> {
  return refresh(
    `facility:${guid}`,
    options.maxAgeMs ?? FACILITY_MAX_AGE_MS,
    async () => {
      const facility = await getFacility(guid);
      await writePulled([db.facilities], async (touched) => {
        if (touched.has(`facilities:${facility.guid}`)) return;
        await db.facilities.put(facility);
      });
    },
    options,
  );
}

/** The member record in the chosen account's organisation (GET /member is scoped by X-Club-Id). */
export async function pullMember(options: RefreshOptions & { maxAgeMs?: number } = {}): Promise<RefreshResult> {
  const auth = await getAuthState();
  if (auth.status !== 'authenticated' || auth.accountOrgId === null) return 'fresh';
  const scope = scopeOf(auth);
  return refresh(
    `member:${auth.accountOrgId}`,
    options.maxAgeMs ?? MEMBER_MAX_AGE_MS,
    async () => {
      const member = await getMember({ scope });
      await writePulled([db.members], async (touched) => {
        if (touched.has(`members:${member.org_id}`)) return;
        await db.members.put(member);
      });
    },
    options,
  );
}
