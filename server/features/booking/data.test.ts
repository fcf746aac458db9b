import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from '../../db/index';
import { migrationProvider } from '../../db/migrations/index';
import type { Database } from '../../db/schema';
import { countVisits, isFull, placesTaken } from '../../../core/rules/capacity';
import { seededClasses } from '../../testing/booking-helpers';
import { ALEX, KAI, SAM, startTestServer, type TestServer } from '../../testing/helpers';

describe('migration 0002 (booking)', () => {
  let dir: string;
  let db: Kysely<Database>;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'member-pwa-migrate-'));
    db = openDatabase(path.join(dir, 'app.sqlite'));
  });
  afterAll(async () => {
    await db.destroy();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('keeps the visits of a 0001 database and allows booking again after a cancel', async () => {
    const { error } = await new Migrator({ db, provider: migrationProvider }).migrateTo('0001_initial');
    expect(error).toBeUndefined();
    const at = '2026-01-01T00:00:00.000Z';
    const org = await db.insertInto('orgs').values({ name: 'Org', logo_url: null, short_id: 'org' }).returning('id').executeTakeFirstOrThrow();
    const facility = await db.insertInto('facilities').values({ guid: 'f', org_id: org.id, name: 'F', time_zone: 'UTC', currency_code: 'EUR', address: null, phone: null, email: null, feed_enabled: 0 }).returning('id').executeTakeFirstOrThrow();
    const person = await db
      .insertInto('members_profiles')
      .values({ guid: 'p', email: 'p@example.com', password_hash: null, full_name: 'P Q', first_name: 'P', last_name: 'Q', locale: 'en', avatar_thumb_url: null, avatar_main_url: null, calendar_token: null, preferences: '{}', track_training: 0, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    const session = await db
      .insertInto('sessions')
      .values({ facility_id: facility.id, name: 'C', description: null, location: null, start_at: at, end_at: at, booking_open_at: at, booking_close_at: at, cancellation_close_at: at, cancelled: 0, capacity: 5, waitlists_on: 1, dropin_spaces: 0, online_url: null, whiteboard_visibility: 'public', created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Inserted without offer_expired: the 0001 table has no such column.
    await (db as unknown as Kysely<{ visits: Record<string, unknown> }>)
      .insertInto('visits')
      .values({ id: 41, profile_id: person.id, session_id: session.id, state: 'cancelled', late_cancelled: 1, dropin: 0, offer_expires_at: null, created_at: at, updated_at: at })
      .execute();

    await migrateToLatest(db);
    expect(await db.selectFrom('visits').selectAll().execute()).toEqual([
      { id: 41, profile_id: person.id, session_id: session.id, state: 'cancelled', late_cancelled: 1, dropin: 0, offer_expires_at: null, offer_expired: 0, created_at: at, updated_at: at },
    ]);
    const live = { profile_id: person.id, session_id: session.id, state: 'booked' as const, offer_expires_at: null, created_at: at, updated_at: at };
    await db.insertInto('visits').values(live).execute();
    // At most one live visit per member and class.
    await expect(db.insertInto('visits').values({ ...live, state: 'waitlisted' }).execute()).rejects.toThrow(/UNIQUE/);
    expect(await db.selectFrom('visits').select('state').where('session_id', '=', session.id).orderBy('id').execute()).toEqual([{ state: 'cancelled' }, { state: 'booked' }]);
    // Foreign keys still hold after the rebuild.
    await expect(db.insertInto('visits').values({ ...live, session_id: 999 }).execute()).rejects.toThrow(/FOREIGN KEY/);
  });
});

describe('seeded booking data', () => {
  let server: TestServer;
  let db: Kysely<Database>;
  const seededAt = new Date();
  beforeAll(async () => {
    server = await startTestServer({ now: () => seededAt });
    db = server.running.db;
  });
  afterAll(() => server.close());

  it('is consistent with the full rule: waitlists only behind full classes, never over capacity', async () => {
    const sessions = await db.selectFrom('sessions').select(['id', 'capacity', 'dropin_spaces', 'waitlists_on', 'start_at']).execute();
    const rows = await db.selectFrom('visits').select(['session_id', 'state', 'dropin']).select((eb) => eb.fn.countAll<number>().as('n')).groupBy(['session_id', 'state', 'dropin']).execute();
    for (const s of sessions) {
      const c = countVisits(rows.filter((r) => r.session_id === s.id).map((r) => ({ ...r, n: Number(r.n) })));
      expect(placesTaken(c), `class ${s.id}`).toBeLessThanOrEqual(s.capacity);
      if (c.waitlisted > 0) expect(isFull(s.capacity, c) && s.waitlists_on === 1, `class ${s.id}`).toBe(true);
      if (s.dropin_spaces >= 0) expect(c.droppedin).toBeLessThanOrEqual(s.dropin_spaces);
    }
    const pending = await db.selectFrom('visits').select(['offer_expires_at']).where('state', '=', 'pending').execute();
    expect(pending.length).toBeGreaterThan(0);
    for (const p of pending) expect((p.offer_expires_at ?? '') > seededAt.toISOString()).toBe(true);
    const live = await db.selectFrom('visits').select(['profile_id', 'session_id']).where('state', '<>', 'cancelled').execute();
    expect(new Set(live.map((v) => `${v.profile_id}:${v.session_id}`)).size).toBe(live.length);
  });

  it('gives Alex, Sam and Kai their memberships and passes', async () => {
    const rows = await db
      .selectFrom('memberships')
      .innerJoin('members_profiles', 'members_profiles.id', 'memberships.profile_id')
      .innerJoin('orgs', 'orgs.id', 'memberships.org_id')
      .select(['members_profiles.email', 'orgs.name as org', 'memberships.name', 'memberships.valid_to'])
      .orderBy('memberships.id')
      .execute();
    const now = seededAt.toISOString();
    expect(rows.map((r) => [r.email, r.org, r.name, (r.valid_to ?? '\uffff') > now])).toEqual([
      [ALEX, 'Harbour Strength', 'Unlimited Membership', true],
      [ALEX, 'Tallinn Movement', 'Summer Membership', false],
      [SAM, 'Harbour Strength', 'Standard Membership', true],
    ]);
    const passes = await db
      .selectFrom('passes')
      .innerJoin('members_profiles', 'members_profiles.id', 'passes.profile_id')
      .innerJoin('orgs', 'orgs.id', 'passes.org_id')
      .select(['members_profiles.email', 'orgs.name as org', 'passes.name', 'passes.visits_total', 'passes.visits_used', 'passes.valid_to'])
      .orderBy('passes.id')
      .execute();
    expect(passes.map((r) => [r.email, r.org, r.name, r.visits_total, r.visits_used, (r.valid_to ?? '\uffff') > now])).toEqual([
      [ALEX, 'Tallinn Movement', '10-Visit Pass', 10, 3, true],
      [ALEX, 'Harbour Strength', 'Intro 5-Visit Pass', 5, 5, false],
      [KAI, 'Tallinn Movement', '10-Visit Pass', 10, 6, true],
    ]);
    // The seeded late cancels were casual charges.
    const charges = await db.selectFrom('visit_charges').innerJoin('visits', 'visits.id', 'visit_charges.visit_id').select(['visits.late_cancelled', 'visit_charges.membership_id', 'visit_charges.pass_id']).execute();
    expect(charges.length).toBe(4);
    expect(charges.every((c) => c.late_cancelled === 1 && c.membership_id === null && c.pass_id === null)).toBe(true);
  });

  it('has a class tomorrow with free places and no demo member booked, at every facility', async () => {
    const classes = seededClasses(db, seededAt);
    for (const f of ['Wellington', 'Petone', 'Tallinn Old Town', 'Summit Sydney'] as const) {
      const id = await classes.barbellBasics(f);
      const s = await db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      const visits = await db.selectFrom('visits').select(['profile_id', 'state']).where('session_id', '=', id).execute();
      expect(visits).toHaveLength(2);
      expect(s.capacity).toBeGreaterThan(10);
      expect(s.booking_open_at <= seededAt.toISOString() && s.start_at > seededAt.toISOString()).toBe(true);
    }
  });
});
