// My bookings: coming appointments sit among the coming classes by time, each with its status;
// "Book an appointment" is at the top, and past visits are one tap away.
import { render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import appointmentsStrings from '../../../../locales/en-US/appointments.json';
import type { Session, VisitState } from '../../../../core/contract/types';
import type { StoredAppointment, StoredVisit } from '../../../data/db';

const HOUR = 3_600_000;
const NOW = Date.parse('2030-03-02T00:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

const state = vi.hoisted(() => ({ visits: [] as StoredVisit[], appointments: [] as StoredAppointment[] }));
vi.mock('../../../data/hooks/auth', () => ({
  useFacility: () => ({ guid: 'fac-1', org_id: 1, time_zone: 'UTC', name: 'Wellington' }),
  useCurrentAccount: () => ({ facilities: [{ guid: 'fac-1', name: 'Wellington' }] }),
}));
vi.mock('../hooks/visits', () => ({ useBookings: () => state.visits, useRefreshBookings: () => undefined }));
vi.mock('../../appointments/hooks', () => ({ useComingAppointments: () => state.appointments, useRefreshAppointments: () => undefined }));
vi.mock('../../../data/hooks/pending', () => ({ usePendingTouches: () => new Set<string>() }));
vi.mock('./use-now', () => ({ useNow: () => new Date(NOW) }));
vi.mock('./use-booking-actions', () => ({ useBookingActions: () => () => Promise.resolve() }));
vi.mock('./use-facility-names', () => ({ useOtherFacilityName: () => () => undefined }));
vi.mock('./RecurringList', () => ({ RecurringList: () => null }));

const { default: BookingsScreen } = await import('./BookingsScreen');

beforeAll(() => {
  i18next.addResourceBundle('en-US', 'appointments', appointmentsStrings);
});

function session(id: number, startMs: number): Session {
  return {
    id, facility_guid: 'fac-1', name: `Class ${id}`, description: null, location: null,
    start_date: iso(startMs), end_date: iso(startMs + HOUR), booking_open_date: iso(startMs - 7 * 24 * HOUR), booking_close_date: iso(startMs),
    cancellation_close_date: iso(startMs - 2 * HOUR), cancelled: false, full: false, capacity: 10, booked_count: 2, waitlist_count: 0,
    waitlists_on: true, dropin_spaces: 0, droppedin_count: 0, online_url: null, instructors: [], whiteboard_items: [],
    whiteboard_visibility: 'public', visit: null,
  };
}

function visit(id: number, startMs: number, visitState: VisitState = 'booked'): StoredVisit {
  return { id, state: visitState, session: session(id, startMs), session_id: id } as StoredVisit;
}

function appointment(id: number, startMs: number, status: 'booked' | 'held'): StoredAppointment {
  return {
    id, start_at: iso(startMs), end_at: iso(startMs + HOUR), service: { name: `Service ${id}` }, staff: { full_name: 'Jordan Lee' }, status, facility_guid: 'fac-1',
    hold_expires_at: status === 'held' ? iso(NOW + HOUR / 6) : null,
  };
}

describe('BookingsScreen', () => {
  it('lists coming appointments among coming classes by time, each with its status', () => {
    state.visits = [visit(1, NOW + 10 * HOUR), visit(2, NOW + 40 * HOUR, 'waitlisted')];
    state.appointments = [appointment(50, NOW + 5 * HOUR, 'held'), appointment(51, NOW + 20 * HOUR, 'booked')];
    render(<MemoryRouter><BookingsScreen /></MemoryRouter>);
    const rows = within(screen.getByTestId('bookings')).getAllByRole('listitem').filter((row) => row.matches('[data-testid="visit-row"], [data-testid="appointment-row"]'));
    expect(rows.map((row) => row.querySelector('.list-row__title')?.textContent)).toEqual(['Service 50', 'Class 1', 'Service 51', 'Class 2']);
    expect(rows[0]!.textContent).toContain('Held for you');
    expect(rows[2]!.textContent).toContain('Booked');
    expect(rows[2]!.textContent).toContain('Appointment with Jordan Lee');
    expect(within(rows[2]!).getByRole('link').getAttribute('href')).toBe('/appointments/51');
  });

  it('offers Book an appointment above the list and past visits', () => {
    state.visits = [visit(1, NOW + 10 * HOUR)];
    state.appointments = [];
    render(<MemoryRouter><BookingsScreen /></MemoryRouter>);
    const book = screen.getByRole('link', { name: 'Book an appointment' });
    expect(book.getAttribute('href')).toBe('/appointments/book');
    // Before the list in reading order: found without scrolling past the bookings.
    expect(book.compareDocumentPosition(screen.getByTestId('bookings')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Past visits' }).getAttribute('href')).toBe('/visits');
  });

  it('with nothing coming, offers both classes and appointments', () => {
    state.visits = [];
    state.appointments = [];
    render(<MemoryRouter><BookingsScreen /></MemoryRouter>);
    expect(screen.queryByTestId('bookings')).toBeNull();
    expect(screen.getByRole('link', { name: 'Browse classes' }).getAttribute('href')).toBe('/classes');
    expect(screen.getAllByRole('link', { name: 'Book an appointment' })[0]!.getAttribute('href')).toBe('/appointments/book');
  });
});
