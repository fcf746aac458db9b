import { TZDate } from '@date-fns/tz';
import { Hono } from 'hono';
import type { Kysely, Selectable } from 'kysely';
import { z } from 'zod';
import type { AppointmentSlot, Service, StaffMember } from '../../../core/contract/types';
import { appointmentSlots, type BusyInterval } from '../../../core/rules/appointments';
import type { Database, FacilityRow, ServicesTable } from '../../db/schema';
import type { AppEnv } from '../../http/context';
import { notFound } from '../../http/errors';
import { requireAuth } from '../../http/session';
import { pathId, readQuery, requireFacility } from '../booking/http';

// The appointment catalogue of the facility in X-Facility-Id: its services (GET /services,
// /services/{id}), the staff who give them there (GET /staff?service_id) and their free slots
// (GET /staff/{id}/availability?service_id&date&days). A service or staff member of another
// organisation, or one not working at this facility, answers 404 like an unknown id.

type Db = Kysely<Database>;
type ServiceRow = Selectable<ServicesTable>;

/** Availability is asked for at most this many days at once (a week strip and a bit). */
export const AVAILABILITY_MAX_DAYS = 14;

const serviceQuery = z.object({ service_id: z.coerce.number().int().positive().optional() });
const availabilityQuery = z.object({
  service_id: z.coerce.number({ error: 'service_id must be a service id.' }).int().positive(),
  date: z.iso.date({ error: 'date must be a date like 2026-05-01.' }).optional(),
  days: z.coerce.number().int().min(1).max(AVAILABILITY_MAX_DAYS, { error: `days must be 1 to ${AVAILABILITY_MAX_DAYS}.` }).optional(),
});

/** Services given at this facility: by staff who work here. */
function servicesHere(db: Db, facility: FacilityRow) {
  return db
    .selectFrom('services')
    .selectAll('services')
    .where('services.org_id', '=', facility.org_id)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('staff_services')
          .innerJoin('staff_hours', 'staff_hours.staff_id', 'staff_services.staff_id')
          .select('staff_services.staff_id')
          .whereRef('staff_services.service_id', '=', 'services.id')
          .where('staff_hours.facility_id', '=', facility.id),
      ),
    );
}

async function presentServices(db: Db, rows: readonly ServiceRow[], facility: FacilityRow): Promise<Service[]> {
  const coverage = rows.length === 0 ? [] : await db.selectFrom('service_coverage').selectAll().where('service_id', 'in', rows.map((r) => r.id)).execute();
  return rows.map((row) => {
    const own = coverage.filter((c) => c.service_id === row.id);
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      duration_minutes: row.duration_minutes,
      price: row.price_cents / 100,
      currency: facility.currency_code,
      covered_by: { memberships: own.filter((c) => c.kind === 'membership').map((c) => c.name).sort(), passes: own.filter((c) => c.kind === 'pass').map((c) => c.name).sort() },
    };
  });
}

export function serviceRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use('*', requireAuth);

  routes.get('/', async (c) => {
    const { db } = c.get('deps');
    const facility = requireFacility(c);
    const rows = await servicesHere(db, facility).orderBy('services.name').orderBy('services.id').execute();
    return c.json(await presentServices(db, rows, facility));
  });

  routes.get('/:id', async (c) => {
    const { db } = c.get('deps');
    const facility = requireFacility(c);
    const row = await servicesHere(db, facility).where('services.id', '=', pathId(c)).executeTakeFirst();
    if (!row) throw notFound('The service');
    const [service] = await presentServices(db, [row], facility);
    return c.json(service);
  });

  return routes;
}

/** Staff working at this facility (optionally: who give this service), with the services they give here. */
export async function staffHere(db: Db, facility: FacilityRow, filter: { serviceId?: number; staffId?: number }): Promise<StaffMember[]> {
  let query = db
    .selectFrom('staff')
    .selectAll('staff')
    .where('staff.org_id', '=', facility.org_id)
    .where((eb) => eb.exists(eb.selectFrom('staff_hours').select('staff_hours.id').whereRef('staff_hours.staff_id', '=', 'staff.id').where('staff_hours.facility_id', '=', facility.id)));
  if (filter.staffId !== undefined) query = query.where('staff.id', '=', filter.staffId);
  if (filter.serviceId !== undefined) {
    const serviceId = filter.serviceId;
    query = query.where((eb) => eb.exists(eb.selectFrom('staff_services').select('staff_services.staff_id').whereRef('staff_services.staff_id', '=', 'staff.id').where('staff_services.service_id', '=', serviceId)));
  }
  const rows = await query.orderBy('staff.full_name').orderBy('staff.id').execute();
  if (rows.length === 0) return [];
  const services = await db.selectFrom('staff_services').innerJoin('services', 'services.id', 'staff_services.service_id').select(['staff_services.staff_id', 'staff_services.service_id']).where('staff_services.staff_id', 'in', rows.map((r) => r.id)).where('services.org_id', '=', facility.org_id).execute();
  return rows.map((row) => ({
    id: row.id,
    full_name: row.full_name,
    bio: row.bio,
    photo_url: row.photo_url,
    service_ids: services.filter((s) => s.staff_id === row.id).map((s) => s.service_id).sort((a, b) => a - b),
  }));
}

/**
 * A staff member's slots at this facility for `days` from the local date `from`: working hours
 * here, minus their booked appointments and live holds anywhere (but `except`) and their leave.
 */
export async function availability(db: Db, facility: FacilityRow, who: { staffId: number; durationMinutes: number; except?: number }, from: string, days: number, at: Date): Promise<AppointmentSlot[]> {
  const { staffId } = who;
  const rangeStart = localMidnight(from, 0, facility.time_zone).toISOString();
  const rangeEnd = localMidnight(from, days, facility.time_zone).toISOString();
  const hours = await db.selectFrom('staff_hours').select(['weekday', 'start_time', 'end_time']).where('staff_id', '=', staffId).where('facility_id', '=', facility.id).execute();
  // Anything of theirs in the range, at any facility: one person is in one place at a time.
  let appointmentsQuery = db
    .selectFrom('appointments')
    .select(['start_at', 'end_at'])
    .where('staff_id', '=', staffId)
    .where((eb) => eb.or([eb('status', '=', 'booked'), eb.and([eb('status', '=', 'held'), eb('hold_expires_at', '>', at.toISOString())])]))
    .where('start_at', '<', rangeEnd)
    .where('start_at', '>=', new Date(Date.parse(rangeStart) - 86_400_000).toISOString());
  // An appointment being moved does not stand in its own way.
  if (who.except !== undefined) appointmentsQuery = appointmentsQuery.where('id', '<>', who.except);
  const appointments = await appointmentsQuery.execute();
  const leave = await db.selectFrom('staff_leave').select(['start_at', 'end_at']).where('staff_id', '=', staffId).where('start_at', '<', rangeEnd).where('end_at', '>', rangeStart).execute();
  const busy: BusyInterval[] = [
    ...appointments.map((a) => ({ start_at: a.start_at, end_at: a.end_at ?? new Date(Date.parse(a.start_at) + 60 * 60_000).toISOString() })),
    ...leave,
  ];
  return appointmentSlots({
    timeZone: facility.time_zone,
    from,
    days,
    durationMinutes: who.durationMinutes,
    hours: hours.map((h) => ({ weekday: h.weekday, start: h.start_time, end: h.end_time })),
    busy,
    now: at,
  });
}

/** Local midnight of `date` (YYYY-MM-DD) plus `days`, in the facility's time zone. */
function localMidnight(date: string, days: number, timeZone: string): Date {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  return new Date(new TZDate(y, m - 1, d + days, 0, 0, timeZone).getTime());
}

export function staffRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use('*', requireAuth);

  routes.get('/', async (c) => {
    const facility = requireFacility(c);
    const { service_id } = readQuery(c, serviceQuery);
    return c.json(await staffHere(c.get('deps').db, facility, { serviceId: service_id }));
  });

  routes.get('/:id/availability', async (c) => {
    const { db, now } = c.get('deps');
    const facility = requireFacility(c);
    const staffId = pathId(c);
    const query = readQuery(c, availabilityQuery);
    const [member] = await staffHere(db, facility, { staffId, serviceId: query.service_id });
    if (!member) throw notFound('The staff member');
    const service = await db.selectFrom('services').select(['duration_minutes']).where('id', '=', query.service_id).where('org_id', '=', facility.org_id).executeTakeFirst();
    if (!service) throw notFound('The service');
    const at = now();
    const from = query.date ?? new TZDate(at.getTime(), facility.time_zone).toISOString().slice(0, 10);
    const slots = await availability(db, facility, { staffId, durationMinutes: service.duration_minutes }, from, query.days ?? 7, at);
    return c.json(slots);
  });

  return routes;
}
