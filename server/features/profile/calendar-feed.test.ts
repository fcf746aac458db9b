import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '../../../core/contract/types';
import { asVisit, facilityGuid, post, put, seededClasses } from '../../testing/booking-helpers';
import { admin } from '../../testing/notifications-helpers';
import { ALEX, Browser, json, SAM, signedIn, startTestServer, type TestServer } from '../../testing/helpers';

describe('calendar feed', () => {
  const seededAt = new Date();
  let server: TestServer;
  let alex: Browser;

  beforeAll(async () => {
    server = await startTestServer({ now: () => seededAt });
    alex = await signedIn(server, ALEX);
  });
  afterAll(() => server.close());

  const activate = async (browser: Browser) => (await json<Profile>(await browser.get('/api/v1/profile/activate_calendar'))).calendar_token!;
  const feed = (token: string) => new Browser(server.url).get(`/calendar/${token}.ics`, { appId: false });

  it('serves the member’s booked classes and appointments, with reminders, following bookings as they change', async () => {
    const token = await activate(alex);
    expect(token).toMatch(/^[\w-]{20,}$/);
    // Activating again keeps the address calendars are subscribed to.
    expect(await activate(alex)).toBe(token);

    const res = await feed(token);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('text/calendar; charset=utf-8');
    const ics = await res.text();
    expect(ics).toMatch(/^BEGIN:VCALENDAR/);
    const db = server.running.db;
    const alexId = (await db.selectFrom('members_profiles').select('id').where('email', '=', ALEX).executeTakeFirstOrThrow()).id;
    const booked = await db.selectFrom('visits').innerJoin('sessions', 'sessions.id', 'visits.session_id').select(['visits.id', 'sessions.start_at']).where('visits.profile_id', '=', alexId).where('visits.state', '=', 'booked').where('sessions.cancelled', '=', 0).execute();
    expect(booked.length).toBeGreaterThan(0);
    for (const visit of booked) expect(ics).toContain(`UID:visit-${visit.id}@member-pwa`);
    const appointment = await db.selectFrom('appointments').select('id').where('profile_id', '=', alexId).where('status', '=', 'booked').executeTakeFirst();
    if (appointment) expect(ics).toContain(`UID:appointment-${appointment.id}@member-pwa`);
    expect(ics).toContain('TRIGGER:-PT1H');
    // Nobody else's bookings.
    const samId = (await db.selectFrom('members_profiles').select('id').where('email', '=', SAM).executeTakeFirstOrThrow()).id;
    const samsOnly = await db.selectFrom('visits').select('id').where('profile_id', '=', samId).where('state', '=', 'booked').execute();
    for (const visit of samsOnly) expect(ics).not.toContain(`UID:visit-${visit.id}@`);

    // A new booking appears, with its free-cancellation alarm at the cancellation close; cancelled, it goes.
    const classes = seededClasses(db, seededAt);
    const session = await classes.barbellBasics('Wellington');
    const visit = await asVisit(await post(alex, `/api/v1/sessions/${session}/book`, {}, { 'X-Facility-Id': await facilityGuid(db, 'Wellington') }));
    const close = (await db.selectFrom('sessions').select('cancellation_close_at').where('id', '=', session).executeTakeFirstOrThrow()).cancellation_close_at;
    const withIt = await (await feed(token)).text();
    expect(withIt).toContain(`UID:visit-${visit.id}@member-pwa`);
    const start = (await db.selectFrom('sessions').select('start_at').where('id', '=', session).executeTakeFirstOrThrow()).start_at;
    const before = (Date.parse(start) - Date.parse(close)) / 60_000;
    const alarm = withIt.split('BEGIN:VALARM').find((a) => a.includes('DESCRIPTION:Free cancellation for Barbell Basics ends now'))!;
    expect(alarm).toContain(`TRIGGER:-P${before >= 1440 ? `${Math.floor(before / 1440)}D` : ''}T${Math.floor((before % 1440) / 60)}H${before % 60 ? `${before % 60}M` : ''}`);
    expect(withIt).toContain('Free cancellation until');
    await put(alex, `/api/v1/visits/${visit.id}/cancel`);
    expect(await (await feed(token)).text()).not.toContain(`UID:visit-${visit.id}@member-pwa`);
  });

  it('has the classes of a course the member enrols in, and follows an appointment staff move', async () => {
    const db = server.running.db;
    const token = await activate(alex);
    const wellington = { 'X-Facility-Id': await facilityGuid(db, 'Wellington') };
    const course = await db.selectFrom('courses').select(['id', 'name']).where('name', '=', "Beginners' Barbell").executeTakeFirstOrThrow();
    expect((await post(alex, `/api/v1/courses/${course.id}/enrol`, {}, wellington)).status).toBe(201);
    const alexId = (await db.selectFrom('members_profiles').select('id').where('email', '=', ALEX).executeTakeFirstOrThrow()).id;
    const courseVisits = await db.selectFrom('visits').innerJoin('sessions', 'sessions.id', 'visits.session_id').select('visits.id').where('visits.profile_id', '=', alexId).where('sessions.course_id', '=', course.id).execute();
    expect(courseVisits.length).toBeGreaterThan(1);
    const ics = await (await feed(token)).text();
    for (const visit of courseVisits) expect(ics).toContain(`UID:visit-${visit.id}@member-pwa`);
    expect(ics).toContain(`SUMMARY:${course.name}`);

    const appointment = await db.selectFrom('appointments').select(['id', 'start_at']).where('profile_id', '=', alexId).where('status', '=', 'booked').where('start_at', '>', seededAt.toISOString()).executeTakeFirstOrThrow();
    const moved = new Date(Date.parse(appointment.start_at) + 2 * 86_400_000);
    moved.setUTCMinutes(0, 0, 0);
    const res = await admin(server, `/admin/appointments/${appointment.id}/move`, { start_at: moved.toISOString() });
    expect(res.status).toBe(200);
    const after = await (await feed(token)).text();
    const event = after.split('BEGIN:VEVENT').find((e) => e.includes(`UID:appointment-${appointment.id}@member-pwa`))!;
    // In the facility's zone, at the wall-clock time the studio shows.
    const local = new TZDate(moved.getTime(), 'Pacific/Auckland');
    expect(event).toContain(`DTSTART;TZID=Pacific/Auckland:${format(local, "yyyyMMdd'T'HHmmss")}`);
    expect(after).toMatch(/BEGIN:VTIMEZONE\r\nTZID:Pacific\/Auckland\r\n/);
  });

  it('escapes every text it writes: a member’s or a class’s name with line breaks cannot add events or properties', async () => {
    const db = server.running.db;
    const sam = await signedIn(server, SAM);
    const token = await activate(sam);
    const samRow = await db.selectFrom('members_profiles').select(['id', 'full_name']).where('email', '=', SAM).executeTakeFirstOrThrow();
    // Written before names had to be one line (or by hand): the feed must still hold.
    const evil = 'Sam\r\nEND:VCALENDAR\r\nBEGIN:VEVENT\r\nSUMMARY:Free money;, \\o/\r\nEND:VEVENT';
    await db.updateTable('members_profiles').set({ full_name: evil }).where('id', '=', samRow.id).execute();
    const booked = await db.selectFrom('visits').innerJoin('sessions', 'sessions.id', 'visits.session_id').select(['sessions.id', 'sessions.name', 'sessions.location']).where('visits.profile_id', '=', samRow.id).where('visits.state', '=', 'booked').where('sessions.start_at', '>', seededAt.toISOString()).executeTakeFirstOrThrow();
    await db.updateTable('sessions').set({ name: 'CrossFit\r\nBEGIN:VALARM', location: 'Room 1\nEND:VEVENT' }).where('id', '=', booked.id).execute();
    try {
      const ics = await (await feed(token)).text();
      // Unfolded (long lines continue on lines starting with a space), every line is one property.
      const lines = ics.replace(/\r\n[ \t]/g, '').split('\r\n');
      const escaped = 'Sam\\nEND:VCALENDAR\\nBEGIN:VEVENT\\nSUMMARY:Free money\\;\\, \\\\o/\\nEND:VEVENT: bookings';
      expect(lines).toContain(`NAME:${escaped}`);
      expect(lines).toContain(`X-WR-CALNAME:${escaped}`);
      expect(lines.filter((line) => line === 'END:VCALENDAR')).toHaveLength(1);
      expect(lines.filter((line) => line.startsWith('SUMMARY:Free money'))).toEqual([]);
      expect(lines).toContain('SUMMARY:CrossFit\\nBEGIN:VALARM');
      expect(lines.some((line) => line.startsWith('LOCATION:Room 1\\nEND:VEVENT'))).toBe(true);
      expect(lines.filter((line) => line === 'BEGIN:VEVENT').length).toBe(lines.filter((line) => /^UID:(visit|appointment)-\d+@member-pwa$/.test(line)).length);
    } finally {
      await db.updateTable('members_profiles').set({ full_name: samRow.full_name }).where('id', '=', samRow.id).execute();
      await db.updateTable('sessions').set({ name: booked.name, location: booked.location }).where('id', '=', booked.id).execute();
    }
  });

  it('is revoked by disabling; activating again gives a new address; unknown or malformed tokens are 404', async () => {
    const token = await activate(alex);
    const disabled = await json<Profile>(await alex.get('/api/v1/profile/disable_calendar'));
    expect(disabled.calendar_token).toBeNull();
    expect((await feed(token)).status).toBe(404);
    const fresh = await activate(alex);
    expect(fresh).not.toBe(token);
    expect((await feed(fresh)).status).toBe(200);
    expect((await feed('x'.repeat(43))).status).toBe(404);
    expect((await new Browser(server.url).get('/calendar/..%2F..%2Fetc.ics', { appId: false })).status).toBe(404);
    expect((await new Browser(server.url).get(`/calendar/${fresh}`, { appId: false })).status).toBe(404);
  });
});
