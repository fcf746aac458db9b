// Appointments (GET /appointments/{id}).
import * as z from 'zod/mini';
import { iso } from './common';

export const appointmentStatus = z.enum(['booked', 'cancelled']);
export type AppointmentStatus = z.infer<typeof appointmentStatus>;

export const appointment = z.object({
  id: z.number(),
  start_at: iso,
  service: z.object({ name: z.string() }),
  staff: z.object({ full_name: z.string() }),
  status: appointmentStatus,
  facility_guid: z.optional(z.string()),
  updated_at: z.optional(iso),
});
export type Appointment = z.infer<typeof appointment>;
