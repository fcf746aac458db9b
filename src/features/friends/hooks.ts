// Live views of friends (Dexie only) and their background refresh. Small on purpose: the
// timetable's first chunk carries the friends line (docs/decisions.md#friends).
import { useLiveQuery } from 'dexie-react-hooks';
import { db, type StoredFriend, type StoredFriendsBooking } from '../../data/db';
import { useEffect } from 'react';
import { useOnline } from '../../ui/use-online';

/** The member's friends by first name; undefined while IndexedDB answers. */
export function useFriends(): StoredFriend[] | undefined {
  return useLiveQuery(async () => (await db.friends.toArray()).sort((a, b) => a.first_name.localeCompare(b.first_name) || a.last_name.localeCompare(b.last_name) || a.id - b.id), []);
}

/** Asks for the list on opening and whenever the network comes back. */
export function useRefreshFriends(): void {
  const online = useOnline();
  useEffect(() => {
    if (online) void import('./pull').then(({ pullFriends }) => pullFriends());
  }, [online]);
}

/** Friends booked into the facility's classes of [from, to), by class id. */
export function useFriendsBookings(facilityGuid: string | null | undefined, from: string, to: string): Map<number, StoredFriendsBooking> | undefined {
  return useLiveQuery(async () => {
    if (!facilityGuid) return undefined;
    const start = new Date(from).toISOString();
    const end = new Date(to).toISOString();
    if (!(start < end)) return new Map();
    const rows = await db.friendsBookings.where('[facility_guid+start_date]').between([facilityGuid, start], [facilityGuid, end], true, false).toArray();
    return new Map(rows.map((r) => [r.session_id, r]));
  }, [facilityGuid, from, to]);
}

/** The friends booked into one class (undefined: none known). */
export function useFriendsBooked(sessionId: number | null | undefined): StoredFriendsBooking | undefined {
  return useLiveQuery(async () => (sessionId == null ? undefined : db.friendsBookings.get(sessionId)), [sessionId]);
}
