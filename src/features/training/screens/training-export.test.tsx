// The export screen names its file with the member's own date (the device's time zone), not UTC's:
// at 10:56 on 27 November in New Zealand it is still the 26th in UTC.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const saveFile = vi.hoisted(() => vi.fn());

vi.mock('../pull', () => ({ pullWorkouts: async () => 'fetched' }));
vi.mock('./transfer-file', async (original) => ({ ...(await original<typeof import('./transfer-file')>()), saveFile }));
vi.mock('../../../data/hooks/auth', () => ({ useAuth: () => ({ status: 'authenticated', accountOrgId: 1 }) }));
vi.mock('dexie-react-hooks', () => ({ useLiveQuery: () => 0 }));
vi.mock('../../../data/db', () => ({
  db: { workouts: { where: () => ({ equals: () => ({ toArray: async () => [], count: async () => 0 }) }) } },
}));

const { default: TrainingExportScreen } = await import('./TrainingExportScreen');

describe('TrainingExportScreen', () => {
  const zone = process.env.TZ;
  beforeEach(() => {
    saveFile.mockClear();
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it.each([
    // [device zone, the instant, the member's date there]
    ['Pacific/Auckland', '2026-11-26T21:56:00Z', '2026-11-27'],
    ['America/Los_Angeles', '2026-11-27T06:30:00Z', '2026-11-26'],
    ['Europe/Tallinn', '2026-11-26T22:30:00Z', '2026-11-27'],
    ['UTC', '2026-11-26T23:59:00Z', '2026-11-26'],
  ])('in %s at %s the files are training-log-%s', async (timeZone, instant, date) => {
    process.env.TZ = timeZone;
    vi.setSystemTime(new Date(instant));
    render(<MemoryRouter><TrainingExportScreen /></MemoryRouter>);
    await act(async () => {
      fireEvent.click(screen.getByTestId('export-csv'));
      await vi.waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
    });
    await act(async () => {
      fireEvent.click(await screen.findByTestId('export-json'));
      await vi.waitFor(() => expect(saveFile).toHaveBeenCalledTimes(2));
    });
    expect(saveFile.mock.calls.map((call) => call[1])).toEqual([`training-log-${date}.csv`, `training-log-${date}.json`]);
  });
});
