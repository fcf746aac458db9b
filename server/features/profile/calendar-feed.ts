import { TZDate } from '@date-fns/tz';
import { Hono } from 'hono';
import ical, { ICalAlarmType } from 'ical-generator';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AppEnv } from '../../http/context';
import { formatWhen } from '../notifications/messages';
import { vtimezone } from './vtimezone';

// The member's calendar feed, GET /calendar/{calendar_token}.ics (see docs/decisions.md#calendar-feed):
// booked classes (course classes included) and appointments from 30 days back to 180 ahead, so a
// calendar app subscribed to it follows bookings as they change. No session: the secret token in
// the URL is the key (activate and disable on /api/v1/profile). Each event is written in its
// facility's time zone (TZID, with a VTIMEZONE for each zone used), as the studio's timetable reads.
// Each class has a reminder an hour before and, while a cancel is still free, one when free
// cancellation ends.

const PAST_DAYS = 30;
const AHEAD_DAYS = 180;
const REMINDER_SECONDS = 60 * 60;
const TOKEN = /^[A-Za-z0-9_-]{16,200}$/;

export function calendarFeedRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/:file', async (c) => {
    const { db, now } = c.get('deps');
    const file = c.req.param('file');
    const token = file.endsWith('.ics') ? file.slice(0, -4) : '';
    const member = TOKEN.test(token) ? await db.selectFrom('members_profiles').select(['id', 'full_name']).where('calendar_token', '=', token).executeTakeFirst() : undefined;
    if (!member) return c.text('No such calendar. It may have been turned off in the app.', 404);
    const body = await memberCalendar(db, member.id, member.full_name, now());
    return c.body(body, 200, {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': 'inline; filename="bookings.ics"',
      // Calendar apps poll; a private copy may be kept briefly, never by a shared cache.
      'Cache-Control': 'private, max-age=300',
    });
  });
  return routes;
}

/**
 * RFC 5545 TEXT escaping (backslash, semicolon, comma, line breaks). ical-generator escapes the
 * events' and alarms' texts itself but writes the calendar's NAME and X-WR-CALNAME as given, so a
 * name with a line break could add properties and events to the member's feed: those are escaped
 * here (calendar-feed.test.ts checks the texts the feed writes).
 */
function icalText(value: string): string {
  return value
    .replace(/[\\;,]/g, (c) => `\\${c}`)
    .replace(/\r\n|[\r\n\u2028\u2029\u0085]/g, '\\n')
    // TEXT has no other control characters (a tab is allowed).
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '');
}

export async function memberCalendar(db: Kysely<Database>, profileId: number, name: string, at: Date): Promise<string> {
  const from = new Date(at.getTime() - PAST_DAYS * 86_400_000).toISOString();
  const to = new Date(at.getTime() + AHEAD_DAYS * 86_400_000).toISOString();
  const calendar = ical({ name: icalText(`${name}: bookings`), prodId: { company: 'member-pwa', product: 'bookings', language: 'EN' }, ttl: 60 * 60 });
  // No calendar-wide zone (a member may book in several); each zone the events use gets its VTIMEZONE.
  calendar.timezone({ name: null, generator: (zone) => vtimezone(zone, new Date(from), new Date(to)) });
  const inZone = (iso: string, zone: string) => new TZDate(Date.parse(iso), zone);

  const classes = await db
    .selectFrom('visits')
    .innerJoin('sessions', 'sessions.id', 'visits.session_id')
    .innerJoin('facilities', 'facilities.id', 'sessions.facility_id')
    .innerJoin('orgs', 'orgs.id', 'facilities.org_id')
    .select(['visits.id', 'visits.updated_at', 'sessions.name', 'sessions.location', 'sessions.start_at', 'sessions.end_at', 'sessions.cancellation_close_at', 'sessions.online_url', 'facilities.name as facility', 'facilities.address', 'facilities.time_zone', 'orgs.name as org'])
    .where('visits.profile_id', '=', profileId)
    .where('visits.state', '=', 'booked')
    .where('sessions.cancelled', '=', 0)
    .where('sessions.start_at', '>=', from)
    .where('sessions.start_at', '<=', to)
    .orderBy('sessions.start_at')
    .execute();
  for (const row of classes) {
    const start = new Date(row.start_at);
    const freeUntil = new Date(row.cancellation_close_at);
    const lines = [`${row.org}, ${row.facility}`, `Starts ${formatWhen(row.start_at, row.time_zone)} (${row.facility} time).`];
    if (freeUntil < start) lines.push(`Free cancellation until ${formatWhen(row.cancellation_close_at, row.time_zone)}; after that a cancel counts as a visit.`);
    if (row.online_url) lines.push(`Online: ${row.online_url}`);
    const event = calendar.createEvent({
      id: `visit-${row.id}@member-pwa`,
      start: inZone(row.start_at, row.time_zone),
      end: inZone(row.end_at, row.time_zone),
      timezone: row.time_zone,
      summary: row.name,
      location: [row.location, row.facility, row.address].filter(Boolean).join(', '),
      description: lines.join('\n'),
      lastModified: new Date(row.updated_at),
      ...(row.online_url && { url: row.online_url }),
    });
    event.createAlarm({ type: ICalAlarmType.display, trigger: REMINDER_SECONDS, description: `${row.name} starts in an hour` });
    // Relative to the start: an absolute TRIGGER must be UTC, and ical-generator writes it in the event's zone.
    if (freeUntil < start && freeUntil > at) event.createAlarm({ type: ICalAlarmType.display, trigger: (start.getTime() - freeUntil.getTime()) / 1000, description: `Free cancellation for ${row.name} ends now` });
  }

  const appointments = await db
    .selectFrom('appointments')
    .innerJoin('facilities', 'facilities.id', 'appointments.facility_id')
    .innerJoin('orgs', 'orgs.id', 'facilities.org_id')
    .select(['appointments.id', 'appointments.updated_at', 'appointments.service_name', 'appointments.staff_name', 'appointments.start_at', 'appointments.end_at', 'facilities.name as facility', 'facilities.address', 'facilities.time_zone', 'orgs.name as org'])
    .where('appointments.profile_id', '=', profileId)
    .where('appointments.status', '=', 'booked')
    .where('appointments.start_at', '>=', from)
    .where('appointments.start_at', '<=', to)
    .orderBy('appointments.start_at')
    .execute();
  for (const row of appointments) {
    const start = new Date(row.start_at);
    const event = calendar.createEvent({
      id: `appointment-${row.id}@member-pwa`,
      start: inZone(row.start_at, row.time_zone),
      end: inZone(row.end_at ?? new Date(start.getTime() + 60 * 60_000).toISOString(), row.time_zone),
      timezone: row.time_zone,
      summary: `${row.service_name} with ${row.staff_name}`,
      location: [row.facility, row.address].filter(Boolean).join(', '),
      description: `${row.org}, ${row.facility}\nStarts ${formatWhen(row.start_at, row.time_zone)} (${row.facility} time).`,
      lastModified: new Date(row.updated_at),
    });
    event.createAlarm({ type: ICalAlarmType.display, trigger: REMINDER_SECONDS, description: `${row.service_name} starts in an hour` });
  }
  return calendar.toString();
}
