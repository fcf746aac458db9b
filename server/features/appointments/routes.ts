import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { pathId, requireFacility } from '../booking/http';
import { lockForDecision } from '../../db/index';
import { idempotent } from '../../http/idempotency';
import { readJson } from '../../http/validate';
import { presentAppointments, presentById } from './present';
import { bookHeld, cancelByMember, changeAppointment, holdSlot } from './holds';
import type { AppointmentRow, Database } from '../../db/schema';
import type { AppContext, AppEnv } from '../../http/context';
import { notFound } from '../../http/errors';
import { profileId, requireAuth } from '../../http/session';

// Appointments: hold a slot (POST /appointments), book it (PUT /appointments/{id}/book), read one
// (GET /appointments/{id}). Another member's appointment answers 404.

const holdBody = z.object(
  {
    appointment: z.object({
      service_id: z.number({ error: 'appointment.service_id must be a service id.' }).int().positive(),
      staff_id: z.number({ error: 'appointment.staff_id must be a staff id.' }).int().positive(),
      start_at: z.iso.datetime({ offset: true, error: 'appointment.start_at must be a date-time with an offset.' }),
    }),
  },
  { error: 'The request body must be {"appointment": {"service_id", "staff_id", "start_at"}}.' },
);

// Appointment update omits the service (SPEC): changing it is refused, not ignored.
const changeBody = z.object(
  {
    appointment: z
      .object({
        staff_id: z.number({ error: 'appointment.staff_id must be a staff id.' }).int().positive().optional(),
        start_at: z.iso.datetime({ offset: true, error: 'appointment.start_at must be a date-time with an offset.' }).optional(),
        service_id: z.undefined({ error: 'The service of an appointment cannot be changed: cancel it and book another.' }).optional(),
      })
      .refine((a) => a.staff_id !== undefined || a.start_at !== undefined, { error: 'Give appointment.start_at, appointment.staff_id or both.' }),
  },
  { error: 'The request body must be {"appointment": {"start_at", "staff_id"}}.' },
);

export async function loadAppointment(db: Kysely<Database>, id: number): Promise<{ row: AppointmentRow; facility: { guid: string; org_id: number; time_zone: string } } | undefined> {
  if (!Number.isSafeInteger(id) || id <= 0) return undefined;
  const row = await db.selectFrom('appointments').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const facility = await db.selectFrom('facilities').select(['guid', 'org_id', 'time_zone']).where('id', '=', row.facility_id).executeTakeFirstOrThrow();
  return { row, facility };
}

/**
 * A member's write to their appointment: idempotent, READ COMMITTED behind the member's row lock
 * (a staff member's time is guarded by staff_busy_blocks), answered with the appointment.
 */
function memberWrite(c: AppContext, status: 200 | 201, write: (trx: Kysely<Database>, me: number, now: Date) => Promise<AppointmentRow>): Promise<Response> {
  const me = profileId(c);
  const { now } = c.get('deps');
  return idempotent(
    c,
    me,
    async (trx) => {
      await lockForDecision(trx, 'members_profiles', [me]);
      const row = await write(trx, me, now());
      return { status, body: await presentById(trx, row) };
    },
    'read committed',
  );
}

export function appointmentRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use('*', requireAuth);

  // Holds a slot for the member (201, status 'held' until hold_expires_at); 409 slot_unavailable
  // when it is not free (any more).
  routes.post('/', async (c) => {
    const facility = requireFacility(c);
    const { appointment } = await readJson(c, holdBody);
    const wanted = { serviceId: appointment.service_id, staffId: appointment.staff_id, startAt: new Date(appointment.start_at) };
    return memberWrite(c, 201, (trx, me, now) => holdSlot(trx, facility, me, wanted, now));
  });

  // Books a held appointment (200), counting it against a membership or pass that covers it.
  routes.put('/:id/book', (c) => memberWrite(c, 200, (trx, me, now) => bookHeld(trx, me, pathId(c), now)));

  // Moves the member's appointment to another time or staff member (the service stays).
  routes.put('/:id', async (c) => {
    const { appointment } = await readJson(c, changeBody);
    const changes = { staffId: appointment.staff_id, startAt: appointment.start_at === undefined ? undefined : new Date(appointment.start_at) };
    return memberWrite(c, 200, (trx, me, now) => changeAppointment(trx, me, pathId(c), changes, now));
  });

  // Cancels the member's appointment: /cancel freely (a hold, or a booking more than 24 hours
  // ahead), /latecancel inside the window (confirmed in the app, as for classes).
  for (const asked of ['cancel', 'latecancel'] as const) {
    routes.put(`/:id/${asked}`, (c) => memberWrite(c, 200, (trx, me, now) => cancelByMember(trx, me, pathId(c), asked, now)));
  }

  // The member's coming appointments in the organisation (held and booked), soonest first.
  routes.get('/', async (c) => {
    const { db, now } = c.get('deps');
    const facility = requireFacility(c);
    const at = now().toISOString();
    const rows = await db
      .selectFrom('appointments')
      .innerJoin('facilities', 'facilities.id', 'appointments.facility_id')
      .selectAll('appointments')
      .where('appointments.profile_id', '=', profileId(c))
      .where('facilities.org_id', '=', facility.org_id)
      .where('appointments.start_at', '>=', at)
      .where((eb) => eb.or([eb('appointments.status', '=', 'booked'), eb.and([eb('appointments.status', '=', 'held'), eb('appointments.hold_expires_at', '>', at)])]))
      .orderBy('appointments.start_at')
      .orderBy('appointments.id')
      .execute();
    return c.json(await presentAppointments(db, rows));
  });

  routes.get('/:id', async (c) => {
    const found = await loadAppointment(c.get('deps').db, pathId(c));
    if (!found || found.row.profile_id !== profileId(c)) throw notFound('The appointment');
    return c.json(await presentById(c.get('deps').db, found.row));
  });

  return routes;
}
