// Classes and visits (GET /sessions, /visits, /client_visits and the booking commands' answers).
import * as z from 'zod/mini';
import { iso } from './common';
import { whiteboardItem } from './training';

export const visitState = z.enum(['booked', 'attended', 'waitlisted', 'pending', 'cancelled']);
export type VisitState = z.infer<typeof visitState>;

export const instructor = z.object({ full_name: z.string(), substituted: z.boolean() });
export type Instructor = z.infer<typeof instructor>;

export const whiteboardVisibility = z.enum(['public', 'attending', 'other']);
export type WhiteboardVisibility = z.infer<typeof whiteboardVisibility>;

export const visitSummary = z.object({
  id: z.number(),
  state: visitState,
  late_cancelled: z.boolean(),
  /** For pending visits: the offer lapses at this time. */
  offer_expires_at: z.nullable(iso),
  /** A drop-in booking. */
  dropin: z.optional(z.boolean()),
  /** The waitlist offer lapsed unanswered and the visit was cancelled (state cancelled). */
  offer_expired: z.optional(z.boolean()),
  /** For waitlisted visits: the place in line, 1-based among those still waiting, first offered first. */
  waitlist_position: z.optional(z.nullable(z.number())),
});
export type VisitSummary = z.infer<typeof visitSummary>;

export const session = z.object({
  id: z.number(),
  facility_guid: z.string(),
  name: z.string(),
  description: z.nullable(z.string()),
  location: z.nullable(z.string()),
  start_date: iso,
  end_date: iso,
  booking_open_date: iso,
  booking_close_date: iso,
  cancellation_close_date: iso,
  cancelled: z.boolean(),
  full: z.boolean(),
  capacity: z.number(),
  /** Places taken: booked + attended + pending (an offered place is held). full = booked_count >= capacity. */
  booked_count: z.number(),
  /** Of booked_count, the places offered from the waitlist and awaiting confirmation. */
  offered_count: z.optional(z.number()),
  waitlist_count: z.number(),
  waitlists_on: z.boolean(),
  dropin_spaces: z.number(),
  droppedin_count: z.number(),
  online_url: z.nullable(z.string()),
  instructors: z.array(instructor),
  /** The programmed workouts; empty when the whiteboard is not visible to the member. */
  whiteboard_items: z.array(whiteboardItem),
  whiteboard_visibility: whiteboardVisibility,
  visit: z.nullable(visitSummary),
  /** The course the class is part of (its page links back to it); enrolled: the member is in it, and the course pays for the place. */
  course: z.optional(z.nullable(z.object({ id: z.number(), name: z.string(), enrolled: z.boolean() }))),
});
export type Session = z.infer<typeof session>;

/**
 * What a visit was counted against: visit, a booked place (given back by a timely cancel);
 * late_cancel, a late cancel (the place stays counted).
 */
export const visitCharge = z.object({
  kind: z.enum(['visit', 'late_cancel']),
  /** casual: no valid membership or pass with visits left; paid at the studio (a late cancel's fee is invoiced). */
  against: z.enum(['membership', 'pass', 'casual']),
  /** The membership or pass id; null for casual. */
  id: z.nullable(z.number()),
  name: z.nullable(z.string()),
  charged_at: iso,
});
export type VisitCharge = z.infer<typeof visitCharge>;

export const visit = z.object({
  id: z.number(),
  /** Same as session.id. */
  session_id: z.optional(z.number()),
  state: visitState,
  late_cancelled: z.boolean(),
  dropin: z.optional(z.boolean()),
  offer_expires_at: z.nullable(iso),
  /** The waitlist offer lapsed unanswered and the visit was cancelled. */
  offer_expired: z.optional(z.boolean()),
  /** Set when the visit was counted: booked, or late-cancelled. */
  charge: z.optional(z.nullable(visitCharge)),
  created_at: iso,
  updated_at: iso,
  session,
});
export type Visit = z.infer<typeof visit>;

export const sessionList = z.array(session);
export const visitList = z.array(visit);
