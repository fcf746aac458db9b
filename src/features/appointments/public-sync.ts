// What other features' sync code may use of appointments: kept apart from public.ts so the
// service worker (through the notifications pull) never loads appointments' React screens.
import { db } from '../../data/db';
import { whenNoneQueuedFor } from '../../data/sync/outbox';
import { appointmentKey, pullAppointment } from './pull';

/**
 * The studio moved or cancelled an appointment this device holds: fetch it now, so its page and
 * My bookings show the new time rather than a copy that is still "fresh" for a few minutes.
 */
export async function refreshAppointment(id: number): Promise<void> {
  const local = await db.appointments.get(id);
  if (!local) return;
  // The member's own write of it may still be on its way (a reschedule the studio then moved): its
  // queued copy, then its answer, would keep this pull from writing, and the move would wait minutes.
  await whenNoneQueuedFor(appointmentKey(id));
  await pullAppointment(id, local.facility_guid, { force: true });
}
