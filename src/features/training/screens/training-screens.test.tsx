// The training screens rendered against stubbed data hooks: what the member sees, and what the
// forms hand to the commands.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { REP_SCHEME_MAX, WORKOUT_NOTES_MAX } from '../../../../core/limits';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiftWorkout, Movement, Session, WodWorkout } from '../../../../core/contract/types';
import type { LeaderboardView, StoredWorkout } from '../hooks';
import type { ClassContext } from '../../booking/class-tabs';

const data = vi.hoisted(() => ({
  workouts: [] as unknown[],
  movements: [] as unknown[],
  session: null as unknown,
  leaderboard: undefined as unknown,
  pending: new Set<string>(),
  context: null as unknown,
  trackTraining: true,
  weightUnits: 'kilograms' as 'kilograms' | 'pounds',
  lengthUnits: 'centimetres' as 'centimetres' | 'inches',
  hidden: false,
}));
const commands = vi.hoisted(() => ({
  logWorkout: vi.fn(async () => -1),
  editWorkout: vi.fn(async () => undefined),
  deleteWorkout: vi.fn(async () => undefined),
  toggleWorkoutReaction: vi.fn(async () => undefined),
}));

vi.mock('../hooks', () => ({
  useWorkouts: () => data.workouts,
  useWorkout: (id: number | null) => (data.workouts as StoredWorkout[]).find((w) => w.id === id) ?? null,
  useMovements: () => data.movements,
  useLiftSummaries: () => [],
  useLiftDetail: () => null,
  useLeaderboard: () => data.leaderboard,
  useRefreshTraining: () => undefined,
  useRefreshLeaderboard: () => undefined,
  useClassResults: () => [],
}));
vi.mock('../commands', () => commands);
const updateProfile = vi.hoisted(() => vi.fn(async () => undefined));
vi.mock('../../profile/commands/profile', () => ({ updateProfile }));
vi.mock('../../../data/hooks/auth', () => ({
  useFacility: () => ({ time_zone: 'Pacific/Auckland' }),
  useMember: () => ({ id: 11 }),
  useProfile: () => ({ id: 1, track_training: data.trackTraining, weight_units: data.weightUnits, length_units: data.lengthUnits, hide_from_leaderboards: data.hidden }),
}));
vi.mock('../../booking/hooks/sessions', () => ({ useSession: () => data.session, useRefreshSession: () => undefined }));
vi.mock('../../../data/hooks/pending', () => ({
  usePendingTouches: () => data.pending,
  useIsPending: (key: string) => data.pending.has(key),
}));
vi.mock('../../booking/class-tabs', () => ({ useClassContext: () => data.context }));

const { default: TrainingLogScreen } = await import('./TrainingLogScreen');
const { default: WodFormScreen } = await import('./WodFormScreen');
const { default: LiftFormScreen } = await import('./LiftFormScreen');
const { default: WodDetailScreen } = await import('./WodDetailScreen');
const { default: ClassWorkoutsTab } = await import('./ClassWorkoutsTab');
const { default: ClassLeaderboardTab } = await import('./ClassLeaderboardTab');

const base = { org_id: 1, notes: null, session_id: null, workout_definition_id: null, reactions: { count: 0, mine: null }, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' };
const fran: StoredWorkout = {
  ...base, id: 5, movement_id: null, type: 'wod', name: 'Fran', completed_at: '2026-11-23T18:30:00Z', scoring: 'for_time', score_time: 225,
  score_rounds: null, score_repetitions: null, score_distance: null, score_load: null, score_load_units: null, score_calories: null,
  score_tabata: null, score_total: null, as_prescribed: true,
} satisfies WodWorkout & { org_id: number; movement_id: null };
const squat: Movement = { id: 7, name: 'Back squat', properties: [{ type: 'weight' }] };
const squatLift: StoredWorkout = {
  ...base, id: 6, movement_id: 7, type: 'lift', name: 'Back squat', completed_at: '2025-06-01T20:00:00Z', movement: squat, rep_scheme: '3x5',
  sets: [1, 2, 3].map((position) => ({ position, repetitions: 5, movement_id: 7, values: { weight: { value: 100, units: 'kilograms' as const } } })),
  load: { value: 1500, units: 'kilograms' },
} satisfies LiftWorkout & { org_id: number; movement_id: number };

function at(path: string, element: React.ReactNode, route = '*') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={route} element={element} />
        <Route path="/training/workouts/:type/:id" element={<p>detail page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  data.trackTraining = true;
  data.weightUnits = 'kilograms';
  data.lengthUnits = 'centimetres';
  data.hidden = false;
  data.workouts = [fran, squatLift];
  data.movements = [squat];
  data.session = null;
  data.pending = new Set();
  vi.clearAllMocks();
});

describe('TrainingLogScreen', () => {
  it('lists workouts under year and day headers with a score summary and sync state', () => {
    data.pending = new Set(['workouts:5']);
    at('/training', <TrainingLogScreen />);
    expect(screen.getAllByTestId('log-year').map((h) => h.textContent)).toEqual(['2026', '2025']);
    expect(screen.getAllByTestId('log-day')[0]!.textContent).toBe('Tuesday, November 24th');
    const rows = screen.getAllByTestId('workout-row');
    expect(rows[0]!.getAttribute('href')).toBe('/training/workouts/wod/5');
    expect(within(rows[0]!).getByText('3:45')).toBeTruthy();
    expect(within(rows[0]!).getByTestId('waiting-to-sync')).toBeTruthy();
    expect(rows[1]!.getAttribute('href')).toBe('/training/workouts/lift/6');
    expect(within(rows[1]!).getByTestId('workout-summary').textContent!.replace(/\s/g, ' ')).toBe('3x5 · 100 kg · Load 1,500 kg');
  });

  it('filters by name and says when nothing matches', () => {
    at('/training', <TrainingLogScreen />);
    fireEvent.change(screen.getByLabelText('Search your log'), { target: { value: 'squat' } });
    expect(screen.getAllByTestId('workout-row')).toHaveLength(1);
    fireEvent.change(screen.getByLabelText('Search your log'), { target: { value: 'murph' } });
    expect(screen.queryAllByTestId('workout-row')).toHaveLength(0);
  });

  it('says when the training log is off and turns it on', () => {
    at('/training', <TrainingLogScreen />);
    expect(screen.queryByTestId('training-off')).toBeNull();
    data.trackTraining = false;
    at('/training', <TrainingLogScreen />);
    fireEvent.click(screen.getByRole('button', { name: 'Turn on the training log' }));
    expect(updateProfile).toHaveBeenCalledWith({ track_training: true });
  });
});

describe('WodFormScreen', () => {
  it('shows the inputs of the chosen scoring type and validates inline', async () => {
    at('/training/workouts/new/wod', <WodFormScreen />, '/training/workouts/new/wod');
    expect(screen.getAllByRole('option')).toHaveLength(9);
    fireEvent.click(screen.getByTestId('save-workout'));
    expect(screen.getByTestId('wod-name-error').textContent).toBe('Enter a name.');
    expect(screen.getByLabelText('Name').getAttribute('aria-describedby')).toBe('wod-name-error');
    fireEvent.change(screen.getByLabelText('Scoring'), { target: { value: 'for_rounds' } });
    expect(screen.getByLabelText('Rounds')).toBeTruthy();
    expect(screen.getByLabelText('Extra reps')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Scoring'), { target: { value: 'none' } });
    expect(screen.getByTestId('no-score')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Scoring'), { target: { value: 'for_load' } });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Grace' } });
    fireEvent.change(screen.getByLabelText('Load'), { target: { value: '60' } });
    fireEvent.change(screen.getByLabelText('Units'), { target: { value: 'pounds' } });
    fireEvent.click(screen.getByTestId('save-workout'));
    await waitFor(() => expect(commands.logWorkout).toHaveBeenCalledTimes(1));
    expect(commands.logWorkout.mock.calls[0]).toEqual([expect.objectContaining({ type: 'wod', name: 'Grace', scoring: 'for_load', score_load: 60, score_load_units: 'pounds', score_time: null })]);
    await screen.findByText('detail page');
  });

  it('prefills and locks the scoring from a class workout', () => {
    const session = {
      id: 40, name: 'CrossFit', start_date: '2026-11-23T18:30:00Z', whiteboard_items: [
        { id: 1, position: 1, definition: { id: 3, name: 'Cindy', type: 'wod', description: 'AMRAP 20', scoring: 'for_rounds', rep_scheme: null, movement: null } },
      ],
    } as unknown as Session;
    data.session = session;
    at('/training/workouts/new/wod?definition=3&session=40', <WodFormScreen />, '/training/workouts/new/wod');
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Cindy');
    expect((screen.getByLabelText('Scoring') as HTMLSelectElement).value).toBe('for_rounds');
    expect((screen.getByLabelText('Scoring') as HTMLSelectElement).disabled).toBe(true);
    expect(screen.getByTestId('draft-class').textContent).toContain('For CrossFit on Tuesday Nov 24th');
  });

  it('starts a load in the member’s preferred weight units', () => {
    data.weightUnits = 'pounds';
    at('/training/workouts/new/wod', <WodFormScreen />, '/training/workouts/new/wod');
    fireEvent.change(screen.getByLabelText('Scoring'), { target: { value: 'for_load' } });
    expect((screen.getByLabelText('Units') as HTMLSelectElement).value).toBe('pounds');
  });

  it("holds the notes to the server's limit", () => {
    at('/training/workouts/new/wod', <WodFormScreen />, '/training/workouts/new/wod');
    expect((screen.getByLabelText('Notes') as HTMLTextAreaElement).maxLength).toBe(WORKOUT_NOTES_MAX);
  });
});

describe('LiftFormScreen', () => {
  it('makes a row per set from the scheme and computes the load', async () => {
    at('/training/workouts/new/lift', <LiftFormScreen />, '/training/workouts/new/lift');
    fireEvent.change(screen.getByLabelText('Movement'), { target: { value: '7' } });
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Back squat');
    fireEvent.change(screen.getByLabelText('Rep scheme'), { target: { value: '5 3' } });
    expect(screen.getByText('Use a scheme like 5x5 or 5-3-1.')).toBeTruthy();
    expect(screen.queryAllByTestId('set-row')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Rep scheme'), { target: { value: '5-3-1' } });
    const weights = screen.getAllByLabelText('Weight (kg)');
    expect(weights).toHaveLength(3);
    weights.forEach((input, i) => fireEvent.change(input, { target: { value: String(100 + i * 10) } }));
    expect(screen.getByTestId('lift-load').textContent!.replace(/\s/g, ' ')).toBe('950 kg');
    fireEvent.click(screen.getByTestId('save-workout'));
    await waitFor(() => expect(commands.logWorkout).toHaveBeenCalledTimes(1));
    expect(commands.logWorkout.mock.calls[0]).toEqual([expect.objectContaining({ type: 'lift', movement_id: 7, rep_scheme: '5-3-1' })]);
  });

  it('starts new sets in the member’s preferred weight units', () => {
    data.weightUnits = 'pounds';
    at('/training/workouts/new/lift', <LiftFormScreen />, '/training/workouts/new/lift');
    fireEvent.change(screen.getByLabelText('Movement'), { target: { value: '7' } });
    fireEvent.change(screen.getByLabelText('Rep scheme'), { target: { value: '3x5' } });
    expect((screen.getByTestId('lift-units-weight') as HTMLSelectElement).value).toBe('pounds');
    expect(screen.getAllByLabelText('Weight (lb)')).toHaveLength(3);
  });

  it("holds the rep scheme and notes to the server's limits", () => {
    at('/training/workouts/new/lift', <LiftFormScreen />, '/training/workouts/new/lift');
    expect((screen.getByLabelText('Rep scheme') as HTMLInputElement).maxLength).toBe(REP_SCHEME_MAX);
    expect((screen.getByLabelText('Notes') as HTMLTextAreaElement).maxLength).toBe(WORKOUT_NOTES_MAX);
  });
});

describe('WodDetailScreen', () => {
  it('shows the score and deletes after confirming', () => {
    at('/training/workouts/wod/5', <WodDetailScreen />, '/training/workouts/wod/:id');
    expect(screen.getByTestId('workout-score').textContent).toBe('3:45');
    expect(screen.getByTestId('edit-workout').getAttribute('href')).toBe('/training/workouts/wod/5/edit');
  });

  it('says when the workout is not on the device', () => {
    at('/training/workouts/wod/99', <WodDetailScreen />, '/training/workouts/wod/:id');
    expect(screen.getByText('This workout is not on this device.')).toBeTruthy();
  });
});

describe('class tabs', () => {
  const session = {
    id: 40, name: 'CrossFit', start_date: '2026-11-23T18:30:00Z', whiteboard_visibility: 'public', visit: null,
    whiteboard_items: [
      { id: 2, position: 2, definition: { id: 4, name: 'Back squat', type: 'lift', description: null, scoring: null, rep_scheme: '5x5', movement: squat } },
      { id: 1, position: 1, definition: { id: 3, name: 'Cindy', type: 'wod', description: 'AMRAP 20\n5 pull-ups', scoring: 'for_rounds', rep_scheme: null, movement: null } },
    ],
  } as unknown as Session;

  it('lists the whiteboard with a "Log my result" link per workout', () => {
    data.context = { session, timeZone: 'Pacific/Auckland' } satisfies ClassContext;
    at('/classes/40/workouts', <ClassWorkoutsTab />);
    const items = screen.getAllByTestId('whiteboard-item');
    expect(items.map((i) => within(i).getByRole('heading').textContent)).toEqual(['Cindy', 'Back squat']);
    expect(within(items[1]!).getByText('5x5 · Back squat')).toBeTruthy();
    expect(screen.getAllByTestId('log-result').map((a) => a.getAttribute('href'))).toEqual([
      '/training/workouts/new/wod?definition=3&session=40',
      '/training/workouts/new/lift?definition=4&session=40',
    ]);
  });

  it('explains a whiteboard hidden until booking', () => {
    data.context = { session: { ...session, whiteboard_visibility: 'attending', whiteboard_items: [] }, timeZone: 'UTC' } satisfies ClassContext;
    at('/classes/40/workouts', <ClassWorkoutsTab />);
    expect(screen.getByText('The whiteboard shows once you have booked this class.')).toBeTruthy();
  });

  it('ranks results, marks mine and lets me cheer others', () => {
    data.context = { session, timeZone: 'Pacific/Auckland' } satisfies ClassContext;
    const definition = session.whiteboard_items[1]!.definition;
    const view: LeaderboardView = {
      visible: true,
      loaded: true,
      boards: [{
        definition,
        entries: [
          { rank: 1, workout_id: 20, mine: false, pending: false, member: { id: 2, full_name: 'Sam Taylor', avatar_url: null },
            workout: { ...fran, id: 20, scoring: 'for_rounds', score_time: null, score_rounds: 12, reactions: { count: 2, mine: 9 } } as WodWorkout },
          { rank: 2, workout_id: -3, mine: true, pending: true, member: { id: 1, full_name: 'Alex Rivera', avatar_url: null },
            workout: { ...fran, id: -3, scoring: 'for_rounds', score_time: null, score_rounds: 10, score_repetitions: 4, as_prescribed: false } as WodWorkout },
        ],
      }],
    };
    data.leaderboard = view;
    at('/classes/40/leaderboard', <ClassLeaderboardTab />);
    const entries = screen.getAllByTestId('leaderboard-entry');
    expect(within(entries[0]!).getByTestId('leaderboard-score').textContent).toBe('12 rounds');
    const cheer = within(entries[0]!).getByRole('button', { name: /Cheer Sam Taylor/ });
    expect(cheer.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(cheer);
    expect(commands.toggleWorkoutReaction).toHaveBeenCalledWith(20, 40);
    expect(within(entries[1]!).getByTestId('leaderboard-mine')).toBeTruthy();
    expect(within(entries[1]!).getByTestId('waiting-to-sync')).toBeTruthy();
    expect(within(entries[1]!).getByText('Scaled')).toBeTruthy();
    expect(within(entries[1]!).queryByRole('button')).toBeNull();
    expect(screen.queryByTestId('leaderboard-only-you')).toBeNull();
  });

  it('marks my rows when I hide my results, and shows weights in my units', () => {
    data.context = { session, timeZone: 'Pacific/Auckland' } satisfies ClassContext;
    data.hidden = true;
    data.weightUnits = 'pounds';
    const definition = session.whiteboard_items[0]!.definition;
    const lift = (id: number, weight: number) =>
      ({ ...squatLift, id, sets: [{ position: 1, repetitions: 5, movement_id: 7, values: { weight: { value: weight, units: 'kilograms' as const } } }] }) as LiftWorkout;
    data.leaderboard = {
      visible: true,
      loaded: true,
      boards: [{
        definition,
        entries: [
          { rank: 1, workout_id: 21, mine: false, pending: false, member: { id: 2, full_name: 'Sam Taylor', avatar_url: null }, workout: lift(21, 100) },
          { rank: 2, workout_id: 22, mine: true, pending: false, member: { id: 1, full_name: 'Alex Rivera', avatar_url: null }, workout: lift(22, 90) },
        ],
      }],
    } satisfies LeaderboardView;
    at('/classes/40/leaderboard', <ClassLeaderboardTab />);
    const entries = screen.getAllByTestId('leaderboard-entry');
    expect(within(entries[0]!).queryByTestId('leaderboard-only-you')).toBeNull();
    expect(within(entries[1]!).getByTestId('leaderboard-only-you').textContent).toBe('Only you can see this');
    expect(within(entries[0]!).getByTestId('leaderboard-score').textContent!.replace(/\s/g, ' ')).toBe('220.5 lb');
  });
});
