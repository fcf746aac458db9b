// Holding and booking appointment slots: of many members holding one slot at once exactly one
// gets it (a primary key on the staff member's quarter hours, on both databases); a lapsed hold
// frees the slot; booking counts against what covers the service, once even when replayed;
// another member's appointment answers 404. On SQLite and, under npm run test:pg, PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Appointment, AppointmentSlot, Invoice, Service, StaffMember } from '../../../core/contract/types';
import { APPOINTMENT_HOLD_MINUTES } from '../../../core/rules/appointments';
import { ALEX, json, KAI, manualClock, SAM, signedIn, startTestServer, type Browser, type TestServer } from '../../testing/helpers';
import { facilityGuid, lastPlacesRace, type FacilityName } from '../../testing/booking-helpers';
import { admin } from '../../testing/notifications-helpers';

describe('appointment holds and bookings', () => {
  const clock = manualClock();
  let server: TestServer;
  let alex: Browser;
  let sam: Browser;
  const headers = async (facility: FacilityName) => ({ 'X-Facility-Id': await facilityGuid(server.running.db, facility) });

  beforeAll(async () => {
    server = await startTestServer({ now: clock.now });
    [alex, sam] = await Promise.all([signedIn(server, ALEX), signedIn(server, SAM)]);
  });
  afterAll(() => server.close());

  /** The first free slot of `staff` for `service` at the facility, from 3 days ahead. */
  async function freeSlot(member: Browser, facility: FacilityName, serviceName: string, staffName: string, skip = 0) {
    const h = await headers(facility);
    const service = (await json<Service[]>(await member.get('/api/v1/services', { headers: h }))).find((s) => s.name === serviceName)!;
    const staff = (await json<StaffMember[]>(await member.get(`/api/v1/staff?service_id=${service.id}`, { headers: h }))).find((s) => s.full_name === staffName)!;
    const date = new Date(clock.now().getTime() + 3 * 86_400_000).toISOString().slice(0, 10);
    const slots = await json<AppointmentSlot[]>(await member.get(`/api/v1/staff/${staff.id}/availability?service_id=${service.id}&date=${date}&days=7`, { headers: h }));
    const slot = slots.filter((s) => s.available)[skip]!;
    return { h, service, staff, slot, body: { appointment: { service_id: service.id, staff_id: staff.id, start_at: slot.start_at } } };
  }

  it('gives a slot held by many at once to exactly one of them; the others are told it is taken', async () => {
    const race = await lastPlacesRace(server.running.db, 'hold', 12, 1);
    const members = await Promise.all(race.emails.map((email) => signedIn(server, email)));
    const { h, body, staff, slot } = await freeSlot(alex, 'Wellington', 'Personal Training', 'Mere Tane');
    const answers = await Promise.all(members.map((m, i) => m.request('/api/v1/appointments', { method: 'POST', json: body, headers: { ...h, 'Idempotency-Key': `hold-${i}` } })));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.status !== 201)) expect(await json(answer)).toMatchObject({ code: 'slot_unavailable' });
    const held = await json<Appointment>(answers.find((a) => a.status === 201)!);
    expect(held).toMatchObject({ status: 'held', start_at: slot.start_at, staff: { full_name: 'Mere Tane' } });
    // The slot is no longer free for anyone; nor is the quarter hour before it for a 60-minute session.
    const after = await json<AppointmentSlot[]>(await alex.get(`/api/v1/staff/${staff.id}/availability?service_id=${body.appointment.service_id}&date=${slot.start_at.slice(0, 10)}&days=2`, { headers: h }));
    expect(after.find((s) => s.start_at === slot.start_at)?.available).toBe(false);
  });

  it('frees a held slot when the hold lapses, and says so to the member who held it', async () => {
    const { h, body } = await freeSlot(alex, 'Wellington', 'Personal Training', 'Mere Tane', 3);
    const held = await json<Appointment>(await alex.request('/api/v1/appointments', { method: 'POST', json: body, headers: h }));
    expect(held.status).toBe('held');
    expect((await sam.request('/api/v1/appointments', { method: 'POST', json: body, headers: h })).status).toBe(409);
    clock.advance((APPOINTMENT_HOLD_MINUTES + 1) * 60_000);
    const samHolds = await sam.request('/api/v1/appointments', { method: 'POST', json: body, headers: h });
    expect(samHolds.status).toBe(201);
    const late = await alex.put(`/api/v1/appointments/${held.id}/book`, {});
    expect(late.status).toBe(409);
    expect(await json(late)).toMatchObject({ code: 'hold_expired' });
    expect(await json<Appointment>(await alex.get(`/api/v1/appointments/${held.id}`))).toMatchObject({ status: 'expired' });
  });

  it('books a held slot against the membership that covers it; another member cannot book or see it', async () => {
    const { h, body } = await freeSlot(alex, 'Wellington', 'Personal Training', 'Mere Tane', 6);
    const held = await json<Appointment>(await alex.request('/api/v1/appointments', { method: 'POST', json: body, headers: h }));
    expect((await sam.put(`/api/v1/appointments/${held.id}/book`, {})).status).toBe(404);
    expect((await sam.get(`/api/v1/appointments/${held.id}`)).status).toBe(404);
    const booked = await alex.put(`/api/v1/appointments/${held.id}/book`, {});
    expect(booked.status).toBe(200);
    expect(await json(booked)).toMatchObject({ id: held.id, status: 'booked', hold_expires_at: null });
    const row = await server.running.db.selectFrom('appointments').select(['concession_kind']).where('id', '=', held.id).executeTakeFirstOrThrow();
    expect(row.concession_kind).toBe('membership');
  });

  it('counts a pass once even when the booking is replayed', async () => {
    const kai = await signedIn(server, KAI);
    const { h, body } = await freeSlot(kai, 'Tallinn Old Town', 'Personal Training', 'Rasmus Kivi');
    const held = await json<Appointment>(await kai.request('/api/v1/appointments', { method: 'POST', json: body, headers: h }));
    const { db } = server.running;
    const passBefore = await db.selectFrom('passes').innerJoin('members_profiles', 'members_profiles.id', 'passes.profile_id').select(['passes.id', 'passes.visits_used']).where('members_profiles.email', '=', KAI).executeTakeFirstOrThrow();
    const key = { 'Idempotency-Key': 'kai-book-1' };
    const passRow = await db.selectFrom('passes').select(['name', 'visits_total']).where('id', '=', passBefore.id).executeTakeFirstOrThrow();
    // The hold says what booking will use, with what is left before it; the booking what is left after.
    const left = passRow.visits_total! - passBefore.visits_used;
    expect(held.concession).toEqual({ kind: 'pass', name: passRow.name, visits_total: passRow.visits_total, visits_left: left });
    const booked = await json<Appointment>(await kai.put(`/api/v1/appointments/${held.id}/book`, {}, { headers: key }));
    expect(booked).toMatchObject({ status: 'booked', concession: { kind: 'pass', visits_left: left - 1 }, price: expect.any(Number), currency: 'EUR' });
    expect((await kai.put(`/api/v1/appointments/${held.id}/book`, {}, { headers: key })).status).toBe(200);
    const passAfter = await db.selectFrom('passes').select('visits_used').where('id', '=', passBefore.id).executeTakeFirstOrThrow();
    expect(passAfter.visits_used).toBe(passBefore.visits_used + 1);
  });

  it('books what nothing covers to be paid at the studio: one due invoice for its price, moved with it, cancelled by a free cancel, kept by a late one', async () => {
    const invoices = async (h: Record<string, string>) => (await json<Invoice[]>(await alex.get('/api/v1/invoices', { headers: h }))).filter((i) => i.lines.some((l) => l.kind === 'appointment'));
    const physio = await freeSlot(alex, 'Wellington', 'Sports Physio', 'Aroha Ngata');
    const before = await invoices(physio.h);
    const held = await json<Appointment>(await alex.request('/api/v1/appointments', { method: 'POST', json: physio.body, headers: physio.h }));
    expect(held.concession).toEqual({ kind: 'casual', name: null, visits_total: null, visits_left: null });
    const key = { 'Idempotency-Key': 'alex-physio-1' };
    const booked = await alex.put(`/api/v1/appointments/${held.id}/book`, {}, { headers: key });
    expect(booked.status).toBe(200);
    expect(await json(booked)).toMatchObject({ status: 'booked', concession: { kind: 'casual' }, price: physio.service.price });
    // Replayed (its answer lost): the same booking, still one invoice.
    expect((await alex.put(`/api/v1/appointments/${held.id}/book`, {}, { headers: key })).status).toBe(200);
    const due = (await invoices(physio.h)).filter((i) => !before.some((b) => b.id === i.id));
    expect(due).toHaveLength(1);
    expect(due[0]).toMatchObject({ status: 'due', total: physio.service.price, currency: 'NZD', lines: [{ kind: 'appointment', name: 'Sports Physio', quantity: 1, price: physio.service.price, starts_at: physio.slot.start_at }] });

    // Moved to another free time: the invoice names the new one.
    const later = await freeSlot(alex, 'Wellington', 'Sports Physio', 'Aroha Ngata', 6);
    const moved = await json<Appointment>(await alex.put(`/api/v1/appointments/${held.id}`, { appointment: { start_at: later.slot.start_at } }));
    expect(moved.start_at).toBe(later.slot.start_at);
    expect((await invoices(physio.h)).find((i) => i.id === due[0]!.id)?.lines[0]?.starts_at).toBe(later.slot.start_at);

    // Cancelled freely: nothing is owed.
    expect(await json(await alex.put(`/api/v1/appointments/${held.id}/cancel`, {}))).toMatchObject({ status: 'cancelled' });
    expect((await invoices(physio.h)).find((i) => i.id === due[0]!.id)?.status).toBe('cancelled');

    // Cancelled late: the price stays due.
    const next = await freeSlot(alex, 'Wellington', 'Sports Physio', 'Aroha Ngata', 2);
    const second = await json<Appointment>(await alex.request('/api/v1/appointments', { method: 'POST', json: next.body, headers: next.h }));
    expect((await alex.put(`/api/v1/appointments/${second.id}/book`, {})).status).toBe(200);
    clock.advance(Date.parse(second.start_at) - clock.now().getTime() - 20 * 3_600_000);
    expect(await json(await alex.put(`/api/v1/appointments/${second.id}/latecancel`, {}))).toMatchObject({ status: 'cancelled' });
    const kept = (await invoices(next.h)).find((i) => i.lines[0]?.starts_at === second.start_at);
    expect(kept?.status).toBe('due');
  });

  it('refuses a time off the grid, outside working hours or too soon, and a malformed body', async () => {
    const { h, body } = await freeSlot(alex, 'Wellington', 'Personal Training', 'Mere Tane', 9);
    const offGrid = { appointment: { ...body.appointment, start_at: new Date(Date.parse(body.appointment.start_at) + 5 * 60_000).toISOString() } };
    expect(await json(await alex.request('/api/v1/appointments', { method: 'POST', json: offGrid, headers: h }))).toMatchObject({ code: 'slot_unavailable' });
    const soon = { appointment: { ...body.appointment, start_at: new Date(clock.now().getTime() + 30 * 60_000).toISOString() } };
    expect((await alex.request('/api/v1/appointments', { method: 'POST', json: soon, headers: h })).status).toBe(409);
    const bad = await alex.request('/api/v1/appointments', { method: 'POST', json: { appointment: { service_id: 'x' } }, headers: h });
    expect(bad.status).toBe(422);
    expect(await json(bad)).toMatchObject({ code: 'validation_failed' });
  });

  it('lists the coming appointments; cancels freely outside 24 hours (a pass visit given back), late only when asked inside them', async () => {
    const kai = await signedIn(server, KAI);
    const { db } = server.running;
    const passVisits = async () => (await db.selectFrom('passes').innerJoin('members_profiles', 'members_profiles.id', 'passes.profile_id').select('passes.visits_used').where('members_profiles.email', '=', KAI).executeTakeFirstOrThrow()).visits_used;
    const { h, body } = await freeSlot(kai, 'Tallinn Old Town', 'Personal Training', 'Rasmus Kivi', 4);
    const held = await json<Appointment>(await kai.request('/api/v1/appointments', { method: 'POST', json: body, headers: h }));
    expect((await kai.put(`/api/v1/appointments/${held.id}/book`, {})).status).toBe(200);
    const listed = await json<Appointment[]>(await kai.get('/api/v1/appointments', { headers: h }));
    expect(listed.map((a) => a.id)).toContain(held.id);
    const used = await passVisits();
    // Three days ahead: a plain cancel; the pass visit comes back; the time is free again.
    expect(await json(await kai.put(`/api/v1/appointments/${held.id}/latecancel`, {}))).toMatchObject({ code: 'late_cancel_not_needed' });
    expect(await json(await kai.put(`/api/v1/appointments/${held.id}/cancel`, {}))).toMatchObject({ status: 'cancelled' });
    expect(await passVisits()).toBe(used - 1);
    expect((await json<Appointment[]>(await kai.get('/api/v1/appointments', { headers: h }))).map((a) => a.id)).not.toContain(held.id);
    const again = await kai.request('/api/v1/appointments', { method: 'POST', json: body, headers: h });
    expect(again.status).toBe(201);
    const second = await json<Appointment>(again);
    expect((await kai.put(`/api/v1/appointments/${second.id}/book`, {})).status).toBe(200);
    // Within 24 hours of the start: only a late cancel, and the visit stays used.
    clock.advance(Date.parse(second.start_at) - clock.now().getTime() - 20 * 3_600_000);
    const before = await passVisits();
    expect(await json(await kai.put(`/api/v1/appointments/${second.id}/cancel`, {}))).toMatchObject({ code: 'late_cancel_required' });
    expect(await json(await kai.put(`/api/v1/appointments/${second.id}/latecancel`, {}))).toMatchObject({ status: 'cancelled' });
    expect(await passVisits()).toBe(before);
    const row = await db.selectFrom('appointments').select('late_cancelled').where('id', '=', second.id).executeTakeFirstOrThrow();
    expect(row.late_cancelled).toBe(1);
    expect(await json(await kai.put(`/api/v1/appointments/${second.id}/latecancel`, {}))).toMatchObject({ code: 'not_cancelable' });
  });

  it('staff cannot move an appointment onto time its staff member already gives someone', async () => {
    const { db } = server.running;
    const mere = await db.selectFrom('staff').select('id').where('full_name', '=', 'Mere Tane').executeTakeFirstOrThrow();
    const [first, second] = await db.selectFrom('appointments').select(['id', 'start_at']).where('staff_id', '=', mere.id).where('status', '=', 'booked').orderBy('start_at').limit(2).execute();
    const clash = await admin(server, `/admin/appointments/${first!.id}/move`, { start_at: second!.start_at });
    expect(clash.status).toBe(409);
    expect(await json(clash)).toMatchObject({ code: 'slot_unavailable' });
    expect((await db.selectFrom('appointments').select('start_at').where('id', '=', first!.id).executeTakeFirstOrThrow()).start_at).toBe(first!.start_at);
  });

  it('moves a hold or a booking to another free time or person, never to a taken one, never another service', async () => {
    const first = await freeSlot(alex, 'Petone', 'Personal Training', 'Rangi Walker', 0);
    const later = await freeSlot(alex, 'Petone', 'Personal Training', 'Rangi Walker', 8);
    const held = await json<Appointment>(await alex.request('/api/v1/appointments', { method: 'POST', json: first.body, headers: first.h }));
    const moved = await alex.put(`/api/v1/appointments/${held.id}`, { appointment: { start_at: later.slot.start_at } });
    expect(moved.status).toBe(200);
    expect(await json(moved)).toMatchObject({ id: held.id, status: 'held', start_at: later.slot.start_at });
    // The first time is free again; the new one is not.
    expect((await sam.request('/api/v1/appointments', { method: 'POST', json: first.body, headers: first.h })).status).toBe(201);
    expect((await sam.request('/api/v1/appointments', { method: 'POST', json: later.body, headers: later.h })).status).toBe(409);
    // Onto Sam's hold: refused, and the appointment stays where it was.
    const clash = await alex.put(`/api/v1/appointments/${held.id}`, { appointment: { start_at: first.slot.start_at } });
    expect(await json(clash)).toMatchObject({ code: 'slot_unavailable' });
    expect(await json<Appointment>(await alex.get(`/api/v1/appointments/${held.id}`))).toMatchObject({ start_at: later.slot.start_at });
    const service = await alex.put(`/api/v1/appointments/${held.id}`, { appointment: { service_id: 1, start_at: later.slot.start_at } });
    expect(service.status).toBe(422);
    expect((await sam.put(`/api/v1/appointments/${held.id}`, { appointment: { start_at: first.slot.start_at } })).status).toBe(404);
    // Booked, and then within 24 hours of it: no more moving.
    expect((await alex.put(`/api/v1/appointments/${held.id}/book`, {})).status).toBe(200);
    clock.advance(Date.parse(later.slot.start_at) - clock.now().getTime() - 3_600_000);
    expect(await json(await alex.put(`/api/v1/appointments/${held.id}`, { appointment: { start_at: first.slot.start_at } }))).toMatchObject({ code: 'reschedule_closed' });
  });
});
