// A full disk (QuotaExceededError from a Dexie transaction) is a visible sync status, never a
// silent loss: commands fail and say so, pulls keep the last good data, queued writes stay queued.
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '../../../core/contract/types';
import { book, configureBookingClock } from '../../features/booking/commands';
import { pullSession } from '../../features/booking/pull';
import { registerCommandOps } from '../../features/ops';
import { receiveNotification } from '../../features/notifications/pull';
import { db } from '../db';
import { flushOutbox } from './replay';
import { getStatus, isQuotaError } from './status';
import { makeProfile, resetDb, signedInLocally, withFakeApi } from '../../../tests/support/data-helpers';

const NOW = Date.now();
const min = (m: number) => new Date(NOW + m * 60_000).toISOString();
const fake = withFakeApi();

function session(over: Partial<Session> = {}): Session {
  return {
    id: 5, facility_guid: 'fac-1', name: 'CrossFit', description: null, location: null,
    start_date: min(180), end_date: min(240), booking_open_date: min(-7 * 24 * 60), booking_close_date: min(180),
    cancellation_close_date: min(60), cancelled: false, full: false, capacity: 10, booked_count: 4, waitlist_count: 0,
    waitlists_on: true, dropin_spaces: 0, droppedin_count: 0, online_url: null, instructors: [], whiteboard_items: [],
    whiteboard_visibility: 'public', visit: null, ...over,
  };
}

const quotaError = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError');

registerCommandOps();
// Test files share modules (isolate: false): give the next file the real clock back.
afterAll(() => configureBookingClock(() => new Date()));

beforeEach(async () => {
  configureBookingClock(() => new Date(NOW));
  fake.api.handle((request) => {
    if (request.method === 'GET' && request.path === '/sessions/5') return { body: session({ name: 'Renamed' }) };
    if (request.method === 'POST' && request.path === '/sessions/5/book') {
      const visit = { id: 900, state: 'booked' as const, late_cancelled: false, offer_expires_at: null };
      return { status: 201, body: { ...visit, created_at: min(0), updated_at: min(0), session: session({ visit, booked_count: 5 }) } };
    }
    return { status: 404, body: { message: 'No handler', code: 'not_found' } };
  });
  await resetDb();
  await signedInLocally(makeProfile(1));
  await db.sessions.put(session());
});
afterEach(() => vi.restoreAllMocks());

describe('QuotaExceededError', () => {
  it('recognises the DOMException, also wrapped the way Dexie wraps it', () => {
    expect(isQuotaError(quotaError())).toBe(true);
    expect(isQuotaError({ name: 'AbortError', inner: quotaError() })).toBe(true);
    expect(isQuotaError(new Error('other'))).toBe(false);
  });

  it('from a pull: the status says storage is full, the last good row stays, the next good pull clears it', async () => {
    const put = vi.spyOn(db.sessions, 'put').mockImplementation(() => Promise.reject(quotaError()) as never);
    expect(await pullSession(5, { force: true })).toBe('error');
    expect(await getStatus()).toMatchObject({ storageFull: true });
    expect(await db.sessions.get(5)).toMatchObject({ name: 'CrossFit' });

    put.mockRestore();
    expect(await pullSession(5, { force: true })).toBe('fetched');
    expect(await db.sessions.get(5)).toMatchObject({ name: 'Renamed' });
    expect((await getStatus()).storageFull).toBe(false);
  });

  it('from a command: the command fails (nothing half-written) and the status says storage is full', async () => {
    vi.spyOn(db.outbox, 'add').mockImplementation(() => Promise.reject(quotaError()) as never);
    await expect(book(5)).rejects.toSatisfy(isQuotaError);
    expect(await getStatus()).toMatchObject({ storageFull: true });
    expect(await db.sessions.get(5)).toMatchObject({ visit: null, booked_count: 4 });
    expect(await db.outbox.count()).toBe(0);
  });

  it("from applying a write's answer: the entry stays queued and the status says storage is full", async () => {
    await book(5);
    vi.spyOn(db.visits, 'put').mockImplementation(() => Promise.reject(quotaError()) as never);
    vi.spyOn(db.visits, 'bulkPut').mockImplementation(() => Promise.reject(quotaError()) as never);
    expect(await flushOutbox()).toMatchObject({ outcome: 'retry', sent: 0 });
    expect(await getStatus()).toMatchObject({ storageFull: true, pending: 1 });
    expect(await db.outbox.count()).toBe(1);
  });

  it('from a live notification: the status says storage is full', async () => {
    vi.spyOn(db.notifications, 'put').mockImplementation(() => Promise.reject(quotaError()) as never);
    const note = {
      id: 1, type: 'class_cancelled' as const, message: 'Cancelled', params: {}, avatar_url: null, read_at: null, removed_at: null, expires_at: null,
      created_at: min(0), updated_at: min(0),
    };
    await expect(receiveNotification(note)).rejects.toSatisfy(isQuotaError);
    expect(await getStatus()).toMatchObject({ storageFull: true });
  });
});
