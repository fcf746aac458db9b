// Units and leaderboard visibility are profile fields: changed offline they show at once on the
// device and reach the server from the outbox when the connection is back.
import { describe, expect, it } from 'vitest';
import { signIn } from '../../data/sign-in';
import { db } from '../../data/db';
import { flushOutbox } from '../../data/sync/replay';
import { withCommandServer } from '../../../tests/support/command-server';
import { updateProfile } from './commands/profile';

const real = withCommandServer('preferences');
const browser = real.browser;

const serverRow = (email: string) =>
  real.server.db.selectFrom('members_profiles').select(['weight_units', 'length_units', 'hide_from_leaderboards']).where('email', '=', email).executeTakeFirstOrThrow();

describe('member preferences against the server', () => {
  it('saved offline: on the device at once, on the server once the outbox is sent', async () => {
    const auth = await signIn('demo@example.com', 'demo1234');
    expect(await db.profiles.get(auth.profileId!)).toMatchObject({ weight_units: 'kilograms', length_units: 'centimetres', hide_from_leaderboards: false });

    browser.unreachable = () => true;
    await updateProfile({ weight_units: 'pounds', length_units: 'inches' });
    await updateProfile({ hide_from_leaderboards: true });
    expect(await db.profiles.get(auth.profileId!)).toMatchObject({ weight_units: 'pounds', length_units: 'inches', hide_from_leaderboards: true });
    expect(await db.outbox.count()).toBe(2);
    expect(await serverRow('demo@example.com')).toEqual({ weight_units: 'kilograms', length_units: 'centimetres', hide_from_leaderboards: 0 });

    browser.unreachable = null;
    expect(await flushOutbox({ ignoreBackoff: true })).toMatchObject({ outcome: 'idle', sent: 2 });
    expect(await serverRow('demo@example.com')).toEqual({ weight_units: 'pounds', length_units: 'inches', hide_from_leaderboards: 1 });
    expect(await db.profiles.get(auth.profileId!)).toMatchObject({ weight_units: 'pounds', length_units: 'inches', hide_from_leaderboards: true });

    await updateProfile({ weight_units: 'kilograms', length_units: 'centimetres', hide_from_leaderboards: false });
    await flushOutbox({ ignoreBackoff: true });
    expect(await serverRow('demo@example.com')).toEqual({ weight_units: 'kilograms', length_units: 'centimetres', hide_from_leaderboards: 0 });
  });
});
