// Courses: the facility's courses with dates, price and places; enrolling books every class in
// one go or none (a full class, a started course, a second enrolment); of members racing for a
// course's last place exactly one gets it; another facility's course answers 404. On SQLite and,
// under npm run test:pg, PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Course, Invoice, Session } from '../../../core/contract/types';
import { ALEX, json, SAM, signedIn, startTestServer, type Browser, type TestServer } from '../../testing/helpers';
import { facilityGuid, lastPlacesRace } from '../../testing/booking-helpers';

describe('courses', () => {
  let server: TestServer;
  let alex: Browser;
  let sam: Browser;
  let wellington: Record<string, string>;
  const list = async (member: Browser, query = '') => json<Course[]>(await member.get(`/api/v1/courses${query}`, { headers: wellington }));
  const visitsIn = (course: Course, email: string) =>
    server.running.db
      .selectFrom('visits')
      .innerJoin('members_profiles', 'members_profiles.id', 'visits.profile_id')
      .select('visits.id')
      .where('members_profiles.email', '=', email)
      .where('visits.state', '=', 'booked')
      .where('visits.session_id', 'in', course.classes.map((c) => c.id))
      .execute();

  beforeAll(async () => {
    server = await startTestServer();
    [alex, sam] = await Promise.all([signedIn(server, ALEX), signedIn(server, SAM)]);
    wellington = { 'X-Facility-Id': await facilityGuid(server.running.db, 'Wellington') };
  });
  afterAll(() => server.close());

  it('lists the facility’s coming courses with dates, length, price and places', async () => {
    const courses = await list(alex);
    expect(courses.map((c) => c.name).sort()).toEqual(["Beginners' Barbell", 'Pre-natal Pilates']);
    // Soonest first.
    expect(courses.map((c) => c.first_class_date)).toEqual(courses.map((c) => c.first_class_date).sort());
    const barbell = courses.find((c) => c.name === "Beginners' Barbell")!;
    // SPEC §3 names the length of one class `duration` (in minutes).
    expect(barbell).toMatchObject({ price: 180, currency: 'NZD', duration: 60, places_left: 12, enrolled: false });
    expect(barbell).not.toHaveProperty('duration_minutes');
    expect(barbell.classes).toHaveLength(6);
    expect(barbell.first_class_date).toBe(barbell.classes[0]!.start_date);
    expect(barbell.last_class_date).toBe(barbell.classes[5]!.start_date);
    expect(Date.parse(barbell.classes[1]!.start_date) - Date.parse(barbell.classes[0]!.start_date)).toBeGreaterThanOrEqual(7 * 86_400_000 - 3_600_000);
    expect(await json<Course>(await alex.get(`/api/v1/courses/${barbell.id}`, { headers: wellington }))).toEqual(barbell);
    const petone = { 'X-Facility-Id': await facilityGuid(server.running.db, 'Petone') };
    expect((await alex.get(`/api/v1/courses/${barbell.id}`, { headers: petone })).status).toBe(404);
  });

  it('enrols by booking every class at once, shows the member as enrolled, and refuses a second time', async () => {
    const barbell = (await list(alex)).find((c) => c.name === "Beginners' Barbell")!;
    const res = await alex.request(`/api/v1/courses/${barbell.id}/enrol`, { method: 'POST', json: {}, headers: { ...wellington, 'Idempotency-Key': 'enrol-1' } });
    expect(res.status).toBe(201);
    expect(await json(res)).toMatchObject({ id: barbell.id, enrolled: true, places_left: 11 });
    expect(await visitsIn(barbell, ALEX)).toHaveLength(6);
    // The same request replayed: the same answer, nothing booked twice.
    const replay = await alex.request(`/api/v1/courses/${barbell.id}/enrol`, { method: 'POST', json: {}, headers: { ...wellington, 'Idempotency-Key': 'enrol-1' } });
    expect(replay.status).toBe(201);
    expect(await visitsIn(barbell, ALEX)).toHaveLength(6);
    expect(await json(await alex.request(`/api/v1/courses/${barbell.id}/enrol`, { method: 'POST', json: {}, headers: wellington }))).toMatchObject({ code: 'already_booked' });
    expect((await list(alex, '?enrolled=1')).map((c) => c.id)).toEqual([barbell.id]);
    expect(await list(sam, '?enrolled=1')).toEqual([]);
  });

  it('takes the course’s price as one invoice due at the studio, however often enrolling is replayed, and its classes name the course', async () => {
    const pilates = (await list(alex)).find((c) => c.name === 'Pre-natal Pilates')!;
    const courseInvoices = async () => (await json<Invoice[]>(await alex.get('/api/v1/invoices', { headers: wellington }))).filter((i) => i.lines.some((l) => l.kind === 'course' && l.name === 'Pre-natal Pilates'));
    expect(await courseInvoices()).toEqual([]);
    const key = { ...wellington, 'Idempotency-Key': 'enrol-pilates' };
    expect((await alex.request(`/api/v1/courses/${pilates.id}/enrol`, { method: 'POST', json: {}, headers: key })).status).toBe(201);
    expect((await alex.request(`/api/v1/courses/${pilates.id}/enrol`, { method: 'POST', json: {}, headers: key })).status).toBe(201);
    const invoices = await courseInvoices();
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ status: 'due', total: pilates.price, currency: pilates.currency, lines: [{ kind: 'course', name: 'Pre-natal Pilates', quantity: 1, price: pilates.price, starts_at: pilates.first_class_date }] });
    // Each of its classes says which course it is part of, and that the member is in it.
    const first = await json<Session>(await alex.get(`/api/v1/sessions/${pilates.classes[0]!.id}`, { headers: wellington }));
    expect(first.course).toEqual({ id: pilates.id, name: 'Pre-natal Pilates', enrolled: true });
    const forSam = await json<Session>(await sam.get(`/api/v1/sessions/${pilates.classes[0]!.id}`, { headers: wellington }));
    expect(forSam.course).toEqual({ id: pilates.id, name: 'Pre-natal Pilates', enrolled: false });
  });

  it('refuses the whole course when one of its classes is full, booking none', async () => {
    const pilates = (await list(sam)).find((c) => c.name === 'Pre-natal Pilates')!;
    await server.running.db.updateTable('sessions').set({ capacity: 0 }).where('id', '=', pilates.classes[3]!.id).execute();
    const res = await sam.request(`/api/v1/courses/${pilates.id}/enrol`, { method: 'POST', json: {}, headers: wellington });
    expect(res.status).toBe(409);
    expect(await json(res)).toMatchObject({ code: 'class_full' });
    expect(await visitsIn(pilates, SAM)).toHaveLength(0);
    expect((await list(sam)).find((c) => c.id === pilates.id)?.places_left).toBe(0);
  });

  it('gives a course’s last place to exactly one of many members enrolling at once', async () => {
    const barbell = (await list(alex)).find((c) => c.name === "Beginners' Barbell")!;
    await server.running.db.updateTable('courses').set({ capacity: 2 }).where('id', '=', barbell.id).execute();
    const race = await lastPlacesRace(server.running.db, 'course', 8, 50);
    const members = await Promise.all(race.emails.map((email) => signedIn(server, email)));
    const answers = await Promise.all(members.map((m, i) => m.request(`/api/v1/courses/${barbell.id}/enrol`, { method: 'POST', json: {}, headers: { ...wellington, 'Idempotency-Key': `course-${i}` } })));
    expect(answers.map((a) => a.status).filter((s) => s === 201)).toHaveLength(1);
    expect(answers.map((a) => a.status).filter((s) => s !== 201).every((s) => s === 409)).toBe(true);
    const enrolments = await server.running.db.selectFrom('course_enrolments').select('profile_id').where('course_id', '=', barbell.id).execute();
    expect(enrolments).toHaveLength(2);
  });
});
