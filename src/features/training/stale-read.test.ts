// A list of workouts the server made before a deletion, reaching the device after the deletion was
// confirmed, must not bring the deleted lift back.
import { beforeEach, describe, expect, it } from 'vitest';
import { deleteWorkout } from './commands';
import { registerCommandOps } from '../ops';
import { db } from '../../data/db';
import { flushOutbox } from '../../data/sync/replay';
import { pullWorkouts, toStoredWorkout } from './pull';
import type { FakeReply, RecordedRequest } from '../../../tests/support/fake-api';
import { makeProfile, resetDb, signedInLocally, withFakeApi, waitFor } from '../../../tests/support/data-helpers';
import { lift, MOVEMENTS, TrainingServer, wod } from '../../../tests/support/training-fixtures';

const fake = withFakeApi();
let server: TrainingServer;

registerCommandOps();

beforeEach(async () => {
  server = new TrainingServer();
  await resetDb();
  await signedInLocally(makeProfile(1));
  await db.movements.bulkPut(MOVEMENTS);
});

describe('a workout list answered before a deletion and applied after its confirmation', () => {
  it('does not bring the deleted lift back', async () => {
    server.workouts.set(7, lift(7));
    server.workouts.set(8, wod(8));
    await db.workouts.bulkPut([toStoredWorkout(lift(7), 1), toStoredWorkout(wod(8), 1)]);
    // The list is made now (the lift still exists) and held back until released.
    const stale = server.handle({ method: 'GET', path: '/workouts', headers: {}, body: undefined });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    fake.api.handle(async (request: RecordedRequest): Promise<FakeReply> => {
      if (request.method === 'GET' && request.path.startsWith('/workouts')) {
        await gate;
        return stale;
      }
      return server.handle(request);
    });

    const pulling = pullWorkouts({ force: true });
    await waitFor(() => fake.api.requests.some((r) => r.method === 'GET'));
    await deleteWorkout(7);
    expect(await flushOutbox()).toMatchObject({ sent: 1 });
    expect(server.workouts.has(7)).toBe(false);

    release();
    expect(await pulling).toBe('fetched');
    expect(await db.workouts.get(7)).toBeUndefined();
    expect(await db.workouts.get(8)).toBeDefined();
  });
});
