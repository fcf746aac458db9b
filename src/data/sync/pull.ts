// Stale-while-revalidate pulls: screens render what Dexie has and call these to refresh it.
// A pull only ever writes into Dexie, never over a row a queued write changed (rule 5).
import type { Table } from 'dexie';
import { getFacility, getMember, getProfile } from "../api/account";
import { facilityScope } from '../api/client';
import { ApiError, ContractError, NetworkError } from '../api/errors';
import type { Facility, Member, Profile } from '../../../core/contract/types';
import { db, type AuthState } from '../db';
import { getAuthState, scopeOf } from './auth-row';
import { getStatus, isQuotaError, patchStatus, reportStorageFull, storageRecovered } from './status';
import { now } from '../clock';
import { inTransaction } from '../transaction';
import { confirmedSince, pendingKeys, touchKey } from './touches';

export const PROFILE_MAX_AGE_MS = 5 * 60_000;
export const FACILITY_MAX_AGE_MS = 60 * 60_000;
export const MEMBER_MAX_AGE_MS = 10 * 60_000;

export type RefreshResult = 'fresh' | 'fetched' | 'offline' | 'unauthorized' | 'error';

export interface RefreshOptions {
  force?: boolean;
}

export type PullOptions = RefreshOptions & { maxAgeMs?: number };

/** Handed to a fetcher: when its pull started, so rows confirmed since then are left alone. */
export interface PullContext {
  startedAt: number;
}

const inflight = new Map<string, { promise: Promise<RefreshResult>; forced: boolean }>();

/**
 * Fetch `resource` unless it was fetched less than maxAgeMs ago. Concurrent calls for the same
 * resource share one request. Never throws: failures land in the sync status row.
 */
export function refresh(resource: string, maxAgeMs: number, fetcher: (context: PullContext) => Promise<void>, options: RefreshOptions = {}): Promise<RefreshResult> {
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

async function runRefresh(resource: string, maxAgeMs: number, fetcher: (context: PullContext) => Promise<void>, options: RefreshOptions): Promise<RefreshResult> {
  if (!options.force) {
    const mark = await db.pulls.get(resource);
    if (mark && now() - mark.fetchedAt < maxAgeMs) return 'fresh';
  }
  try {
    await fetcher({ startedAt: now() });
    const fetchedAt = now();
    await db.transaction('rw', db.pulls, db.meta, async () => {
      // A sign-out while the request was out wiped the device; leave no trace of it.
      if ((await getAuthState()).status !== 'authenticated') return;
      await db.pulls.put({ resource, fetchedAt });
      const { updateRequired } = await getStatus();
      await patchStatus({ online: true, lastSyncedAt: fetchedAt, ...(updateRequired === resource && { updateRequired: null }) });
    });
  } catch (error) {
    return recordFailure(error, resource);
  }
  await storageRecovered();
  return 'fetched';
}

async function recordFailure(error: unknown, resource: string): Promise<RefreshResult> {
  // The pulled rows did not fit: the member must see it, the last good data stays.
  if (isQuotaError(error)) {
    await reportStorageFull();
    return 'error';
  }
  if (error instanceof NetworkError) {
    if (error.kind === 'offline' || error.kind === 'failed') await patchStatus({ online: false });
    return 'offline';
  }
  // Nothing of the answer was written; the last good rows stay and the member is told to update.
  if (error instanceof ContractError) {
    await patchStatus({ online: true, updateRequired: resource });
    return 'error';
  }
  // The client has already run the 401 handler (signed out, queue blocked).
  if (error instanceof ApiError && error.status === 401) return 'unauthorized';
  await patchStatus({ lastError: error instanceof Error ? error.message : String(error), ...(error instanceof ApiError && { online: true }) });
  return 'error';
}

/** What a pull's write may do with each row. */
export interface PullGuard {
  auth: AuthState;
  /**
   * False when a queued write touches the row, or a write confirmed it after this pull started:
   * the pulled copy would undo what the member did.
   */
  free(key: string): boolean;
}

/**
 * Write pulled rows in one transaction with the outbox, the confirmations and the auth row, so
 * neither a command committing, a write being confirmed nor a sign-out can slip between the
 * checks and the write. Nothing is written once the member has signed out.
 */
export function writePulled(tables: Table[], context: PullContext, write: (guard: PullGuard) => Promise<void>): Promise<void> {
  return db.transaction('rw', [...tables, db.outbox, db.meta, db.confirmations], async () => {
    const auth = await inTransaction(getAuthState());
    if (auth.status !== 'authenticated') return;
    const touched = await inTransaction(pendingKeys());
    const confirmed = await inTransaction(confirmedSince(context.startedAt));
    await inTransaction(write({ auth, free: (key) => !touched.has(key) && !confirmed.has(key) }));
  });
}

/** A GET whose 404 means the thing is gone: null instead of an error. */
export async function orGone<T>(request: Promise<T>): Promise<T | null> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export interface PullDefinition<P, D> {
  /** The freshness mark's name. */
  resource(params: P): string;
  maxAgeMs: number;
  /** Tables the write changes. */
  tables(): Table[];
  /** Ask the server; with `goneOn404`, a 404 arrives at write() as null. */
  fetch(params: P): Promise<D>;
  goneOn404?: boolean;
  write(data: D | null, guard: PullGuard, params: P): Promise<void>;
}

/**
 * One pull: fresh for maxAgeMs, shared while running, written through the guard (never over a
 * touched or freshly confirmed row), failures in the sync status.
 */
export function definePull<P = void, D = unknown>(definition: PullDefinition<P, D>): (params: P, options?: PullOptions) => Promise<RefreshResult> {
  return (params, options = {}) =>
    refresh(
      definition.resource(params),
      options.maxAgeMs ?? definition.maxAgeMs,
      async (context) => {
        const request = definition.fetch(params);
        const data = definition.goneOn404 ? await orGone(request) : await request;
        await writePulled(definition.tables(), context, (guard) => definition.write(data, guard, params));
      },
      options,
    );
}

const profilePull = definePull<void, Profile>({
  resource: () => 'profile',
  maxAgeMs: PROFILE_MAX_AGE_MS,
  tables: () => [db.profiles],
  fetch: () => getProfile(),
  async write(profile, guard) {
    if (!profile || (guard.auth.profileId !== null && guard.auth.profileId !== profile.id)) return;
    if (guard.free(touchKey('profiles', profile.id))) await db.profiles.put(profile);
  },
});

export function pullProfile(options: PullOptions = {}): Promise<RefreshResult> {
  return profilePull(undefined, options);
}

const facilityPull = definePull<string, Facility>({
  resource: (guid) => `facility:${guid}`,
  maxAgeMs: FACILITY_MAX_AGE_MS,
  tables: () => [db.facilities],
  fetch: (guid) => getFacility(guid, { scope: facilityScope(guid) }),
  async write(facility, guard) {
    if (facility && guard.free(touchKey('facilities', facility.guid))) await db.facilities.put(facility);
  },
});

export function pullFacility(guid: string, options: PullOptions = {}): Promise<RefreshResult> {
  return facilityPull(guid, options);
}

const memberPull = definePull<{ orgId: number; scope: ReturnType<typeof scopeOf> }, Member>({
  resource: ({ orgId }) => `member:${orgId}`,
  maxAgeMs: MEMBER_MAX_AGE_MS,
  tables: () => [db.members],
  fetch: ({ scope }) => getMember({ scope }),
  async write(member, guard) {
    if (member && guard.free(touchKey('members', member.org_id))) await db.members.put(member);
  },
});

/** The member record in the chosen account's organisation (GET /member is scoped by X-Club-Id). */
export async function pullMember(options: PullOptions = {}): Promise<RefreshResult> {
  const auth = await getAuthState();
  if (auth.status !== 'authenticated' || auth.accountOrgId === null) return 'fresh';
  return memberPull({ orgId: auth.accountOrgId, scope: scopeOf(auth) }, options);
}
