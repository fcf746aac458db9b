// Appointments (GET /appointments/{id}).
import * as z from 'zod/mini';
import { iso } from './common';

export const appointmentStatus = z.enum(['held', 'booked', 'cancelled', 'expired']);
export type AppointmentStatus = z.infer<typeof appointmentStatus>;

/**
 * What pays for an appointment: on a hold, what booking it would use (visits_left before it); once
 * booked, what it used (visits_left after it). 'casual': nothing the member has covers it.
 */
export const appointmentConcession = z.object({
  kind: z.enum(['membership', 'pass', 'casual']),
  name: z.nullable(z.string()),
  visits_total: z.nullable(z.number()),
  visits_left: z.nullable(z.number()),
});
export type AppointmentConcession = z.infer<typeof appointmentConcession>;

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
  // Present on appointments made from the catalogue (all but a few made before it).
  service_id: z.optional(z.nullable(z.number())),
  staff_id: z.optional(z.nullable(z.number())),
  end_at: z.optional(z.nullable(iso)),
  price: z.optional(z.nullable(z.number())),
  currency: z.optional(z.string()),
  late_cancelled: z.optional(z.boolean()),
  concession: z.optional(z.nullable(appointmentConcession)),
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

export const appointmentList = z.array(appointment);
export const serviceList = z.array(service);
export const staffList = z.array(staffMember);
export const appointmentSlotList = z.array(appointmentSlot);
