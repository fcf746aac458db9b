// "Book every week" on a class: the member's series for it is found even when the device made its
// guess in another zone (a facility not yet on the device is worked in UTC): the class shows the
// series, never "Book every week" again for a class already booked every week.
import { render, renderHook, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { Session } from '../../../../core/contract/types';
import type { StoredRecurringBooking } from '../../../data/db';
import { useFormat } from '../../../i18n/useFormat';

const state = vi.hoisted(() => ({ series: [] as StoredRecurringBooking[] }));
vi.mock('../hooks/recurring', () => ({
  useOrgId: () => 1,
  useRecurringBookings: () => state.series,
  useRefreshRecurring: () => undefined,
  useReminder: () => null,
}));
vi.mock('../recurring-commands', () => ({ bookEveryWeek: vi.fn(), stopEveryWeek: vi.fn(), remindMe: vi.fn(), cancelReminder: vi.fn() }));

const { EveryWeek } = await import('./BookingHelp');

const ZONE = 'Pacific/Auckland';
// Saturday 28 November 2026, 12:00 in Auckland (23:00 on Friday in UTC).
const START = '2026-11-27T23:00:00.000Z';
const NOW = new Date('2026-11-27T12:00:00.000Z');

function hiit(): Session {
  return {
    id: 9, facility_guid: 'fac-1', name: 'HIIT', description: null, location: null,
    start_date: START, end_date: '2026-11-28T00:00:00.000Z', booking_open_date: '2026-11-20T23:00:00.000Z', booking_close_date: START,
    cancellation_close_date: '2026-11-27T21:00:00.000Z', cancelled: false, full: true, capacity: 2, booked_count: 2, waitlist_count: 0,
    waitlists_on: true, dropin_spaces: 0, droppedin_count: 0, online_url: null, instructors: [], whiteboard_items: [],
    whiteboard_visibility: 'public', visit: null,
  };
}

function series(id: number, weekday: number, localTime: string, lastSession: number | null): StoredRecurringBooking {
  return {
    id, org_id: 1, facility_guid: 'fac-1', name: 'HIIT', weekday, local_time: localTime, time_zone: 'UTC', created_at: NOW.toISOString(), stopped_at: null,
    last: lastSession === null ? null : { session_id: lastSession, start_date: START, outcome: 'waitlisted', at: NOW.toISOString() },
  } as StoredRecurringBooking;
}

function show() {
  const format = renderHook(() => useFormat(ZONE)).result.current;
  render(<MemoryRouter><EveryWeek session={hiit()} timeZone={ZONE} now={NOW} format={format} /></MemoryRouter>);
}

describe('EveryWeek', () => {
  it('finds the series guessed in UTC for this very class (Friday 23:00 there, Saturday 12:00 here)', () => {
    state.series = [series(-1, 5, '23:00', 9)];
    show();
    expect(screen.getByTestId('every-week').textContent).toContain('You book this class every week.');
    expect(screen.queryByRole('button', { name: 'Book every week' })).toBeNull();
  });

  it('finds a series by its weekly slot in the facility’s zone', () => {
    state.series = [series(4, 6, '12:00', null)];
    show();
    expect(screen.getByRole('button', { name: 'Stop booking HIIT every week' })).toBeTruthy();
  });

  it('offers Book every week when no series is this class’s', () => {
    state.series = [series(5, 5, '23:00', 77)];
    show();
    expect(screen.getByRole('button', { name: 'Book every week' })).toBeTruthy();
  });
});
