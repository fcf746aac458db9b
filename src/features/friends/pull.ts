// Pulls of the member's friends and of the classes they booked, replaced whole (per facility and
// range for the bookings), so both show offline. Nothing here is written by a queued command:
// inviting, accepting and removing are online calls, followed by a forced pull.
import { db } from '../../data/db';
import { definePull, type PullOptions, type RefreshResult } from '../../data/sync/pull';
import type { Friend, FriendsBooking } from '../../../core/contract/friends';
import { getFriends, getFriendsBookings } from './api';

// Asked again whenever the timetable or a class shows (mount, focus, back online): a friend who
// turned sharing off, or ended the friendship, goes at the next look (docs/decisions.md#friends).
const BOOKINGS_MAX_AGE_MS = 0;
const FRIENDS_MAX_AGE_MS = 60_000;

const friendsPull = definePull<void, Friend[]>({
  resource: () => 'friends',
  maxAgeMs: FRIENDS_MAX_AGE_MS,
  tables: () => [db.friends],
  fetch: () => getFriends(),
  async write(rows) {
    if (!rows) return;
    await db.friends.clear();
    await db.friends.bulkPut(rows);
  },
});

export function pullFriends(options: PullOptions = {}): Promise<RefreshResult> {
  return friendsPull(undefined, options);
}

interface Range {
  facilityGuid: string;
  from: string;
  to: string;
}

const bookingsPull = definePull<Range, FriendsBooking[]>({
  resource: ({ facilityGuid, from, to }) => `friendsBookings:${facilityGuid}:${from}:${to}`,
  maxAgeMs: BOOKINGS_MAX_AGE_MS,
  tables: () => [db.friendsBookings],
  fetch: ({ facilityGuid, from, to }) => getFriendsBookings(facilityGuid, from, to),
  async write(rows, _guard, { facilityGuid, from, to }) {
    if (!rows) return;
    const start = new Date(from).toISOString();
    const end = new Date(to).toISOString();
    await db.friendsBookings.where('[facility_guid+start_date]').between([facilityGuid, start], [facilityGuid, end], true, false).delete();
    await db.friendsBookings.bulkPut(rows.map((r) => ({ ...r, start_date: new Date(r.start_date).toISOString(), facility_guid: facilityGuid })));
  },
});

/** The classes of [from, to) (ISO instants) at the facility with friends booked. */
export function pullFriendsBookings(facilityGuid: string, from: string, to: string, options: PullOptions = {}): Promise<RefreshResult> {
  if (!(Date.parse(from) < Date.parse(to))) return Promise.resolve('fresh');
  // Asked at every look, so not at all where the device knows it has no network (a repeat visit
  // offline tries nothing): the next look online, or the connection's return, asks.
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return Promise.resolve('offline');
  return bookingsPull({ facilityGuid, from, to }, options);
}
