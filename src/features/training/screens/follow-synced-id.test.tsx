// A screen opened on a temporary id moves to the real id once the create is answered, but only
// while the member is still on it: a tap elsewhere whose screen is still loading is never undone.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { lazy, Suspense, useSyncExternalStore, type ComponentType } from 'react';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { LiftWorkout, Movement } from '../../../../core/contract/types';
import type { StoredWorkout } from '../hooks';

const store = vi.hoisted(() => {
  let row: unknown = null;
  const listeners = new Set<() => void>();
  return {
    get: () => row,
    set(next: unknown) {
      row = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
});

// useWorkout follows a temporary id to the synced row, as the real hook does through the alias.
vi.mock('../hooks', () => ({
  useWorkout: (id: number | null) => {
    const row = useSyncExternalStore(store.subscribe, store.get) as StoredWorkout | null;
    return id !== null && row ? row : null;
  },
  useRefreshTraining: () => undefined,
}));
vi.mock('../commands', () => ({ deleteWorkout: vi.fn(async () => undefined) }));
vi.mock('../../../data/hooks/auth', () => ({ useFacility: () => ({ time_zone: 'Pacific/Auckland' }) }));
vi.mock('../../../data/hooks/pending', () => ({ useIsPending: () => false }));
vi.mock('../../booking/hooks/sessions', () => ({ useSession: () => null, useRefreshSession: () => undefined }));

const { default: LiftWorkoutDetailScreen } = await import('./LiftWorkoutDetailScreen');

const squat: Movement = { id: 7, name: 'Back squat', properties: [{ type: 'weight' }] };
const lift = (id: number): StoredWorkout => ({
  id, org_id: 1, notes: null, session_id: null, workout_definition_id: null, reactions: { count: 0, mine: null },
  created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z',
  movement_id: 7, type: 'lift', name: 'Back squat', completed_at: '2026-11-23T18:30:00Z', movement: squat, rep_scheme: '1x5',
  sets: [{ position: 1, repetitions: 5, movement_id: 7, values: { weight: { value: 100, units: 'kilograms' } } }],
  load: { value: 500, units: 'kilograms' },
} satisfies LiftWorkout & { org_id: number; movement_id: number });

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

/** Like the app's routes: one Suspense per page, the tapped page's chunk still loading. */
function renderAt(path: string) {
  let loaded!: (module: { default: ComponentType }) => void;
  const TrainingLog = lazy(() => new Promise<{ default: ComponentType }>((resolve) => (loaded = resolve)));
  const page = (node: React.ReactNode) => <Suspense fallback={<p>loading</p>}>{node}</Suspense>;
  render(
    <MemoryRouter initialEntries={[path]}>
      <nav><Link to="/training" data-testid="menu-training">Training log</Link></nav>
      <Where />
      <Routes>
        <Route path="/training" element={page(<TrainingLog />)} />
        <Route path="/training/workouts/lift/:id" element={page(<LiftWorkoutDetailScreen />)} />
      </Routes>
    </MemoryRouter>,
  );
  return { loadTrainingLog: () => loaded({ default: () => <p>the training log</p> }) };
}

describe('a workout screen on a temporary id', () => {
  it('moves to the real id when the create is answered while the member is on it', async () => {
    store.set(lift(-7));
    renderAt('/training/workouts/lift/-7');
    expect(screen.getByTestId('workout-detail').getAttribute('data-workout-id')).toBe('-7');
    await act(async () => store.set(lift(70)));
    expect(screen.getByTestId('where').textContent).toBe('/training/workouts/lift/70');
    expect(screen.getByTestId('workout-detail').getAttribute('data-workout-id')).toBe('70');
  });

  it('does not undo a tap on Training log made just before the create was answered', async () => {
    store.set(lift(-7));
    const { loadTrainingLog } = renderAt('/training/workouts/lift/-7');
    await act(async () => fireEvent.click(screen.getByTestId('menu-training')));
    // The training log is still loading: the lift's screen stays mounted meanwhile.
    expect(screen.getByTestId('workout-detail')).toBeTruthy();
    await act(async () => store.set(lift(70)));
    await act(async () => loadTrainingLog());
    expect(await screen.findByText('the training log')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/training');
  });
});
