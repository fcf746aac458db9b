import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiftWorkout } from '../../../core/contract/types';
import type { Database } from '../../db/schema';
import { expectError, profileIdOf } from '../../testing/booking-helpers';
import { ALEX, json, SAM, signedIn, startTestServer, type Browser, type TestServer } from '../../testing/helpers';
import { facilityHeaders, lift, logLift, logWod, movementId, post, type Headers } from '../../testing/training-helpers';

// Imported workouts carry an import_key: the same key twice for one member answers the workout
// it made (200) instead of a duplicate; keys are per member (see docs/rules.md#training-import).

const KEY = 'a'.repeat(64);

describe('training import: workouts.import_key', () => {
  let server: TestServer;
  let db: Kysely<Database>;
  let alex: Browser;
  let sam: Browser;
  let wellington: Headers;
  let squat: number;

  beforeAll(async () => {
    server = await startTestServer();
    db = server.running.db;
    [alex, sam] = await Promise.all([signedIn(server, ALEX), signedIn(server, SAM)]);
    wellington = await facilityHeaders(db, 'Wellington');
    squat = await movementId(db, 'Back Squat');
  });
  afterAll(() => server.close());

  const countWithKey = async (email: string, key: string) => {
    const profile = await profileIdOf(db, email);
    return (await db.selectFrom('workouts').select('id').where('profile_id', '=', profile).where('import_key', '=', key).execute()).length;
  };

  it('the same import_key twice makes one workout; the second answer is the first workout (200)', async () => {
    const first = await logLift(alex, wellington, squat, { import_key: KEY });
    expect(first.import_key).toBe(KEY);
    const again = await post(alex, '/api/v1/workouts', { workout: lift(squat, { import_key: KEY, notes: 'other body' }) }, wellington);
    expect(again.status).toBe(200);
    expect((await json<LiftWorkout>(again)).id).toBe(first.id);
    expect(await countWithKey(ALEX, KEY)).toBe(1);
  });

  it('the same key sent twice at once (two devices) still makes one workout', async () => {
    const key = 'b'.repeat(64);
    const answers = await Promise.all([0, 1].map(() => post(alex, '/api/v1/workouts', { workout: lift(squat, { import_key: key }) }, wellington)));
    expect(answers.map((res) => res.status).sort()).toEqual([200, 201]);
    const [a, b] = await Promise.all(answers.map((res) => json<LiftWorkout>(res)));
    expect(a!.id).toBe(b!.id);
    expect(await countWithKey(ALEX, key)).toBe(1);
  });

  it('keys are per member: another member importing the same rows gets their own workout', async () => {
    const samsOwn = await logLift(sam, wellington, squat, { import_key: KEY });
    expect(samsOwn.import_key).toBe(KEY);
    expect(await countWithKey(ALEX, KEY)).toBe(1);
    expect(await countWithKey(SAM, KEY)).toBe(1);
  });

  it('workouts without a key never collide, and answer import_key null', async () => {
    const a = await logWod(alex, wellington);
    const b = await logWod(alex, wellington);
    expect(a.id).not.toBe(b.id);
    expect(a.import_key).toBeNull();
  });

  it.each([['short', 'abc'], ['uppercase', 'A'.repeat(64)], ['too long', 'a'.repeat(65)], ['a number', 42]])('refuses an import_key that is %s (422)', async (_label, key) => {
    const res = await post(alex, '/api/v1/workouts', { workout: lift(squat, { import_key: key }) }, wellington);
    await expectError(res, 422, 'validation_failed');
  });
});
