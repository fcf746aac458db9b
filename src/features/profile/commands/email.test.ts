// Changing the sign-in email: the profile edits still queued reach the server first, then the
// change goes online with the password (no Idempotency-Key, nothing queued), and the device keeps
// only the new email from the answer.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Profile, ProfileUpdate } from '../../../../core/contract/types';
import { db } from '../../../data/db';
import { registerCommandOps } from '../../ops';
import { makeProfile, resetDb, signedInLocally, withFakeApi } from '../../../../tests/support/data-helpers';
import { changeSignInEmail } from './email';
import { updateProfile } from './profile';

const fake = withFakeApi();
registerCommandOps();

beforeEach(async () => {
  await resetDb();
  await signedInLocally(makeProfile(1));
});

describe('changeSignInEmail', () => {
  it('sends the queued profile edits first, then the email with the password, and keeps only the new email', async () => {
    let server: Profile = makeProfile(1);
    fake.api.handle((request) => {
      const body = request.body as { profile: ProfileUpdate; current_password?: string };
      server = { ...server, ...body.profile };
      return { status: 200, body: server };
    });
    await updateProfile({ first_name: 'Alexa', last_name: 'Example' });
    await changeSignInEmail('alexa@example.com', 'my password');

    const sent = fake.api.requests.map((r) => ({ path: r.path, body: r.body, key: r.headers['idempotency-key'] }));
    expect(sent).toEqual([
      { path: '/profile', body: { profile: { first_name: 'Alexa', last_name: 'Example' } }, key: expect.any(String) as string },
      { path: '/profile', body: { profile: { email: 'alexa@example.com' }, current_password: 'my password' }, key: undefined },
    ]);
    expect(await db.profiles.get(1)).toMatchObject({ email: 'alexa@example.com', first_name: 'Alexa' });
    expect(await db.outbox.count()).toBe(0);
    // The password is nowhere on the device.
    expect(JSON.stringify(await db.outbox.toArray())).not.toContain('my password');
  });

  it('refused, changes nothing on the device', async () => {
    fake.api.handle(() => ({ status: 403, body: { code: 'current_password_wrong', message: 'Your current password is not correct.' } }));
    await expect(changeSignInEmail('alexa@example.com', 'a guess')).rejects.toMatchObject({ code: 'current_password_wrong' });
    expect(await db.profiles.get(1)).toMatchObject({ email: 'member1@example.com' });
    expect(await db.outbox.count()).toBe(0);
  });
});
