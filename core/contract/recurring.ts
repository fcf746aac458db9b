// Recurring bookings ("book me into this class every week") and booking-open reminders.
import * as z from 'zod/mini';
import { iso } from './common';
import { session, visit } from './booking';

/** What the series did with one week's class: booked, waitlisted, already (the member had a place), or a refusal's error code. */
export const recurringAttempt = z.object({
  session_id: z.number(),
  start_date: iso,
  outcome: z.string(),
  at: iso,
});
export type RecurringAttempt = z.infer<typeof recurringAttempt>;

export const recurringBooking = z.object({
  id: z.number(),
  facility_guid: z.string(),
  /** The class's name: with the weekday and local time it is "the same class" every week. */
  name: z.string(),
  /** 0 = Sunday, in the facility's time zone. */
  weekday: z.number(),
  /** HH:mm in the facility's time zone. */
  local_time: z.string(),
  time_zone: z.string(),
  created_at: iso,
  stopped_at: z.nullable(iso),
  /** The latest week the series acted on, if any. */
  last: z.nullable(recurringAttempt),
});
export type RecurringBooking = z.infer<typeof recurringBooking>;

/**
 * What "Book every week" did at once with the class it was made from, answered with the series:
 * tried in the same request through the member's own booking path, so the member sees this week's
 * outcome in seconds, not at the weekly run's next minute.
 */
export const recurringFirstWeek = z.object({
  session_id: z.number(),
  /** booked, waitlisted, already (the member had a place), or the code of why not (booking_not_open: booked when booking opens). */
  outcome: z.string(),
  /** The class as it is now, the member's visit on it included. */
  session,
  /** The member's visit on the class after the attempt, if any. */
  visit: z.nullable(visit),
});
export type RecurringFirstWeek = z.infer<typeof recurringFirstWeek>;

/** POST /recurring_bookings answer: the series, and this week's class (absent from an older server). */
export const recurringBookingCreated = z.extend(recurringBooking, { this_week: z.optional(z.nullable(recurringFirstWeek)) });
export type RecurringBookingCreated = z.infer<typeof recurringBookingCreated>;

/** GET /recurring_bookings: the member's active series in the organisation of the facility in scope. */
export const recurringBookingList = z.array(recurringBooking);

/** POST /recurring_bookings body: every week like this class. */
export const recurringBookingBody = z.object(
  { session_id: z.number({ error: 'session_id must be a class id.' }).check(z.int('session_id must be a whole number.'), z.positive('session_id must be positive.')) },
  { error: 'The request body must be an object like {"session_id": 12}.' },
);
export type RecurringBookingBody = z.infer<typeof recurringBookingBody>;

/** A reminder sent when booking for a class opens (POST /sessions/{id}/reminder). */
export const bookingReminder = z.object({
  session_id: z.number(),
  /** When booking opens: the reminder is sent then. */
  fire_at: iso,
});
export type BookingReminder = z.infer<typeof bookingReminder>;

/** GET /reminders: the member's reminders not yet sent, in the organisation in scope. */
export const bookingReminderList = z.array(bookingReminder);
