// A read the server answered before a booking, but which reaches the device after the booking was
// confirmed, must not put the class back as it was before (the member would see Book again).
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { Session, Visit } from '../../../core/contract/types';
import { book } from './commands';
import { registerCommandOps } from '../ops';
import { configureBookingClock } from './commands';
import { db } from '../../data/db';
import { flushOutbox } from '../../data/sync/replay';
import { pullBookings, pullSession } from './pull';
import type { RecordedRequest } from '../../../tests/support/fake-api';
import { makeProfile, resetDb, signedInLocally, withFakeApi, waitFor } from '../../../tests/support/data-helpers';

const NOW = Date.now();
const min = (m: number) => new Date(NOW + m * 60_000).toISOString();
const fake = withFakeApi();

function session(visit: Session['visit'] = null): Session {
  return {
    id: 5, facility_guid: 'fac-1', name: 'CrossFit', description: null, location: null,
    start_date: min(180), end_date: min(240), booking_open_date: min(-7 * 24 * 60), booking_close_date: min(180),
    cancellation_close_date: min(60), cancelled: false, full: false, capacity: 10, booked_count: visit ? 5 : 4, waitlist_count: 0,
    waitlists_on: true, dropin_spaces: 0, droppedin_count: 0, online_url: null, instructors: [], whiteboard_items: [],
    whiteboard_visibility: 'public', visit,
  };
}

const booked = { id: 900, state: 'booked' as const, late_cancelled: false, offer_expires_at: null };
const bookedVisit: Visit = { ...booked, created_at: min(0), updated_at: min(0), session: session(booked) };

/** A GET whose answer (made now, before the booking) is held back until release(). */
function heldRead(path: string, stale: unknown) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  fake.api.handle(async (request: RecordedRequest) => {
    if (request.method === 'GET' && request.path.startsWith(path)) {
      await gate;
      return { body: stale };
    }
    if (request.method === 'POST' && request.path === '/sessions/5/book') return { status: 201, body: bookedVisit };
    return { status: 404, body: { message: 'No handler', code: 'not_found' } };
  });
  return { release, arrived: () => fake.api.requests.some((r) => r.method === 'GET' && r.path.startsWith(path)) };
}

registerCommandOps();
// Test files share modules (isolate: false): give the next file the real clock back.
afterAll(() => configureBookingClock(() => new Date()));

beforeEach(async () => {
  configureBookingClock(() => new Date(NOW));
  await resetDb();
  await signedInLocally(makeProfile(1));
  await db.sessions.put(session());
});

describe('a read answered before a booking and applied after its confirmation', () => {
  it('GET /sessions/{id} does not undo the confirmed booking', async () => {
    const read = heldRead('/sessions/5', session());
    const pulling = pullSession(5, { force: true });
    await waitFor(read.arrived);
    await book(5);
    expect(await flushOutbox()).toMatchObject({ sent: 1 });
    expect(await db.sessions.get(5)).toMatchObject({ visit: { id: 900, state: 'booked' } });

    read.release();
    expect(await pulling).toBe('fetched');
    expect(await db.sessions.get(5)).toMatchObject({ booked_count: 5, visit: { id: 900, state: 'booked' } });
    expect(await db.visits.get(900)).toMatchObject({ state: 'booked' });
  });

  it('GET /visits/bookings does not delete the confirmed visit', async () => {
    const read = heldRead('/visits/bookings', []);
    const pulling = pullBookings('fac-1', { force: true });
    await waitFor(read.arrived);
    await book(5);
    await flushOutbox();

    read.release();
    expect(await pulling).toBe('fetched');
    expect(await db.visits.get(900)).toMatchObject({ state: 'booked' });
    expect(await db.sessions.get(5)).toMatchObject({ visit: { id: 900 } });
  });

  it('a read that started after the confirmation is applied as usual', async () => {
    fake.api.handle((request) => {
      if (request.method === 'POST') return { status: 201, body: bookedVisit };
      return { body: session() };
    });
    await book(5);
    await flushOutbox();
    // A read begun in the confirmation's own millisecond counts as older (ties cannot prove
    // newer): this one begins a tick later, as any read after a real round trip does.
    await new Promise((resolve) => setTimeout(resolve, 5));
    // The studio cancelled the booking afterwards: this newer read is the truth.
    expect(await pullSession(5, { force: true })).toBe('fetched');
    expect(await db.sessions.get(5)).toMatchObject({ visit: null });
  });
});
