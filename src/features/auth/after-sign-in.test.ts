// Once signed in, the timetable's opening week is pulled at once (decisions.md#first-visit), and the
// timetable's own pull of that week, starting while it is on its way, asks nothing more.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Session } from '../../../core/contract/types';
import { setClock } from '../../data/clock';
import { db } from '../../data/db';
import { daysFrom, dayKeyIn, TIMETABLE_DAYS } from '../../domain/timetable';
import { makeProfile, resetDb, signedInLocally, withFakeApi } from '../../../tests/support/data-helpers';
import { pullSessions } from '../booking/pull';
import { pullOpeningWeekAfterSignIn } from './after-sign-in';

const fake = withFakeApi();
// Saturday 28 Nov 2026, 07:00 in Auckland: the week is Sat 28 Nov – Fri 4 Dec there.
const AT = new Date('2026-11-27T18:00:00.000Z');
const class41: Session = {
  id: 41, facility_guid: 'fac-1', name: 'Sunrise Mobility', description: null, location: null,
  start_date: '2026-11-28T20:00:00.000Z', end_date: '2026-11-28T21:00:00.000Z', booking_open_date: '2026-11-21T20:00:00.000Z', booking_close_date: '2026-11-28T20:00:00.000Z',
  cancellation_close_date: '2026-11-28T18:00:00.000Z', cancelled: false, full: false, capacity: 10, booked_count: 2, waitlist_count: 0,
  waitlists_on: true, dropin_spaces: 0, droppedin_count: 0, online_url: null, instructors: [], whiteboard_items: [], whiteboard_visibility: 'public', visit: null,
};

beforeEach(async () => {
  await resetDb();
  setClock(() => AT.getTime());
  fake.api.handle((r) => (r.path.startsWith('/sessions') ? { body: [class41], delayMs: 30 } : { status: 404, body: { message: 'No handler', code: 'not_found' } }));
});
afterEach(() => setClock(null));

describe('after signing in', () => {
  it('pulls the week the timetable opens on in the facility’s zone; the timetable’s pull of it joins, asking nothing more', async () => {
    const auth = await signedInLocally(makeProfile(1));
    await db.facilities.put({ guid: 'fac-1', name: 'Wellington', time_zone: 'Pacific/Auckland' } as never);
    const early = pullOpeningWeekAfterSignIn(auth);
    await new Promise((resolve) => setTimeout(resolve, 10)); // the request is on its way
    const week = daysFrom(dayKeyIn(AT, 'Pacific/Auckland'), TIMETABLE_DAYS, 'Pacific/Auckland');
    await pullSessions('fac-1', week.from, week.to); // as ClassesScreen's first render asks
    await early;
    const asked = fake.api.requests.filter((r) => r.path.startsWith('/sessions'));
    expect(asked).toHaveLength(1);
    const query = new URLSearchParams(asked[0]!.path.split('?')[1]);
    expect(query.get('start_date')).toBe('2026-11-27T11:00:00.000Z'); // midnight in Auckland (UTC+13)
    expect((await db.sessions.toArray()).map((s) => s.id)).toEqual([41]);
  });

  it('asks nothing with no facility chosen or its zone not on the device', async () => {
    const auth = await signedInLocally(makeProfile(1));
    await pullOpeningWeekAfterSignIn({ ...auth, facilityGuid: null });
    await pullOpeningWeekAfterSignIn(auth); // fac-1 not stored
    expect(fake.api.requests).toHaveLength(0);
  });
});
