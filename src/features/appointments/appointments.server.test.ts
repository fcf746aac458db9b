// Appointments offline-first against the real reference server on loopback: the catalogue and
// slots land in Dexie, a hold and a booking are written back there, cancel and reschedule queue
// through the outbox (sent once, rolled back with the reason when refused), a course enrolment
// books every class.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedUuid } from '../../../server/db/seed';
import { signIn } from '../../data/sign-in';
import { registerCommandOps } from '../ops';
import { db } from '../../data/db';
import { configureOutbox } from '../../data/sync/outbox';
import { flushOutbox } from '../../data/sync/replay';
import { setClock } from '../../data/clock';
import { resetDb } from '../../../tests/support/data-helpers';
import { isWrite, withRealServer, type TrafficWatch } from '../../../tests/support/real-server';
import { freeTimes } from '../../domain/appointments';
import { cancelAppointmentCommand, lateCancelAppointmentCommand, rescheduleAppointment } from './commands';
import { bookHold, holdChoice } from './holding';
import { pullAppointment, pullAppointments, pullCatalogue, pullSlotWeeks } from './pull';
import { enrol, pullCourses } from '../courses/pull';

const PASSWORD = 'demo1234';
const WELLINGTON = seedUuid('facility:harbour-wellington');
const DAY = 86_400_000;

const seededAt = Date.now();
const real = withRealServer('appointments', { now: () => new Date(seededAt), offerSweepIntervalMs: 3_600_000 });
const browser = real.browser;
const sent: { method: string; path: string; key: string | null }[] = [];
const watch: TrafficWatch = { write: (method, path, init) => sent.push({ method, path, key: new Headers(init?.headers).get('Idempotency-Key') }) };

registerCommandOps();

beforeEach(async () => {
  await flushOutbox().catch(() => undefined);
  await resetDb();
  sent.length = 0;
  real.connect(watch);
  configureOutbox({ now: () => Date.now(), random: () => 0.5, baseMs: 1_000, capMs: 300_000 });
  setClock(() => seededAt);
});

afterEach(async () => {
  browser.unreachable = null;
  await flushOutbox({ ignoreBackoff: true }).catch(() => undefined);
  setClock(null);
});

/** Personal Training (60 min) at Wellington, who gives it, and their free times from `daysAhead`. */
async function ptTimes(daysAhead: number) {
  await pullCatalogue(WELLINGTON, { force: true });
  const service = (await db.services.where('facility_guid').equals(WELLINGTON).toArray()).find((s) => s.name === 'Personal Training')!;
  const staff = (await db.staff.where('facility_guid').equals(WELLINGTON).toArray()).filter((s) => s.service_ids.includes(service.id));
  const from = new Date(seededAt + daysAhead * DAY).toISOString().slice(0, 10);
  const weeks = [];
  for (const person of staff) {
    await pullSlotWeeks(WELLINGTON, [person.id], service.id, from, { force: true });
    const row = await db.slots.get(`${WELLINGTON}:${person.id}:${service.id}:${from}`);
    weeks.push({ staffId: person.id, slots: row!.slots });
  }
  return { service, staff, times: freeTimes(weeks, seededAt) };
}

async function bookFirstFree(daysAhead: number) {
  const { service, times } = await ptTimes(daysAhead);
  const time = times[0]!;
  const held = await holdChoice({ guid: WELLINGTON, serviceId: service.id, staffId: time.staffIds[0]!, startAt: time.start_at }, crypto.randomUUID());
  return bookHold(held.id, WELLINGTON, crypto.randomUUID());
}

async function serverRow(id: number) {
  return real.server.db.selectFrom('appointments').select(['status', 'start_at', 'late_cancelled']).where('id', '=', id).executeTakeFirstOrThrow();
}

describe('appointments against the server', () => {
  it('the catalogue and a week of slots land on the device; a hold says what will pay, the booking what did', async () => {
    await signIn('demo@example.com', PASSWORD);
    const { service, staff, times } = await ptTimes(3);
    expect(service).toMatchObject({ duration_minutes: 60, facility_guid: WELLINGTON });
    expect(staff.length).toBeGreaterThan(0);
    expect(times.length).toBeGreaterThan(0);
    const time = times[0]!;
    const held = await holdChoice({ guid: WELLINGTON, serviceId: service.id, staffId: time.staffIds[0]!, startAt: time.start_at }, crypto.randomUUID());
    expect(held).toMatchObject({ status: 'held', service_id: service.id, concession: { kind: expect.stringMatching(/membership|pass|casual/) } });
    expect(await db.appointments.get(held.id)).toMatchObject({ status: 'held', facility_guid: WELLINGTON });
    const booked = await bookHold(held.id, WELLINGTON, crypto.randomUUID());
    expect(booked.status).toBe('booked');
    expect(booked.concession?.kind).not.toBe('casual');
    await pullAppointments(WELLINGTON, { force: true });
    expect(await db.appointments.get(held.id)).toMatchObject({ status: 'booked' });
  });

  it('the coming appointments already booked (the seeded one) land on a fresh device with one pull, for My bookings', async () => {
    await signIn('demo@example.com', PASSWORD);
    expect(await db.appointments.count()).toBe(0);
    await pullAppointments(WELLINGTON, { force: true });
    // Alex's seeded Personal Training (and any booked by the tests before).
    expect(await db.appointments.toArray()).toEqual(expect.arrayContaining([expect.objectContaining({ staff: { full_name: 'Mere Tane' }, status: 'booked', facility_guid: WELLINGTON, service: { name: 'Personal Training' } })]));
  });

  it('cancelled offline: shown at once, sent once when back, the server agrees', async () => {
    await signIn('demo@example.com', PASSWORD);
    const booked = await bookFirstFree(5);
    sent.length = 0;
    browser.unreachable = () => true;
    await cancelAppointmentCommand(booked.id);
    expect(await db.appointments.get(booked.id)).toMatchObject({ status: 'cancelled' });
    expect(await flushOutbox()).toMatchObject({ outcome: 'retry', sent: 0 });
    browser.unreachable = null;
    expect(await flushOutbox({ ignoreBackoff: true })).toMatchObject({ outcome: 'idle', sent: 1 });
    expect(sent.filter((s) => s.path.endsWith(`/appointments/${booked.id}/cancel`))).toHaveLength(1);
    expect(await serverRow(booked.id)).toMatchObject({ status: 'cancelled' });
    expect(await db.appointments.get(booked.id)).toMatchObject({ status: 'cancelled' });
  });

  it('a reschedule onto a time taken meanwhile is refused: the appointment goes back where it was, with a notice', async () => {
    await signIn('demo@example.com', PASSWORD);
    const booked = await bookFirstFree(6);
    const { service, times } = await ptTimes(6);
    const other = times.find((t) => t.staffIds.includes(booked.staff_id!))!;
    browser.unreachable = isWrite;
    await rescheduleAppointment(booked.id, { startAt: other.start_at, staffId: booked.staff_id! });
    expect((await db.appointments.get(booked.id))?.start_at).toBe(other.start_at);
    // Someone else takes that time at the studio's desk before the move is sent.
    const sam = (await real.server.db.selectFrom('members_profiles').select('id').where('email', '=', 'sam@example.com').executeTakeFirstOrThrow()).id;
    const facility = (await real.server.db.selectFrom('facilities').selectAll().where('guid', '=', WELLINGTON).executeTakeFirstOrThrow());
    const { holdSlot } = await import('../../../server/features/appointments/holds');
    await holdSlot(real.server.db, facility, sam, { serviceId: service.id, staffId: booked.staff_id!, startAt: new Date(other.start_at) }, new Date(seededAt));
    browser.unreachable = null;
    expect(await flushOutbox({ ignoreBackoff: true })).toMatchObject({ rejected: 1 });
    expect((await db.appointments.get(booked.id))?.start_at).toBe(booked.start_at);
    expect((await db.notices.toArray()).map((n) => n.code)).toContain('slot_unavailable');
    expect((await serverRow(booked.id)).start_at).toBe(booked.start_at);
  });

  it('inside 24 hours only a late cancel is taken, and the device says so before queueing anything', async () => {
    await signIn('demo@example.com', PASSWORD);
    const booked = await bookFirstFree(2);
    // The appointment is now three hours away.
    const soon = new Date(seededAt + 3 * 3_600_000).toISOString();
    await real.server.db.updateTable('appointments').set({ start_at: soon, end_at: new Date(Date.parse(soon) + 3_600_000).toISOString() }).where('id', '=', booked.id).execute();
    await pullAppointment(booked.id, WELLINGTON, { force: true });
    expect((await db.appointments.get(booked.id))?.start_at).toBe(soon);
    await expect(cancelAppointmentCommand(booked.id)).rejects.toMatchObject({ code: 'late_cancel_required' });
    await expect(rescheduleAppointment(booked.id, { startAt: new Date(seededAt + 5 * DAY).toISOString() })).rejects.toMatchObject({ code: 'reschedule_closed' });
    expect(await db.outbox.count()).toBe(0);
    await lateCancelAppointmentCommand(booked.id);
    await flushOutbox({ ignoreBackoff: true });
    expect(await serverRow(booked.id)).toMatchObject({ status: 'cancelled', late_cancelled: 1 });
  });

  it('enrolling in a course books every class and shows it enrolled', async () => {
    await signIn('demo@example.com', PASSWORD);
    await pullCourses(WELLINGTON, { force: true });
    const course = (await db.courses.where('facility_guid').equals(WELLINGTON).toArray()).find((c) => !c.enrolled && c.places_left > 0)!;
    const answer = await enrol(course, crypto.randomUUID());
    expect(answer).toMatchObject({ enrolled: true, places_left: course.places_left - 1 });
    expect(await db.courses.get(course.id)).toMatchObject({ enrolled: true });
    const me = (await real.server.db.selectFrom('members_profiles').select('id').where('email', '=', 'demo@example.com').executeTakeFirstOrThrow()).id;
    const visits = await real.server.db.selectFrom('visits').select('session_id').where('profile_id', '=', me).where('session_id', 'in', course.classes.map((c) => c.id)).where('state', '=', 'booked').execute();
    expect(visits).toHaveLength(course.classes.length);
  });
});
