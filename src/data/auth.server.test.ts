// Sign-in, account choice, expiry, sign-out and outbox replay against the real reference server
// on loopback, with a real SQLite file and a cookie jar playing the browser.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { seedUuid } from '../../server/db/seed';
import { ApiError } from './api/errors';
import { handleUnauthorized, keepSessionChecked, restoreSession, selectFacility, signOut, switchAccount } from './auth';
import { signIn } from './sign-in';
import { registerCommandOps } from "../features/ops";
import { updateProfile } from "../features/profile/commands/profile";
import { db, type AuthState, type MetaRow } from './db';
import { getAuthState, scopeOf } from './sync/auth-row';
import { configureOutbox } from './sync/outbox';
import { flushOutbox } from './sync/replay';
import { pullProfile } from './sync/pull';
import { getStatus } from './sync/status';
import { resetDb, resetModules } from '../../tests/support/data-helpers';
import { withRealServer, type TrafficWatch } from '../../tests/support/real-server';

const PASSWORD = 'demo1234';
const WELLINGTON = seedUuid('facility:harbour-wellington');
const PETONE = seedUuid('facility:harbour-petone');
const TALLINN = seedUuid('facility:tallinn-old-town');

let serverNow = Date.now();
const real = withRealServer('auth', { now: () => new Date(serverNow) });
const browser = real.browser;
const replayedHeaders: string[] = [];
/** Called with each write as it leaves; one test sets it. */
let onWrite: ((method: string, path: string) => void) | null = null;
const watch: TrafficWatch = {
  write: (method, path) => onWrite?.(method, path),
  answer: (_url, response) => {
    const replayed = response.headers.get('Idempotent-Replayed');
    if (replayed) replayedHeaders.push(replayed);
  },
};

registerCommandOps();

/** signIn resumes the queue in the background; tests wait for that flush to settle. */
async function signInSettled(email: string) {
  const auth = await signIn(email, PASSWORD);
  await flushOutbox();
  return auth;
}

async function serverProfile(id: number) {
  return real.server.db.selectFrom('members_profiles').select(['first_name', 'locale', 'updated_at']).where('id', '=', id).executeTakeFirstOrThrow();
}

beforeEach(async () => {
  await flushOutbox().catch(() => undefined);
  await resetDb();
  replayedHeaders.length = 0;
  onWrite = null;
  real.connect(watch);
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await flushOutbox().catch(() => undefined);
});

describe('signIn', () => {
  it('stores the profile, chooses the latest visited visible account and its first facility, and pulls them', async () => {
    const persist = vi.fn(() => Promise.resolve(true));
    vi.stubGlobal('navigator', { onLine: true, storage: { persist } });
    const auth = await signIn('demo@example.com', PASSWORD);
    expect(auth).toEqual({ key: 'auth', status: 'authenticated', profileId: 1, accountOrgId: 1, facilityGuid: WELLINGTON, reason: null });
    expect(await getAuthState()).toEqual(auth);
    const profile = await db.profiles.get(1);
    expect(profile?.accounts.map((account) => account.org.name)).toEqual(['Harbour Strength', 'Tallinn Movement', 'Summit Climbing']);
    expect((await db.facilities.get(WELLINGTON))?.preferences.feed_enabled).toBe(true);
    expect((await db.members.get(1))?.first_name).toBe('Alex');
    expect(scopeOf(await getAuthState())).toEqual({ facilityGuid: WELLINGTON, clubId: 1 });
    expect(browser.jar.cookies.has('sid')).toBe(true);
    expect(persist).toHaveBeenCalledOnce();
  });

  it('rejects wrong credentials with the server message and changes nothing', async () => {
    const error = (await signIn('demo@example.com', 'wrong').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'invalid_credentials' });
    expect(await getAuthState()).toMatchObject({ status: 'signed-out' });
    expect((await getStatus()).blocked).toBeNull();
    expect(await db.profiles.count()).toBe(0);
  });

  it("wipes another member's data before storing the new one", async () => {
    await signInSettled('demo@example.com');
    browser.jar.cookies.clear();
    await updateProfile({ first_name: 'Unsent' });
    expect((await flushOutbox()).outcome).toBe('blocked');
    expect(await db.outbox.count()).toBe(1);
    await signIn('sam@example.com', PASSWORD);
    expect(await db.profiles.toCollection().primaryKeys()).toEqual([(await getAuthState()).profileId]);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.facilities.count()).toBe(1);
    expect((await db.members.toArray()).map((member) => member.first_name)).toEqual(['Sam']);
    expect((await serverProfile(1)).first_name).toBe('Alex');
  });
});

describe('switchAccount / selectFacility', () => {
  it('switches organisation, selects its first facility and pulls it', async () => {
    await signIn('demo@example.com', PASSWORD);
    const auth = await switchAccount(2);
    expect(auth).toMatchObject({ accountOrgId: 2, facilityGuid: TALLINN });
    expect(scopeOf(await getAuthState())).toEqual({ facilityGuid: TALLINN, clubId: 2 });
    expect((await db.facilities.get(TALLINN))?.preferences.feed_enabled).toBe(false);
    expect((await db.members.get(2))?.org_id).toBe(2);
    await expect(switchAccount(99)).rejects.toThrow(/No account/);
  });

  it('selects another facility of the current account only', async () => {
    await signIn('demo@example.com', PASSWORD);
    expect(await selectFacility(PETONE)).toMatchObject({ accountOrgId: 1, facilityGuid: PETONE });
    expect((await db.facilities.get(PETONE))?.name).toBe('Petone');
    await expect(selectFacility(TALLINN)).rejects.toThrow(/not in the current account/);
    expect((await getAuthState()).facilityGuid).toBe(PETONE);
  });
});

describe('signOut', () => {
  it('with unsent writes only reports them, unless forced', async () => {
    await signInSettled('demo@example.com');
    configureOutbox({ now: () => Date.now(), random: () => 0.5, baseMs: 60_000 });
    browser.unreachable = (_url, init) => init?.method === 'PUT'; // keep the write queued
    await updateProfile({ first_name: 'Pending' });
    await flushOutbox();
    expect(await db.outbox.count()).toBe(1);
    browser.unreachable = null;

    expect(await signOut()).toEqual({ status: 'pending', count: 1 });
    expect((await getAuthState()).status).toBe('authenticated');

    expect(await signOut({ force: true })).toEqual({ status: 'signed-out' });
    expect(await getAuthState()).toMatchObject({ status: 'signed-out', reason: 'logout', profileId: null });
    for (const table of ['profiles', 'facilities', 'members', 'outbox', 'notices', 'pulls'] as const) expect(await db[table].count()).toBe(0);
    // The server ended the session too, and never saw the discarded write.
    expect(browser.jar.cookies.has('sid')).toBe(false);
    expect((await serverProfile(1)).first_name).toBe('Alex');
  });

  it('a 401 answering a request that crossed the logout is not taken for an expired session', async () => {
    await signInSettled('demo@example.com');
    // A pull already on its way when the server ends the session comes back 401 while the logout
    // is out: the member tapped Sign out, and must not be told their session ended.
    let crossed: Promise<void> | null = null;
    onWrite = (method, path) => {
      if (method === 'DELETE' && path === '/authentication') crossed = handleUnauthorized();
    };
    const reasons: unknown[] = [];
    const created = (_key: unknown, row: MetaRow) => void reasons.push('reason' in row ? row.reason : undefined);
    const updated = (changes: object) => void reasons.push((changes as Partial<AuthState>).reason);
    db.meta.hook('creating', created);
    db.meta.hook('updating', updated);
    try {
      expect(await signOut()).toEqual({ status: 'signed-out' });
      expect(crossed).not.toBeNull();
      await crossed;
    } finally {
      db.meta.hook('creating').unsubscribe(created);
      db.meta.hook('updating').unsubscribe(updated);
    }
    expect(reasons).toContain('logout');
    expect(reasons).not.toContain('expired');
    expect(await getAuthState()).toMatchObject({ status: 'signed-out', reason: 'logout' });
    expect(await db.profiles.count()).toBe(0);
    // Once signed out, a 401 is again what it says.
    await signInSettled('demo@example.com');
    await handleUnauthorized();
    expect(await getAuthState()).toMatchObject({ status: 'signed-out', reason: 'expired' });
  });

  it('still signs out locally when the server cannot be reached', async () => {
    await signIn('demo@example.com', PASSWORD);
    resetModules(`${real.server.url}/api/v1`, () => Promise.reject(new TypeError('fetch failed')));
    expect(await signOut()).toEqual({ status: 'signed-out' });
    expect(await db.profiles.count()).toBe(0);
  });
});

describe('session expiry', () => {
  it('a 401 forgets user and account but keeps data and the queue, which resumes after signing in again', async () => {
    await signInSettled('demo@example.com');
    browser.jar.cookies.clear(); // the server no longer knows this browser
    await updateProfile({ first_name: 'Queued' });
    await flushOutbox();

    expect(await getAuthState()).toMatchObject({ status: 'signed-out', reason: 'expired', profileId: null, accountOrgId: null });
    expect((await getStatus()).blocked).toBe('auth');
    expect(await db.outbox.count()).toBe(1);
    expect((await db.profiles.get(1))?.first_name).toBe('Queued');
    expect((await serverProfile(1)).first_name).not.toBe('Queued');

    await signIn('demo@example.com', PASSWORD);
    await flushOutbox();
    expect(await db.outbox.count()).toBe(0);
    expect((await getStatus()).blocked).toBeNull();
    expect((await serverProfile(1)).first_name).toBe('Queued');
    expect((await db.profiles.get(1))?.first_name).toBe('Queued');

    await updateProfile({ first_name: 'Alex' });
    await flushOutbox();
  });

  it('restoreSession revalidates with the server and lands a 401 in handleUnauthorized', async () => {
    await signIn('demo@example.com', PASSWORD);
    const restored = await restoreSession();
    expect(restored.revalidated).toBe('fetched');
    expect(restored.auth).toMatchObject({ status: 'authenticated', accountOrgId: 1 });

    browser.jar.cookies.clear();
    const expired = await restoreSession();
    expect(expired.revalidated).toBe('unauthorized');
    // Whose session ended stays known, for a page that fell signed out before it showed them.
    expect(expired.auth).toMatchObject({ status: 'signed-out', reason: 'expired', profileId: null, endedFor: 1 });
    expect(await db.profiles.count()).toBe(1);
  });

  it('a session check skipped offline is made once back online, and brings the facility a cut-short sign-in never stored', async () => {
    await signIn('demo@example.com', PASSWORD);
    await db.facilities.clear();
    const connection = { onLine: false };
    vi.stubGlobal('navigator', connection);
    const device = new EventTarget();
    const failures: unknown[] = [];
    const stop = keepSessionChecked(device, (error) => failures.push(error));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await db.facilities.get(WELLINGTON)).toBeUndefined();

    connection.onLine = true;
    device.dispatchEvent(new Event('online'));
    await vi.waitFor(async () => expect((await db.facilities.get(WELLINGTON))?.time_zone).toBe('Pacific/Auckland'));
    stop();
    expect(failures).toEqual([]);
  });

  it('restoreSession without a session does nothing', async () => {
    expect(await restoreSession()).toEqual({ auth: expect.objectContaining({ status: 'signed-out' }), revalidated: 'skipped' });
  });

  it('a pull answered 401 behaves the same', async () => {
    await signIn('demo@example.com', PASSWORD);
    browser.jar.cookies.clear();
    expect(await pullProfile({ force: true })).toBe('unauthorized');
    expect((await getAuthState()).reason).toBe('expired');
  });
});

describe('outbox replay against the server', () => {
  it('a PUT /profile whose answer was lost is replayed with the same key and applied once', async () => {
    await signInSettled('demo@example.com');
    configureOutbox({ now: () => Date.now(), random: () => 0.5 });
    const appliedAt = Date.now() + 60_000;
    serverNow = appliedAt;
    browser.dropAnswer = (url, init) => url.endsWith('/profile') && init?.method === 'PUT';

    await updateProfile({ first_name: 'Replayed' });
    const key = (await db.outbox.toArray())[0]?.id;
    expect((await flushOutbox()).outcome).toBe('retry');
    expect(await db.outbox.count()).toBe(1);
    // The server did apply it; only the answer was lost.
    expect(await serverProfile(1)).toMatchObject({ first_name: 'Replayed', updated_at: new Date(appliedAt).toISOString() });

    serverNow = appliedAt + 60_000;
    expect(await flushOutbox({ ignoreBackoff: true })).toMatchObject({ outcome: 'idle', sent: 1 });
    expect(replayedHeaders).toEqual(['true']);
    // A second application would have moved updated_at to the later clock.
    expect((await serverProfile(1)).updated_at).toBe(new Date(appliedAt).toISOString());
    const stored = await real.server.db.selectFrom('idempotency_keys').select(['key', 'status']).where('key', '=', key!).execute();
    expect(stored).toEqual([{ key, status: 200 }]);
    expect((await db.profiles.get(1))?.first_name).toBe('Replayed');

    serverNow = Date.now();
    await updateProfile({ first_name: 'Alex' });
    await flushOutbox({ ignoreBackoff: true });
    expect((await serverProfile(1)).first_name).toBe('Alex');
  });

  it('a 422 for an invalid locale undoes the change and leaves the server message as a notice', async () => {
    await signInSettled('demo@example.com');
    await updateProfile({ locale: 'xx-XX' });
    expect((await db.profiles.get(1))?.locale).toBe('xx-XX');
    await flushOutbox();
    expect((await db.profiles.get(1))?.locale).toBe('en');
    expect(await db.outbox.count()).toBe(0);
    const notices = await db.notices.toArray();
    expect(notices).toHaveLength(1);
    expect(notices[0]?.op).toBe('profile.update');
    expect(notices[0]?.message).toMatch(/Locale must be one of/);
    expect((await serverProfile(1)).locale).toBe('en');
  });
});
