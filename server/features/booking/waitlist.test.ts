import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfferEvent } from './offers';
import type { Database } from '../../db/schema';
import { OFFER_WINDOW_MS } from '../../../core/rules/waitlist';
import { addWaitlisted, asSession, asVisit, expectError, HOUR, MINUTE, post, profileIdOf, put, seededClasses, visitOf } from '../../testing/booking-helpers';
import { ALEX, manualClock, SAM, signedIn, startTestServer, type Browser, type TestServer } from '../../testing/helpers';

const stateOf = async (db: Kysely<Database>, id: number) => db.selectFrom('visits').select(['state', 'offer_expires_at', 'offer_expired']).where('id', '=', id).executeTakeFirstOrThrow();

describe('waitlist: a freed place is offered to the first in line', () => {
  let server: TestServer;
  let db: Kysely<Database>;
  let alex: Browser;
  let sam: Browser;
  const clock = manualClock();
  const seededAt = clock.now();
  let classes: ReturnType<typeof seededClasses>;
  const events: OfferEvent[] = [];

  beforeAll(async () => {
    server = await startTestServer({ now: clock.now });
    db = server.running.db;
    [alex, sam] = await Promise.all([signedIn(server, ALEX), signedIn(server, SAM)]);
    classes = seededClasses(db, seededAt);
    server.running.onOffer((e) => events.push(e));
  });
  afterAll(() => server.close());

  it('Sam cancels: Alex’s waitlist place becomes a pending offer for 2 hours, announced once', async () => {
    const full = await classes.fullWithWaitlist('Wellington');
    const [alexId, samId] = [await profileIdOf(db, ALEX), await profileIdOf(db, SAM)];
    const samVisit = (await visitOf(db, samId, full)).id;
    const alexVisit = (await visitOf(db, alexId, full)).id;
    clock.advance(10 * MINUTE);

    const cancelled = await asVisit(await put(sam, `/api/v1/visits/${samVisit}/cancel`));
    expect(cancelled).toMatchObject({ state: 'cancelled', session: { full: true, booked_count: 6, offered_count: 1, waitlist_count: 0 } });

    const expires = new Date(clock.now().getTime() + OFFER_WINDOW_MS).toISOString();
    const offer = await asVisit(await alex.get(`/api/v1/visits/${alexVisit}`));
    expect(offer).toMatchObject({ state: 'pending', offer_expires_at: expires, session: { visit: { id: alexVisit, state: 'pending', offer_expires_at: expires } } });

    expect(events).toHaveLength(1);
    const account = await db.selectFrom('accounts').select('short_id').where('profile_id', '=', alexId).where('org_id', '=', 1).executeTakeFirstOrThrow();
    expect(events[0]).toMatchObject({ profileId: alexId, memberShortId: account.short_id, visit: { id: alexVisit, state: 'pending', offer_expires_at: expires, session: { id: full } } });

    // The offered place is held: Sam cannot take it back.
    await expectError(await post(sam, `/api/v1/sessions/${full}/book`, {}), 409, 'class_full');
  });

  it('Alex confirms: the offer becomes a booking', async () => {
    const full = await classes.fullWithWaitlist('Wellington');
    const alexVisit = (await visitOf(db, await profileIdOf(db, ALEX), full)).id;
    const booked = await asVisit(await put(alex, `/api/v1/visits/${alexVisit}/confirm`));
    expect(booked).toMatchObject({ id: alexVisit, state: 'booked', offer_expires_at: null, session: { full: true, booked_count: 6, offered_count: 0, visit: { state: 'booked' } } });
    expect(events).toHaveLength(1);
  });
});

describe('waitlist: declined and lapsed offers pass on', () => {
  let server: TestServer;
  let db: Kysely<Database>;
  let alex: Browser;
  let sam: Browser;
  const clock = manualClock();
  const seededAt = clock.now();
  let classes: ReturnType<typeof seededClasses>;
  const events: OfferEvent[] = [];
  let second: number;
  let third: number;

  beforeAll(async () => {
    server = await startTestServer({ now: clock.now });
    db = server.running.db;
    [alex, sam] = await Promise.all([signedIn(server, ALEX), signedIn(server, SAM)]);
    classes = seededClasses(db, seededAt);
    server.running.onOffer((e) => events.push(e));
    const full = await classes.fullWithWaitlist('Wellington');
    // Two more club members behind Alex, in this order.
    second = await addWaitlisted(db, full, new Date(seededAt.getTime() - 10 * MINUTE), 0);
    third = await addWaitlisted(db, full, new Date(seededAt.getTime() - 5 * MINUTE), 0);
  });
  afterAll(() => server.close());

  it('decline passes the place to the next in line', async () => {
    const full = await classes.fullWithWaitlist('Wellington');
    const samVisit = (await visitOf(db, await profileIdOf(db, SAM), full)).id;
    const alexVisit = (await visitOf(db, await profileIdOf(db, ALEX), full)).id;
    await put(sam, `/api/v1/visits/${samVisit}/cancel`);
    expect((await stateOf(db, alexVisit)).state).toBe('pending');
    expect((await stateOf(db, second)).state).toBe('waitlisted');

    clock.advance(30 * MINUTE);
    const declined = await asVisit(await put(alex, `/api/v1/visits/${alexVisit}/decline`));
    expect(declined).toMatchObject({ state: 'cancelled', offer_expired: false, session: { booked_count: 6, offered_count: 1, waitlist_count: 1 } });
    expect(await stateOf(db, second)).toEqual({ state: 'pending', offer_expires_at: new Date(clock.now().getTime() + OFFER_WINDOW_MS).toISOString(), offer_expired: 0 });
    expect((await stateOf(db, third)).state).toBe('waitlisted');
    expect(events.map((e) => e.visit.id)).toEqual([alexVisit, second]);
    await expectError(await put(alex, `/api/v1/visits/${alexVisit}/confirm`), 409, 'not_pending');
  });

  it('a lapsed offer is cancelled by the sweep on the next request and the place passes on', async () => {
    const full = await classes.fullWithWaitlist('Wellington');
    clock.advance(OFFER_WINDOW_MS + 1000);
    // Any request about classes or visits settles lapsed offers first.
    const session = await asSession(await alex.get(`/api/v1/sessions/${full}`));
    expect(session).toMatchObject({ booked_count: 6, offered_count: 1, waitlist_count: 0 });
    expect(await stateOf(db, second)).toMatchObject({ state: 'cancelled', offer_expired: 1 });
    expect((await stateOf(db, third)).state).toBe('pending');
    expect(events.map((e) => e.visit.id)).toEqual([expect.any(Number), second, third]);
  });

  it('Alex’s seeded Petone offer lapsed too: confirming or declining it is 409 offer_expired', async () => {
    const offer = (await visitOf(db, await profileIdOf(db, ALEX), await classes.offeredToAlex())).id;
    const visit = await asVisit(await alex.get(`/api/v1/visits/${offer}`));
    expect(visit).toMatchObject({ state: 'cancelled', offer_expired: true, session: { visit: { id: offer, offer_expired: true } } });
    const res = await expectError(await put(alex, `/api/v1/visits/${offer}/confirm`), 409, 'offer_expired');
    expect(res.message).toMatch(/expired/);
    await expectError(await put(alex, `/api/v1/visits/${offer}/decline`), 409, 'offer_expired');
    // Nobody else was waiting there, so the place is simply free again.
    expect(await asSession(await alex.get(`/api/v1/sessions/${await classes.offeredToAlex()}`))).toMatchObject({ full: false, booked_count: 7, offered_count: 0 });
  });
});

describe('waitlist: offers never outlast the start', () => {
  let server: TestServer;
  let db: Kysely<Database>;
  let alex: Browser;
  const clock = manualClock();
  const seededAt = clock.now();
  let classes: ReturnType<typeof seededClasses>;

  beforeAll(async () => {
    server = await startTestServer({ now: clock.now });
    db = server.running.db;
    alex = await signedIn(server, ALEX);
    classes = seededClasses(db, seededAt);
  });
  afterAll(() => server.close());

  it('offers until the start only, and makes no offer once the class has started', async () => {
    const soon = await classes.lateCancelWindow('Wellington');
    // Alex and three others are booked: make that full and put two behind them.
    await db.updateTable('sessions').set({ capacity: 4 }).where('id', '=', soon).execute();
    const first = await addWaitlisted(db, soon, new Date(seededAt.getTime() - 20 * MINUTE), 0);
    const next = await addWaitlisted(db, soon, new Date(seededAt.getTime() - 10 * MINUTE), 0);
    const alexVisit = (await visitOf(db, await profileIdOf(db, ALEX), soon)).id;

    await asVisit(await put(alex, `/api/v1/visits/${alexVisit}/latecancel`));
    const start = classes.at(110 * MINUTE);
    expect(await stateOf(db, first)).toMatchObject({ state: 'pending', offer_expires_at: start });

    clock.advance(2 * HOUR);
    await alex.get(`/api/v1/sessions/${soon}`);
    expect(await stateOf(db, first)).toMatchObject({ state: 'cancelled', offer_expired: 1 });
    expect(await stateOf(db, next)).toMatchObject({ state: 'waitlisted', offer_expires_at: null });
  });
});

describe('waitlist: the timer sweeps without any request', () => {
  let server: TestServer;
  let db: Kysely<Database>;
  const clock = manualClock();
  const seededAt = clock.now();

  beforeAll(async () => {
    server = await startTestServer({ now: clock.now, offerSweepIntervalMs: 20 });
    db = server.running.db;
  });
  afterAll(() => server.close());

  it('passes a lapsed offer on and announces the new one', async () => {
    const classes = seededClasses(db, seededAt);
    const petone = await classes.offeredToAlex();
    const behind = await addWaitlisted(db, petone, seededAt, 0);
    const offer = (await visitOf(db, await profileIdOf(db, ALEX), petone)).id;
    const announced = new Promise<OfferEvent>((resolve) => {
      const stop = server.running.onOffer((e) => {
        stop();
        resolve(e);
      });
    });
    clock.advance(HOUR + MINUTE);
    const event = await announced;
    expect(event.visit).toMatchObject({ id: behind, state: 'pending' });
    expect(await stateOf(db, offer)).toMatchObject({ state: 'cancelled', offer_expired: 1 });
  });
});

describe('waitlist: reads ask whether anything lapsed at most once a second', () => {
  let server: TestServer;
  let db: Kysely<Database>;
  let alex: Browser;
  let sam: Browser;
  const clock = manualClock();
  const seededAt = clock.now();

  beforeAll(async () => {
    server = await startTestServer({ now: clock.now });
    db = server.running.db;
    [alex, sam] = await Promise.all([signedIn(server, ALEX), signedIn(server, SAM)]);
  });
  afterAll(() => server.close());

  it('a read within the quiet second leaves an offer that lapsed meanwhile to the next; a write sweeps at once', async () => {
    const classes = seededClasses(db, seededAt);
    const full = await classes.fullWithWaitlist('Wellington');
    const samVisit = (await visitOf(db, await profileIdOf(db, SAM), full)).id;
    const alexVisit = (await visitOf(db, await profileIdOf(db, ALEX), full)).id;
    await put(sam, `/api/v1/visits/${samVisit}/cancel`);
    await alex.get(`/api/v1/sessions/${full}`); // looked: the next lapse is two hours away
    // Another process offers a place of a class starting in half a second, so its offer lapses then.
    await db.updateTable('visits').set({ offer_expires_at: new Date(clock.now().getTime() + 500).toISOString() }).where('id', '=', alexVisit).execute();
    clock.advance(600);
    await alex.get(`/api/v1/sessions/${full}`);
    expect((await stateOf(db, alexVisit)).state).toBe('pending'); // not asked again within the second
    clock.advance(500);
    await alex.get(`/api/v1/sessions/${full}`);
    expect(await stateOf(db, alexVisit)).toMatchObject({ state: 'cancelled', offer_expired: 1 });

    // A write never trusts the quiet second.
    const second = await addWaitlisted(db, full, seededAt, 0);
    await db.updateTable('visits').set({ state: 'pending', offer_expires_at: new Date(clock.now().getTime() + HOUR).toISOString() }).where('id', '=', second).execute();
    await alex.get(`/api/v1/sessions/${full}`); // quiet for a second
    await db.updateTable('visits').set({ offer_expires_at: new Date(clock.now().getTime() + 100).toISOString() }).where('id', '=', second).execute();
    clock.advance(200);
    await put(alex, `/api/v1/visits/${alexVisit}/decline`); // 409 (lapsed already), after its sweep
    expect(await stateOf(db, second)).toMatchObject({ state: 'cancelled', offer_expired: 1 });
  });
});
