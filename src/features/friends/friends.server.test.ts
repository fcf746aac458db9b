// Friends on the device against the real server (issue 31 item 6): the friends and the classes
// they booked are pulled into Dexie and read from there (offline too); the switch hiding one's
// bookings is a profile field, saved offline and sent from the outbox.
import { describe, expect, it } from 'vitest';
import { signIn } from '../../data/sign-in';
import { db } from '../../data/db';
import { flushOutbox } from '../../data/sync/replay';
import { withCommandServer } from '../../../tests/support/command-server';
import { updateProfile } from '../profile/commands/profile';
import { pullFriends, pullFriendsBookings } from './pull';

const real = withCommandServer('friends');
const browser = real.browser;

const DAY = 86_400_000;
const idOf = async (email: string) => (await real.server.db.selectFrom('members_profiles').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
const shareOf = async (email: string) => (await real.server.db.selectFrom('members_profiles').select('share_bookings_with_friends').where('email', '=', email).executeTakeFirstOrThrow()).share_bookings_with_friends;

describe('friends on the device', () => {
  it('pulls friends and the classes they booked into Dexie; they stay there with the network cut', async () => {
    const [alex, sam] = [await idOf('demo@example.com'), await idOf('sam@example.com')];
    const sdb = real.server.db;
    const at = new Date().toISOString();
    await sdb.insertInto('friendships').values({ profile_a: Math.min(alex, sam), profile_b: Math.max(alex, sam), created_at: at }).execute();
    const wellington = await sdb.selectFrom('facilities').select(['id', 'guid']).where('name', '=', 'Wellington').executeTakeFirstOrThrow();
    const session = await sdb
      .selectFrom('sessions')
      .select(['id', 'start_at'])
      .where('facility_id', '=', wellington.id)
      .where('cancelled', '=', 0)
      .where('start_at', '>', new Date(Date.now() + DAY).toISOString())
      .where((eb) => eb.not(eb.exists(eb.selectFrom('visits').select('visits.id').whereRef('visits.session_id', '=', 'sessions.id'))))
      .orderBy('start_at')
      .executeTakeFirstOrThrow();
    await sdb.insertInto('visits').values({ profile_id: sam, session_id: session.id, state: 'booked', offer_expires_at: null, created_at: at, updated_at: at }).execute();

    await signIn('demo@example.com', 'demo1234');
    const from = new Date(Date.now()).toISOString();
    const to = new Date(Date.now() + 7 * DAY).toISOString();
    expect(await pullFriends({ force: true })).toBe('fetched');
    expect(await pullFriendsBookings(wellington.guid, from, to, { force: true })).toBe('fetched');
    expect(await db.friends.toArray()).toEqual([expect.objectContaining({ id: sam, first_name: 'Sam', last_name: 'Taylor' })]);
    expect(await db.friendsBookings.get(session.id)).toMatchObject({ facility_guid: wellington.guid, start_date: new Date(session.start_at).toISOString(), friends: [{ id: sam, first_name: 'Sam' }] });

    // Offline: the pull fails quietly and the rows stay.
    browser.unreachable = () => true;
    expect(await pullFriendsBookings(wellington.guid, from, to, { force: true })).toBe('offline');
    expect(await db.friendsBookings.get(session.id)).toMatchObject({ friends: [{ id: sam }] });
    browser.unreachable = null;

    // Sam hides their bookings: the next pull drops the class.
    await sdb.updateTable('members_profiles').set({ share_bookings_with_friends: 0 }).where('id', '=', sam).execute();
    await pullFriendsBookings(wellington.guid, from, to, { force: true });
    expect(await db.friendsBookings.get(session.id)).toBeUndefined();
  });

  it('saves "Show my bookings to friends" offline and sends it from the outbox', async () => {
    const auth = await signIn('sam@example.com', 'demo1234');
    await real.server.db.updateTable('members_profiles').set({ share_bookings_with_friends: 1 }).where('email', '=', 'sam@example.com').execute();
    browser.unreachable = () => true;
    await updateProfile({ share_bookings_with_friends: false });
    expect(await db.profiles.get(auth.profileId!)).toMatchObject({ share_bookings_with_friends: false });
    expect(await shareOf('sam@example.com')).toBe(1);
    browser.unreachable = null;
    expect(await flushOutbox({ ignoreBackoff: true })).toMatchObject({ outcome: 'idle', sent: 1 });
    expect(await shareOf('sam@example.com')).toBe(0);
  });
});
