import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/schema';
import { notificationTarget } from '../../../core/rules/notification-target';
import { DAY, facilityGuid, HOUR, MINUTE, post, profileIdOf } from '../../testing/booking-helpers';
import { ALEX, KAI, manualClock, SAM, signedIn, startTestServer, type Browser, type TestServer } from '../../testing/helpers';

describe('a prompt to log the class workout when it ends', () => {
  let server: TestServer;
  let db: Kysely<Database>;
  let sam: Browser;
  let alex: Browser;
  let wellington: Record<string, string>;
  let ids: { sam: number; alex: number; kai: number };
  const clock = manualClock();

  beforeAll(async () => {
    server = await startTestServer({ now: clock.now, bookingJobIntervalMs: DAY, logPromptIntervalMs: DAY });
    db = server.running.db;
    [sam, alex] = await Promise.all([signedIn(server, SAM), signedIn(server, ALEX)]);
    wellington = { 'X-Facility-Id': await facilityGuid(db, 'Wellington') };
    ids = { sam: await profileIdOf(db, SAM), alex: await profileIdOf(db, ALEX), kai: await profileIdOf(db, KAI) };
    await db.updateTable('members_profiles').set({ track_training: 1 }).where('id', 'in', Object.values(ids)).execute();
  });
  afterAll(() => server.close());

  /** A Wellington class 1–6 days ahead with a workout on its whiteboard and none of the three in it, booked by `who`. */
  async function classWithWorkout(skip: number, ...who: Browser[]): Promise<{ id: number; endAt: number; definition: { id: number; type: string; name: string } }> {
    const now = clock.now().getTime();
    const rows = await db
      .selectFrom('sessions as s')
      .innerJoin('facilities as f', 'f.id', 's.facility_id')
      .innerJoin('whiteboard_items as w', 'w.session_id', 's.id')
      .innerJoin('workout_definitions as d', 'd.id', 'w.definition_id')
      .select(['s.id', 's.end_at', 'd.id as definition_id', 'd.type', 'd.name', 'w.position'])
      .where('f.name', '=', 'Wellington')
      .where('s.cancelled', '=', 0)
      .where('s.start_at', '>', new Date(now + DAY).toISOString())
      .where('s.start_at', '<', new Date(now + 6 * DAY).toISOString())
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('visits').select('visits.id').whereRef('visits.session_id', '=', 's.id').where('visits.profile_id', 'in', Object.values(ids)))))
      .orderBy('s.start_at')
      .orderBy('w.position')
      .execute();
    const classes = [...new Map(rows.map((r) => [r.id, r])).values()];
    const pick = classes[skip];
    if (!pick) throw new Error('no class with a workout');
    await db.updateTable('sessions').set({ capacity: 30 }).where('id', '=', pick.id).execute();
    for (const member of who) expect((await post(member, `/api/v1/sessions/${pick.id}/book`, {}, wellington)).status).toBe(201);
    return { id: pick.id, endAt: Date.parse(pick.end_at), definition: { id: pick.definition_id, type: pick.type, name: pick.name } };
  }

  const prompts = (profileId: number, sessionId: number) =>
    db.selectFrom('notifications').select(['message', 'params']).where('profile_id', '=', profileId).where('type', '=', 'log_workout').execute()
      .then((rows) => rows.filter((r) => (JSON.parse(String(r.params)) as { class?: { id: number } }).class?.id === sessionId));

  it('tells each booked member once when the class ends, naming its workout and opening the prefilled form; not before, not twice, not someone not booked', async () => {
    const c = await classWithWorkout(0, sam, alex);
    clock.advance(c.endAt - clock.now().getTime() - MINUTE);
    // Classes the demo data booked them into may have ended by now (it depends on the day the
    // tests run): prompted here, and only this class's prompts are counted.
    await server.running.sendLogPrompts();
    expect(await prompts(ids.sam, c.id)).toHaveLength(0);
    expect(await prompts(ids.alex, c.id)).toHaveLength(0);
    clock.advance(2 * MINUTE);
    // Two processes' timers at once send it once.
    await Promise.all([server.running.sendLogPrompts(), server.running.sendLogPrompts()]);
    const samsPrompts = await prompts(ids.sam, c.id);
    expect(samsPrompts).toHaveLength(1);
    const [samsPrompt] = samsPrompts;
    expect(samsPrompt?.message).toMatch(new RegExp(`^Log your ${c.definition.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( time| score)?\\?$`));
    const params = JSON.parse(String(samsPrompt!.params)) as { workout: { definition_id: number; type: 'wod' | 'lift' }; class: { id: number } };
    expect(params.workout).toMatchObject({ definition_id: c.definition.id, type: c.definition.type });
    expect(notificationTarget({ type: 'log_workout', params: params as never })).toEqual({ path: `/training/workouts/new/${c.definition.type}?definition=${c.definition.id}&session=${c.id}` });
    expect(await prompts(ids.alex, c.id)).toHaveLength(1);
    expect(await prompts(ids.kai, c.id)).toHaveLength(0);
    expect(await server.running.sendLogPrompts()).toBe(0);
  });

  it('not to a member who logged the class already, turned the prompts off, or for a class cancelled or long over', async () => {
    const c = await classWithWorkout(1, sam, alex);
    // Alex logs the class's workout before it ends; Sam turns the prompts off.
    const { id: _id, ...template } = await db.selectFrom('workouts').selectAll().where('type', '=', 'wod').executeTakeFirstOrThrow();
    await db.insertInto('workouts').values({ ...template, profile_id: ids.alex, session_id: c.id, workout_definition_id: c.definition.id, org_id: (await db.selectFrom('facilities').select('org_id').where('name', '=', 'Wellington').executeTakeFirstOrThrow()).org_id }).execute();
    const off = await sam.request('/api/v1/profile', { method: 'PUT', json: { profile: { log_prompts: false } } });
    expect(off.status).toBe(200);
    expect(((await off.json()) as { log_prompts: boolean }).log_prompts).toBe(false);
    clock.advance(c.endAt - clock.now().getTime() + MINUTE);
    await server.running.sendLogPrompts();
    expect(await prompts(ids.sam, c.id)).toHaveLength(0);
    expect(await prompts(ids.alex, c.id)).toHaveLength(0);
    expect((await sam.request('/api/v1/profile', { method: 'PUT', json: { profile: { log_prompts: true } } })).status).toBe(200);

    // A class cancelled that ended a minute ago, and one that ended four hours ago (a server that was down).
    const [cancelled, late] = [await classWithWorkout(2, sam), await classWithWorkout(3, sam)];
    const ago = (ms: number) => new Date(clock.now().getTime() - ms).toISOString();
    await db.updateTable('sessions').set({ cancelled: 1, start_at: ago(HOUR + MINUTE), end_at: ago(MINUTE) }).where('id', '=', cancelled.id).execute();
    await db.updateTable('sessions').set({ start_at: ago(5 * HOUR), end_at: ago(4 * HOUR) }).where('id', '=', late.id).execute();
    await server.running.sendLogPrompts();
    expect(await prompts(ids.sam, cancelled.id)).toHaveLength(0);
    expect(await prompts(ids.sam, late.id)).toHaveLength(0);
  });

  it('refuses a prompts switch that is not true or false with 422', async () => {
    const res = await sam.request('/api/v1/profile', { method: 'PUT', json: { profile: { log_prompts: 'yes' } } });
    expect(res.status).toBe(422);
  });
});
