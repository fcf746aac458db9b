// What other features' sync code may use of appointments: kept apart from public.ts so the
// service worker (through the notifications pull) never loads appointments' React screens.
import { db } from '../../data/db';
import { pullAppointment } from './pull';

/**
 * The studio moved or cancelled an appointment this device holds: fetch it now, so its page and
 * My bookings show the new time rather than a copy that is still "fresh" for a few minutes.
 */
export async function refreshAppointment(id: number): Promise<void> {
  const local = await db.appointments.get(id);
  if (local) await pullAppointment(id, local.facility_guid, { force: true });
}
