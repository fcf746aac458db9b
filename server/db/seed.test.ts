import { TZDate } from '@date-fns/tz';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { loadConfig } from '../config';
import type { Database } from './schema';
import { seedUuid } from './seed';
import { ALEX, Browser, KAI, SAM, startTestServer, type TestServer } from '../testing/helpers';

const MINUTE = 60_000;

describe('demo seed', () => {
  let server: TestServer;
  let db: Kysely<Database>;
  const seededAt = new Date();
  const now = seededAt.toISOString();
  const later = (ms: number) => new Date(seededAt.getTime() + ms).toISOString();

  beforeAll(async () => {
    server = await startTestServer({ now: () => seededAt });
    db = server.running.db;
  });
  afterAll(() => server.close());

  const profileId = async (email: string) => (await db.selectFrom('members_profiles').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

  /** Classes with their facility name and the number of places taken. */
  async function classes() {
    const rows = await db
      .selectFrom('sessions')
      .innerJoin('facilities', 'facilities.id', 'sessions.facility_id')
      .leftJoin('visits', (join) => join.onRef('visits.session_id', '=', 'sessions.id').on('visits.state', 'in', ['booked', 'attended', 'pending']))
      .select(['sessions.id', 'sessions.name', 'sessions.start_at', 'sessions.end_at', 'sessions.booking_open_at', 'sessions.booking_close_at', 'sessions.cancellation_close_at', 'sessions.cancelled', 'sessions.capacity', 'sessions.waitlists_on', 'sessions.dropin_spaces', 'facilities.name as facility'])
      .select((eb) => eb.fn.count<number>('visits.id').as('taken'))
      .groupBy(['sessions.id', 'facilities.name'])
      .execute();
    return rows.map((r) => ({ ...r, taken: Number(r.taken) }));
  }

  it('has the three organisations, four facilities and the demo members', async () => {
    const orgs = await db.selectFrom('orgs').select(['id', 'name', 'short_id']).orderBy('id').execute();
    expect(orgs).toEqual([
      { id: 1, name: 'Harbour Strength', short_id: 'harbour-strength' },
      { id: 2, name: 'Tallinn Movement', short_id: 'tallinn-movement' },
      { id: 3, name: 'Summit Climbing', short_id: 'summit-climbing' },
    ]);
    const facilities = await db.selectFrom('facilities').select(['guid', 'name', 'org_id', 'time_zone', 'currency_code', 'feed_enabled']).orderBy('id').execute();
    expect(facilities).toEqual([
      { guid: seedUuid('facility:harbour-wellington'), name: 'Wellington', org_id: 1, time_zone: 'Pacific/Auckland', currency_code: 'NZD', feed_enabled: 1 },
      { guid: seedUuid('facility:harbour-petone'), name: 'Petone', org_id: 1, time_zone: 'Pacific/Auckland', currency_code: 'NZD', feed_enabled: 1 },
      { guid: seedUuid('facility:tallinn-old-town'), name: 'Tallinn Old Town', org_id: 2, time_zone: 'Europe/Tallinn', currency_code: 'EUR', feed_enabled: 0 },
      { guid: seedUuid('facility:summit-sydney'), name: 'Summit Sydney', org_id: 3, time_zone: 'Australia/Sydney', currency_code: 'AUD', feed_enabled: 1 },
    ]);
    const people = await db.selectFrom('members_profiles').select(['email', 'full_name', 'locale', 'track_training']).where('password_hash', 'is not', null).orderBy('id').execute();
    expect(people).toEqual([
      { email: ALEX, full_name: 'Alex Rivera', locale: 'en', track_training: 1 },
      { email: SAM, full_name: 'Sam Taylor', locale: 'en-GB', track_training: 0 },
      { email: KAI, full_name: 'Kai Tamm', locale: 'et', track_training: 1 },
    ]);
    const hidden = await db.selectFrom('accounts').select('org_id').where('profile_id', '=', await profileId(ALEX)).where('hidden_at', 'is not', null).execute();
    expect(hidden).toEqual([{ org_id: 3 }]);
    // Filler members cannot sign in.
    expect(await new Browser(server.url).login('aroha.ngata@harbour.example', '').then((r) => r.status)).toBe(422);
  });

  it('lays out 4 to 6 classes a day over the next two weeks at every facility', async () => {
    const all = await classes();
    for (const facility of ['Wellington', 'Petone', 'Tallinn Old Town', 'Summit Sydney']) {
      const mine = all.filter((c) => c.facility === facility);
      expect(mine.some((c) => c.start_at > later(12 * 24 * 60 * MINUTE))).toBe(true);
      expect(mine.length).toBeGreaterThanOrEqual(14 * 4);
      for (const name of ['CrossFit', 'Olympic Lifting', 'Yoga Flow', 'HIIT', 'Pilates', 'Open Gym', 'Mobility']) expect(mine.some((c) => c.name === name), `${facility} ${name}`).toBe(true);
    }
    const instructors = await db.selectFrom('session_instructors').select(['substituted']).execute();
    expect(instructors.some((i) => i.substituted === 1)).toBe(true);
    expect(instructors.some((i) => i.substituted === 0)).toBe(true);
  });

  it('has classes in every state of SPEC §4 at every facility', async () => {
    const all = await classes();
    const alex = await profileId(ALEX);
    const alexVisits = await db.selectFrom('visits').select(['session_id', 'state']).where('profile_id', '=', alex).execute();
    const alexState = (id: number) => alexVisits.find((v) => v.session_id === id)?.state;
    const waitlisted = new Set((await db.selectFrom('visits').select('session_id').where('state', '=', 'waitlisted').execute()).map((v) => v.session_id));
    const dropins = await db.selectFrom('visits').select(['session_id']).where('dropin', '=', 1).where('state', '=', 'booked').execute();

    for (const facility of ['Wellington', 'Petone', 'Tallinn Old Town', 'Summit Sydney']) {
      const mine = all.filter((c) => c.facility === facility && c.cancelled === 0);
      const upcoming = mine.filter((c) => c.start_at > now);
      const states = {
        free: upcoming.filter((c) => c.booking_open_at <= now && c.booking_close_at > now && c.taken < c.capacity),
        fullWithWaitlist: upcoming.filter((c) => c.taken >= c.capacity && c.waitlists_on === 1 && waitlisted.has(c.id)),
        fullWithoutWaitlist: upcoming.filter((c) => c.taken >= c.capacity && c.waitlists_on === 0),
        dropinLimited: upcoming.filter((c) => c.dropin_spaces === 3 && dropins.filter((d) => d.session_id === c.id).length === 1),
        dropinUnlimited: upcoming.filter((c) => c.dropin_spaces < 0),
        notYetOpen: upcoming.filter((c) => c.booking_open_at > now),
        bookingClosed: upcoming.filter((c) => c.booking_close_at <= now),
        cancelled: all.filter((c) => c.facility === facility && c.cancelled === 1 && c.start_at > now),
        inProgress: mine.filter((c) => c.start_at <= later(-15 * MINUTE) && c.start_at > later(-20 * MINUTE) && c.end_at > now),
        lateCancelWithAlexBooked: upcoming.filter((c) => c.cancellation_close_at <= now && c.start_at <= later(2 * 60 * MINUTE) && alexState(c.id) === 'booked'),
        finishedAlexAttended: mine.filter((c) => c.end_at <= now && alexState(c.id) === 'attended'),
      };
      for (const [state, list] of Object.entries(states)) expect(list.length, `${facility}: ${state}`).toBeGreaterThanOrEqual(1);
    }
  });

  it('sets up the Wellington waitlist story and Alex’s other bookings', async () => {
    const [alex, sam] = [await profileId(ALEX), await profileId(SAM)];
    const wellington = await db.selectFrom('facilities').select('id').where('name', '=', 'Wellington').executeTakeFirstOrThrow();
    const visits = await db
      .selectFrom('visits')
      .innerJoin('sessions', 'sessions.id', 'visits.session_id')
      .select(['visits.session_id', 'visits.profile_id', 'visits.state', 'visits.offer_expires_at', 'sessions.facility_id', 'sessions.start_at', 'sessions.capacity'])
      .where('visits.profile_id', 'in', [alex, sam])
      .execute();
    const story = visits.find((v) => v.profile_id === alex && v.state === 'waitlisted' && v.facility_id === wellington.id);
    expect(story).toBeDefined();
    expect(visits.some((v) => v.session_id === story?.session_id && v.profile_id === sam && v.state === 'booked')).toBe(true);
    const taken = await db.selectFrom('visits').select('id').where('session_id', '=', story?.session_id ?? 0).where('state', '=', 'booked').execute();
    expect(taken.length).toBe(story?.capacity);

    const localDate = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Auckland' }).format(d);
    const today = new TZDate(seededAt.getTime(), 'Pacific/Auckland');
    const tomorrowDate = localDate(new TZDate(today.getFullYear(), today.getMonth(), today.getDate() + 1, 12, 0, 0, 'Pacific/Auckland'));
    const tomorrow = visits.filter((v) => v.profile_id === alex && v.state === 'booked' && v.facility_id === wellington.id && localDate(new Date(v.start_at)) === tomorrowDate);
    expect(tomorrow.length).toBeGreaterThanOrEqual(1);
    const pending = visits.find((v) => v.profile_id === alex && v.state === 'pending');
    expect((pending?.offer_expires_at ?? '') > now).toBe(true);
  });

  it('does not seed again into a database that has data', async () => {
    const before = await db.selectFrom('sessions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const { startServer } = await import('../app');
    const again = await startServer({ port: 0, ...server.database, distDir: `${server.dir}/dist` });
    try {
      const after = await again.db.selectFrom('sessions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    } finally {
      await again.close();
    }
  });
});

describe('SEED_DEMO off', () => {
  it('gives an empty database', async () => {
    const server = await startTestServer({ seedDemo: loadConfig({ SEED_DEMO: 'off' }).seedDemo });
    try {
      const db = server.running.db;
      for (const table of ['members_profiles', 'orgs', 'facilities', 'accounts', 'sessions', 'visits'] as const) {
        const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
        expect(Number(row.n), table).toBe(0);
      }
      expect((await new Browser(server.url).login(ALEX)).status).toBe(401);
    } finally {
      await server.close();
    }
  });
});

describe('configuration from the environment', () => {
  it('has defaults and parses the switches', () => {
    expect(loadConfig({})).toMatchObject({ port: 8080, host: '127.0.0.1', databaseFile: 'data/app.sqlite', databaseUrl: undefined, databasePoolSize: 10, seedDemo: true, distDir: 'dist', trustProxy: false, allowLoopbackPush: false });
    for (const off of ['0', 'false', 'off', 'FALSE']) expect(loadConfig({ SEED_DEMO: off }).seedDemo).toBe(false);
    expect(loadConfig({ PORT: '3000', HOST: '0.0.0.0', DATABASE_FILE: '/tmp/x.sqlite', DIST_DIR: 'build', TRUST_PROXY: '1' })).toMatchObject({ port: 3000, host: '0.0.0.0', databaseFile: '/tmp/x.sqlite', seedDemo: true, distDir: 'build', trustProxy: true, allowLoopbackPush: false });
    expect(loadConfig({ DATABASE_URL: ' postgres://app@db:5432/member ', DATABASE_POOL_SIZE: '25' })).toMatchObject({ databaseUrl: 'postgres://app@db:5432/member', databasePoolSize: 25 });
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '1' })).toThrow(/DATABASE_POOL_SIZE/);
    expect(loadConfig({ REDIS_URL: ' redis://127.0.0.1:6379 ' }).redisUrl).toBe('redis://127.0.0.1:6379');
    expect(loadConfig({}).redisUrl).toBeUndefined();
    expect(loadConfig({ ALLOW_LOOPBACK_PUSH: '1' }).allowLoopbackPush).toBe(true);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO/);
  });
});
