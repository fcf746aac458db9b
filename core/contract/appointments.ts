// Appointments (GET /appointments/{id}).
import * as z from 'zod/mini';
import { iso } from './common';

export const appointmentStatus = z.enum(['held', 'booked', 'cancelled', 'expired']);
export type AppointmentStatus = z.infer<typeof appointmentStatus>;

export const appointment = z.object({
  id: z.number(),
  start_at: iso,
  service: z.object({ name: z.string() }),
  staff: z.object({ full_name: z.string() }),
  status: appointmentStatus,
  facility_guid: z.optional(z.string()),
  updated_at: z.optional(iso),
  /** A held appointment keeps its slot until then. */
  hold_expires_at: z.optional(z.nullable(iso)),
});
export type Appointment = z.infer<typeof appointment>;

// The catalogue (GET /services, /services/{id}, /staff, /staff/{id}/availability).

/** What a facility offers one to one; the price in the facility's currency (a decimal amount). */
export const service = z.object({
  id: z.number(),
  name: z.string(),
  description: z.nullable(z.string()),
  duration_minutes: z.number(),
  price: z.number(),
  currency: z.string(),
  /** Membership plans and pass types (by name) that pay for it. */
  covered_by: z.object({ memberships: z.array(z.string()), passes: z.array(z.string()) }),
});
export type Service = z.infer<typeof service>;

export const staffMember = z.object({
  id: z.number(),
  full_name: z.string(),
  bio: z.nullable(z.string()),
  photo_url: z.nullable(z.string()),
  /** The services this person gives at the facility asked about. */
  service_ids: z.array(z.number()),
});
export type StaffMember = z.infer<typeof staffMember>;

export const appointmentSlot = z.object({ start_at: iso, available: z.boolean() });
export type AppointmentSlot = z.infer<typeof appointmentSlot>;
