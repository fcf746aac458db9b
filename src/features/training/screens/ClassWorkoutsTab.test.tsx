// A class's workouts tab shows the member's own result for a workout already logged for that class,
// with Edit, instead of offering to log it again; the others still offer "Log my result".
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { WorkoutDefinition } from '../../../../core/contract/types';
import { BACK_SQUAT, FRAN, classWithFran, lift, squatSets, wod } from '../../../../tests/support/training-fixtures';

const SQUAT: WorkoutDefinition = { id: 32, name: 'Back Squat 5x5', type: 'lift', description: null, scoring: null, rep_scheme: '5x5', movement: BACK_SQUAT };
const session = classWithFran(7, { whiteboard_items: [{ id: 1, position: 1, definition: FRAN }, { id: 2, position: 2, definition: SQUAT }] });
const results = vi.hoisted(() => ({ rows: [] as unknown[] }));
vi.mock('../../booking/public-tabs', () => ({ useClassContext: () => ({ session, timeZone: 'UTC' }) }));
vi.mock('../hooks', () => ({ useClassResults: () => results.rows }));

const { default: ClassWorkoutsTab } = await import('./ClassWorkoutsTab');

describe('ClassWorkoutsTab', () => {
  it('shows the result logged for this class with Edit, and Log my result for the rest', () => {
    results.rows = [wod(99, { session_id: 7, workout_definition_id: FRAN.id, score_time: 119 }), lift(98, { session_id: 8, workout_definition_id: SQUAT.id, sets: squatSets([100]) })];
    render(<MemoryRouter><ClassWorkoutsTab /></MemoryRouter>);
    const [fran, squat] = screen.getAllByTestId('whiteboard-item');
    expect(within(fran!).getByTestId('my-result').textContent).toContain('1:59');
    expect(within(fran!).getByRole('link', { name: /Edit my result/ }).getAttribute('href')).toBe('/training/workouts/wod/99/edit');
    expect(within(fran!).queryByTestId('log-result')).toBeNull();
    // A result for another class is not this class's.
    expect(within(squat!).queryByTestId('my-result')).toBeNull();
    expect(within(squat!).getByTestId('log-result').getAttribute('href')).toBe('/training/workouts/new/lift?definition=32&session=7');
  });
});
