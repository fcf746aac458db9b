// The calendar feed's address against the server: turned on, it stays on the device even when a
// profile pull that read the profile before it was turned on answers after (the session check at
// start did, and Settings showed "Turn on" again after a tap on it).
import { describe, expect, it } from 'vitest';
import { connectApi } from '../../data/auth';
import { signIn } from '../../data/sign-in';
import { db } from '../../data/db';
import { pullProfile } from '../../data/sync/pull';
import { withCommandServer } from '../../../tests/support/command-server';
import { turnCalendarOn } from './calendar';

const real = withCommandServer('calendar');

describe('the calendar feed', () => {
  it('a profile pull asked before the feed was turned on and answered after it keeps the address', async () => {
    const auth = await signIn('demo@example.com', 'demo1234');
    let answer: () => void = () => undefined;
    const heldBack = new Promise<void>((resolve) => (answer = resolve));
    let asked: () => void = () => undefined;
    const profileAsked = new Promise<void>((resolve) => (asked = resolve));
    connectApi({
      baseUrl: `${real.server.url}/api/v1`,
      fetch: async (input, init) => {
        const response = await real.browser.jar.fetch(input, init);
        if ((init?.method ?? 'GET') === 'GET' && new URL(String(input)).pathname.endsWith('/profile')) {
          asked();
          await heldBack;
        }
        return response;
      },
    });
    const pulling = pullProfile({ force: true });
    await profileAsked; // the server has answered without the address
    await turnCalendarOn();
    const token = (await db.profiles.get(auth.profileId!))?.calendar_token;
    expect(token).toBeTruthy();
    answer();
    await pulling;
    expect((await db.profiles.get(auth.profileId!))?.calendar_token).toBe(token);
  });
});
