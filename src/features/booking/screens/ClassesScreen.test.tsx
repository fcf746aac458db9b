// @vitest-environment happy-dom
// The timetable a member opens the app on: its week is read as soon as the screen's chunk loads
// (readFirstWeek, started by routes.tsx), so the screen's first render has the rows; without it
// the screen rendered empty, then with the facility, then with the week, a render apart each.
import 'fake-indexeddb/auto';
import { render, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '../../../../core/contract/types';
import { db } from '../../../data/db';
import { readMemberRows } from '../../../data/hooks/auth';
import { makeProfile, resetDb, signedInLocally } from '../../../../tests/support/data-helpers';

// The network: nothing is asked of the studio here. What each render asked to refresh is noted.
const refreshes = vi.hoisted(() => [] as (string | null | undefined)[][]);
vi.mock('../hooks/sessions', async (original) => ({
  ...(await original<typeof import('../hooks/sessions')>()),
  useRefreshSessions: (guid: string | null | undefined) => (refreshes.push(['sessions', guid]), false),
  useRevalidate: (key: string | null) => void refreshes.push(['revalidate', key]),
}));

const { default: ClassesScreen, readFirstWeek } = await import('./ClassesScreen');

const HOUR = 3_600_000;

function session(id: number, start: Date): Session {
  const iso = (ms: number) => new Date(ms).toISOString();
  const at = start.getTime();
  return {
    id, facility_guid: 'fac-1', name: `Class ${id}`, description: null, location: null,
    start_date: iso(at), end_date: iso(at + HOUR), booking_open_date: iso(at - 7 * 24 * HOUR), booking_close_date: iso(at),
    cancellation_close_date: iso(at - 2 * HOUR), cancelled: false, full: false, capacity: 10, booked_count: 2, waitlist_count: 0,
    waitlists_on: true, dropin_spaces: 0, droppedin_count: 0, online_url: null, instructors: [], whiteboard_items: [],
    whiteboard_visibility: 'public', visit: null,
  };
}

beforeEach(async () => {
  await resetDb();
  refreshes.length = 0;
});

describe('ClassesScreen', () => {
  it('renders this week’s classes in its first render once readFirstWeek has read them', async () => {
    const profile = makeProfile(1);
    const auth = await signedInLocally(profile);
    await db.facilities.put({ guid: auth.facilityGuid, org_id: 1, name: 'Wellington', time_zone: 'UTC' } as never);
    await db.sessions.bulkPut([session(1, new Date(Date.now() + 2 * HOUR)), session(2, new Date(Date.now() + 26 * HOUR))] as never);
    await readFirstWeek();

    const view = render(<MemoryRouter initialEntries={['/classes']}><ClassesScreen /></MemoryRouter>);
    // No waiting: what the first render committed.
    expect(view.container.querySelectorAll('.session-row')).toHaveLength(2);
    expect(view.container.textContent).toContain('Class 1');
  });

  it('asks for no refresh before the device’s rows are read: a first commit without them loaded the pulls before the rows', async () => {
    const profile = makeProfile(1);
    const auth = await signedInLocally(profile);
    await db.facilities.put({ guid: auth.facilityGuid, org_id: 1, name: 'Wellington', time_zone: 'UTC' } as never);
    // A week of its own (?date=): no read of another test's week answers for it.
    await db.sessions.bulkPut([session(3, new Date(Date.UTC(2030, 0, 8, 9)))] as never);
    await readMemberRows(); // the facility is known at once, the week not yet read

    const view = render(<MemoryRouter initialEntries={['/classes?date=2030-01-07']}><ClassesScreen /></MemoryRouter>);
    expect(view.container.querySelectorAll('.session-row')).toHaveLength(0);
    expect(refreshes.length).toBeGreaterThan(0);
    expect(refreshes.every(([, key]) => key == null)).toBe(true);
    await waitFor(() => expect(view.container.querySelectorAll('.session-row')).toHaveLength(1));
    expect(refreshes.slice(-3)).toEqual([
      ['sessions', auth.facilityGuid],
      ['revalidate', `${auth.facilityGuid}|1`],
      ['revalidate', expect.stringMatching(new RegExp(`^friends\\|${auth.facilityGuid}\\|`))],
    ]);
  });
});
