import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice, Pass } from '../../../core/contract/types';
import type { Database } from '../../db/schema';
import { asVisit, facilityGuid, MINUTE, post, profileIdOf, put, seededClasses, visitOf } from '../../testing/booking-helpers';
import { ALEX, json, KAI, manualClock, signedIn, startTestServer, type Browser, type TestServer } from '../../testing/helpers';
import { cancelClass } from '../notifications/events';

// A booked place counts against the member's membership or pass when it is booked; a timely
// cancel gives it back, a late cancel keeps it, a late cancel nothing covers costs the fee.
describe('class visits count against what the member has', () => {
  const clock = manualClock();
  const seededAt = clock.now();
  let server: TestServer;
  let db: Kysely<Database>;
  let alex: Browser;
  let kai: Browser;
  let alexId: number;
  let classes: ReturnType<typeof seededClasses>;
  let tallinn: Record<string, string>;

  beforeAll(async () => {
    server = await startTestServer({ now: clock.now });
    db = server.running.db;
    alex = await signedIn(server, ALEX);
    kai = await signedIn(server, KAI);
    alexId = await profileIdOf(db, ALEX);
    classes = seededClasses(db, seededAt);
    tallinn = { 'X-Facility-Id': await facilityGuid(db, 'Tallinn Old Town') };
  });
  afterAll(() => server.close());

  const alexPass = () => db.selectFrom('passes').selectAll().where('profile_id', '=', alexId).where('org_id', '=', 2).where('name', '=', '10-Visit Pass').executeTakeFirstOrThrow();
  const leftOnPass = async (browser: Browser, id: number) => (await json<Pass[]>(await browser.get('/api/v1/passes', { headers: tallinn }))).find((p) => p.id === id)?.visits_left;

  it('a booking uses a pass visit once (a replay too), a timely cancel gives it back', async () => {
    const pass = await alexPass();
    const before = await leftOnPass(alex, pass.id);
    const session = await classes.barbellBasics('Tallinn Old Town');
    const key = { 'Idempotency-Key': 'charges-book-1' };
    const booked = await asVisit(await post(alex, `/api/v1/sessions/${session}/book`, {}, key));
    expect(booked.charge).toMatchObject({ kind: 'visit', against: 'pass', id: pass.id, name: '10-Visit Pass' });
    expect(await leftOnPass(alex, pass.id)).toBe(before! - 1);
    // The same request again (a retry after a lost answer) is the same booking, counted once.
    expect((await asVisit(await post(alex, `/api/v1/sessions/${session}/book`, {}, key))).id).toBe(booked.id);
    expect(await leftOnPass(alex, pass.id)).toBe(before! - 1);

    const cancelled = await asVisit(await put(alex, `/api/v1/visits/${booked.id}/cancel`));
    expect(cancelled).toMatchObject({ state: 'cancelled', late_cancelled: false, charge: null });
    expect(await leftOnPass(alex, pass.id)).toBe(before);
  });

  it('confirming an offered place counts it; the club cancelling the class gives it back', async () => {
    const offered = await classes.offeredToAlex();
    const visit = await visitOf(db, alexId, offered);
    const confirmed = await asVisit(await put(alex, `/api/v1/visits/${visit.id}/confirm`));
    expect(confirmed).toMatchObject({ state: 'booked', charge: { kind: 'visit', against: 'membership', name: 'Unlimited Membership' } });

    const pass = await alexPass();
    const before = await leftOnPass(alex, pass.id);
    const session = await classes.barbellBasics('Tallinn Old Town');
    await post(alex, `/api/v1/sessions/${session}/book`, {});
    expect(await leftOnPass(alex, pass.id)).toBe(before! - 1);
    await db.transaction().execute((trx) => cancelClass(trx, session, clock.now()));
    expect(await leftOnPass(alex, pass.id)).toBe(before);
  });

  it('a late cancel nothing covers costs the facility’s fee: a due invoice, the class named', async () => {
    const kaiId = await profileIdOf(db, KAI);
    await db.updateTable('passes').set({ visits_used: 10 }).where('profile_id', '=', kaiId).execute();
    const session = await classes.lateCancelWindow('Tallinn Old Town');
    const booked = await asVisit(await post(kai, `/api/v1/sessions/${session}/book`, {}));
    expect(booked.charge).toMatchObject({ kind: 'visit', against: 'casual' });
    expect(await json<Invoice[]>(await kai.get('/api/v1/invoices', { headers: tallinn }))).toEqual([]);
    const late = await asVisit(await put(kai, `/api/v1/visits/${booked.id}/latecancel`));
    expect(late.charge).toMatchObject({ kind: 'late_cancel', against: 'casual' });
    const invoices = await json<Invoice[]>(await kai.get('/api/v1/invoices', { headers: tallinn }));
    expect(invoices).toEqual([
      expect.objectContaining({ status: 'due', currency: 'EUR', total: 10, tax: 1.94, lines: [{ kind: 'late_cancel_fee', name: booked.session.name, starts_at: booked.session.start_date, quantity: 1, price: 10 }] }),
    ]);
    // Only the member's own: Alex does not see it, and its id is 404 for him.
    expect((await alex.get(`/api/v1/invoices/${invoices[0]!.id}`, { headers: tallinn })).status).toBe(404);
  });
  // Last: it moves the clock to just before a class tomorrow.
  it('a late cancel keeps the visit used, once', async () => {
    const pass = await alexPass();
    const before = await leftOnPass(alex, pass.id);
    const session = await classes.tomorrowEarly('Tallinn Old Town');
    const booked = await asVisit(await post(alex, `/api/v1/sessions/${session}/book`, {}));
    expect(await leftOnPass(alex, pass.id)).toBe(before! - 1);
    // Into the late-cancel window: a minute before the class.
    const start = Date.parse(booked.session.start_date);
    clock.advance(start - MINUTE - clock.now().getTime());
    const late = await asVisit(await put(alex, `/api/v1/visits/${booked.id}/latecancel`));
    expect(late).toMatchObject({ state: 'cancelled', late_cancelled: true, charge: { kind: 'late_cancel', against: 'pass', id: pass.id } });
    expect(await leftOnPass(alex, pass.id)).toBe(before! - 1);
    expect(await db.selectFrom('visit_charges').select('kind').where('visit_id', '=', booked.id).execute()).toEqual([{ kind: 'late_cancel' }]);
  });

});
