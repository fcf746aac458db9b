import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { Appointment } from '../../../core/contract/types';
import { pathId } from '../booking/http';
import type { AppointmentRow, Database } from '../../db/schema';
import type { AppEnv } from '../../http/context';
import { notFound } from '../../http/errors';
import { profileId, requireAuth } from '../../http/session';

// Appointments (GET /appointments/{id}): only reading one so far, so
// appointment notifications open something real. Another member's appointment answers 404.

export function toAppointment(row: AppointmentRow, facilityGuid: string): Appointment {
  return {
    id: row.id,
    start_at: row.start_at,
    service: { name: row.service_name },
    staff: { full_name: row.staff_name },
    status: row.status,
    facility_guid: facilityGuid,
    updated_at: row.updated_at,
  };
}

export async function loadAppointment(db: Kysely<Database>, id: number): Promise<{ row: AppointmentRow; facility: { guid: string; org_id: number; time_zone: string } } | undefined> {
  if (!Number.isSafeInteger(id) || id <= 0) return undefined;
  const row = await db.selectFrom('appointments').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const facility = await db.selectFrom('facilities').select(['guid', 'org_id', 'time_zone']).where('id', '=', row.facility_id).executeTakeFirstOrThrow();
  return { row, facility };
}

export function appointmentRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use('*', requireAuth);

  routes.get('/:id', async (c) => {
    const found = await loadAppointment(c.get('deps').db, pathId(c));
    if (!found || found.row.profile_id !== profileId(c)) throw notFound('The appointment');
    return c.json(toAppointment(found.row, found.facility.guid));
  });

  return routes;
}
