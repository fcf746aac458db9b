import { apiRequest } from '../../data/api/client';
import type { ReadOptions, WriteOptions } from '../../data/api/account';
import type { BookingReminder, RecurringBooking, RecurringBookingCreated, Session, Visit } from '../../../core/contract/types';

// facility's organisation; writes answer with the visit and its class embedded.

export interface SessionRange {
  /** Start of the range (ISO instant or yyyy-MM-dd); the server defaults to today. */
  start_date?: string;
  /** End of the range; the server defaults to a week after the start and allows at most 62 days. */
  end_date?: string;
}

export function getSessions(range: SessionRange, options: ReadOptions): Promise<Session[]> {
  return apiRequest<Session[]>('GET', '/sessions', { ...options, schema: 'sessionList', query: { start_date: range.start_date, end_date: range.end_date } });
}

export function getSession(id: number, options: ReadOptions): Promise<Session> {
  return apiRequest<Session>('GET', `/sessions/${id}`, { ...options, schema: 'session' });
}

export function bookSession(id: number, options: WriteOptions): Promise<Visit> {
  return apiRequest<Visit>('POST', `/sessions/${id}/book`, { ...options, body: {} });
}

export function joinWaitlist(id: number, options: WriteOptions): Promise<Visit> {
  return apiRequest<Visit>('POST', `/sessions/${id}/waitlist`, { ...options, body: {} });
}

export function dropIn(id: number, options: WriteOptions): Promise<Visit> {
  return apiRequest<Visit>('POST', `/sessions/${id}/dropin`, { ...options, body: {} });
}

/** The member's visits in the organisation of the facility in scope, newest first. */
export function getVisits(options: ReadOptions): Promise<Visit[]> {
  return apiRequest<Visit[]>('GET', '/visits', { ...options, schema: 'visitList' });
}

/** Upcoming booked, waitlisted and pending visits in the organisation of the facility in scope. */
export function getBookings(options: ReadOptions): Promise<Visit[]> {
  return apiRequest<Visit[]>('GET', '/visits/bookings', { ...options, schema: 'visitList' });
}

export function getVisit(id: number, options: ReadOptions): Promise<Visit> {
  return apiRequest<Visit>('GET', `/visits/${id}`, { ...options, schema: 'visit' });
}

export function getClientVisits(options: ReadOptions): Promise<Visit[]> {
  return apiRequest<Visit[]>('GET', '/client_visits', { ...options, schema: 'visitList' });
}

export function getClientVisit(id: number, options: ReadOptions): Promise<Visit> {
  return apiRequest<Visit>('GET', `/client_visits/${id}`, { ...options, schema: 'visit' });
}

/** Cancels a booking, or removes a waitlist place. */
export function cancelVisit(id: number, options: WriteOptions): Promise<Visit> {
  return apiRequest<Visit>('PUT', `/visits/${id}/cancel`, { ...options, body: {} });
}

/** Cancels inside the late-cancel window; counts against the membership or pass (see docs/decisions.md#late-cancel). */
export function lateCancelVisit(id: number, options: WriteOptions): Promise<Visit> {
  return apiRequest<Visit>('PUT', `/visits/${id}/latecancel`, { ...options, body: {} });
}

export function confirmVisit(id: number, options: WriteOptions): Promise<Visit> {
  return apiRequest<Visit>('PUT', `/visits/${id}/confirm`, { ...options, body: {} });
}

export function declineVisit(id: number, options: WriteOptions): Promise<Visit> {
  return apiRequest<Visit>('PUT', `/visits/${id}/decline`, { ...options, body: {} });
}


/** The member's weekly bookings in the organisation of the facility in scope. */
export function getRecurringBookings(options: ReadOptions): Promise<RecurringBooking[]> {
  return apiRequest<RecurringBooking[]>('GET', '/recurring_bookings', { ...options, schema: 'recurringBookingList' });
}

/** Every week like this class (the same series answers again, 200). */
export function createRecurringBooking(sessionId: number, options: WriteOptions): Promise<RecurringBookingCreated> {
  return apiRequest<RecurringBookingCreated>('POST', '/recurring_bookings', { ...options, body: { session_id: sessionId } });
}

export function stopRecurringBooking(id: number, options: WriteOptions): Promise<void> {
  return apiRequest<void>('DELETE', `/recurring_bookings/${id}`, options);
}

export function getReminders(options: ReadOptions): Promise<BookingReminder[]> {
  return apiRequest<BookingReminder[]>('GET', '/reminders', { ...options, schema: 'bookingReminderList' });
}

export function addReminder(sessionId: number, options: WriteOptions): Promise<BookingReminder> {
  return apiRequest<BookingReminder>('POST', `/sessions/${sessionId}/reminder`, { ...options, body: {} });
}

export function removeReminder(sessionId: number, options: WriteOptions): Promise<void> {
  return apiRequest<void>('DELETE', `/sessions/${sessionId}/reminder`, options);
}
