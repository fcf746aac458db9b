import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns/format';

// The English texts of notifications. Times are shown in the facility's time zone, the way
// the member sees the timetable.

/** "Tue 24 Nov at 6:30 AM" */
export function formatWhen(at: Date | string, timeZone: string): string {
  return format(new TZDate(new Date(at).getTime(), timeZone), "EEE d MMM 'at' h:mm a");
}

function localDate(at: Date | string, timeZone: string): string {
  return format(new TZDate(new Date(at).getTime(), timeZone), 'yyyy-MM-dd');
}

/**
 * "A place opened up in CrossFit on Tue 24 Nov at 6:30 AM. Confirm it before 8:30 AM."
 * The deadline names its day only when it is not today (in the facility's time zone).
 */
export function waitlistOfferMessage(className: string, startAt: string, offerExpiresAt: string | null, timeZone: string, now: Date): string {
  const opened = `A place opened up in ${className} on ${formatWhen(startAt, timeZone)}.`;
  if (!offerExpiresAt) return `${opened} Confirm it to keep it.`;
  const today = localDate(offerExpiresAt, timeZone) === localDate(now, timeZone);
  const deadline = today ? format(new TZDate(new Date(offerExpiresAt).getTime(), timeZone), 'h:mm a') : formatWhen(offerExpiresAt, timeZone);
  return `${opened} Confirm it before ${deadline}.`;
}

export function classCancelledMessage(className: string, startAt: string, timeZone: string, visitState: string): string {
  const what = `${className} on ${formatWhen(startAt, timeZone)} has been cancelled.`;
  if (visitState === 'waitlisted') return `${what} You have been taken off the waitlist.`;
  if (visitState === 'pending') return `${what} The place offered to you is no longer available.`;
  return `${what} Your booking was cancelled at no charge.`;
}

export function appointmentMovedMessage(service: string, staff: string, startAt: string, timeZone: string): string {
  return `Your ${service} with ${staff} has moved to ${formatWhen(startAt, timeZone)}.`;
}

export function appointmentCancelledMessage(service: string, staff: string, startAt: string, timeZone: string): string {
  return `Your ${service} with ${staff} on ${formatWhen(startAt, timeZone)} has been cancelled.`;
}

export const POST_MESSAGE_MAX = 140;

/** The post's first non-empty line, at most 140 characters (an ellipsis marks a cut). */
export function postMessage(content: string): string {
  const line = content.split(/\r?\n/).map((l) => l.trim()).find((l) => l !== '') ?? '';
  const chars = Array.from(line);
  return chars.length <= POST_MESSAGE_MAX ? line : `${chars.slice(0, POST_MESSAGE_MAX - 1).join('').trimEnd()}…`;
}

/** A booking-open reminder: "Booking is open for CrossFit on Tue 24 Nov at 6:30 AM." */
export function bookingOpenMessage(className: string, startAt: string, timeZone: string): string {
  return `Booking is open for ${className} on ${formatWhen(startAt, timeZone)}.`;
}

const RECURRING_REFUSALS: Record<string, string> = {
  no_concession: 'no membership or pass of yours covers it. Buy one to keep your weekly booking going',
  class_full: 'it is full and has no waitlist',
  class_cancelled: 'it has been cancelled',
  booking_closed: 'booking has closed',
};

/** What a weekly booking did with one week's class. */
export function recurringBookingMessage(className: string, startAt: string, timeZone: string, outcome: string): string {
  const what = `${className} on ${formatWhen(startAt, timeZone)}`;
  if (outcome === 'booked') return `Your weekly booking booked you into ${what}.`;
  if (outcome === 'waitlisted') return `${what} is full: your weekly booking put you on the waitlist.`;
  return `Your weekly booking could not book ${what}: ${RECURRING_REFUSALS[outcome] ?? 'it cannot be booked'}.`;
}
