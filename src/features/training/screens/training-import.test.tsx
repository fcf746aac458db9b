// The import screen against stubbed data: the mapping preview guessed from a Strong file, an
// unknown exercise mapped by hand, keys the device holds counted as already imported, and what
// Import hands to the command.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Movement } from '../../../../core/contract/types';
import { IMPORT_KEY_PATTERN } from '../../../../core/limits';
import { importKey } from '../../../../core/rules/training/transfer';

const MOVEMENTS: Movement[] = [
  { id: 1, name: 'Back Squat', properties: [{ type: 'weight' }] },
  { id: 4, name: 'Deadlift', properties: [{ type: 'weight' }] },
];
const local = vi.hoisted(() => ({ rows: [] as unknown[] }));
const importWorkouts = vi.hoisted(() => vi.fn(async (inputs: unknown[]) => ({ added: inputs.length, skipped: 0 })));

vi.mock('../hooks', () => ({ useMovements: () => MOVEMENTS, useRefreshTraining: () => undefined }));
vi.mock('../commands', () => ({ importWorkouts }));
vi.mock('../../../data/hooks/auth', () => ({
  useAuth: () => ({ status: 'authenticated', accountOrgId: 1 }),
  useFacilityTimeZone: () => ({ timeZone: 'UTC', remembered: false }),
}));
vi.mock('dexie-react-hooks', () => ({ useLiveQuery: () => local.rows.length }));
vi.mock('../../../data/db', () => ({
  db: { workouts: { where: () => ({ equals: () => ({ toArray: async () => local.rows }) }) } },
}));

const { default: TrainingImportScreen } = await import('./TrainingImportScreen');

const STRONG = [
  'Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE',
  '2023-01-15 10:30:00,Leg day,1h,Squat (Barbell),1,100,5,0,0,,,',
  '2023-01-15 10:30:00,Leg day,1h,Squat (Barbell),2,105,5,0,0,,,',
  '2023-01-15 10:30:00,Leg day,1h,Deadlift,1,140,3,0,0,,,',
  'not a date,Leg day,1h,Deadlift,1,140,3,0,0,,,',
].join('\n');

function pickFile(csv: string) {
  fireEvent.change(screen.getByLabelText('Choose a CSV file'), { target: { files: [new File([csv], 'strong.csv', { type: 'text/csv' })] } });
}

describe('TrainingImportScreen', () => {
  beforeEach(() => {
    local.rows = [];
    importWorkouts.mockClear();
  });

  it('guesses the columns, lists unknown exercises and bad lines, and imports what the preview shows', async () => {
    render(<MemoryRouter><TrainingImportScreen /></MemoryRouter>);
    pickFile(STRONG);
    expect(await screen.findByLabelText('Exercise')).toHaveProperty('value', 'Exercise Name');
    expect(screen.getByLabelText('Set order')).toHaveProperty('value', 'Set Order');
    expect(screen.getByLabelText('Weight unit')).toHaveProperty('value', '');
    expect(screen.getByTestId('import-problems').textContent).toContain('Line 5: the date “not a date” cannot be read');
    expect(await screen.findByTestId('import-summary')).toHaveProperty('textContent', '1 workout to import.');
    // What will be imported and Import come before the columns and movements to check, and the
    // chosen file is named beside its button.
    const before = (a: Element, b: Element) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(before(screen.getByTestId('import-submit'), screen.getByLabelText('Exercise'))).toBe(true);
    expect(before(screen.getByTestId('import-submit'), screen.getByTestId('import-preview'))).toBe(true);
    expect(screen.getByText('strong.csv')).toBeTruthy();

    // The unknown exercise becomes Back Squat: two lifts now.
    fireEvent.change(screen.getByLabelText('Squat (Barbell) (2 rows)'), { target: { value: '1' } });
    await waitFor(() => expect(screen.getByTestId('import-summary').textContent).toBe('2 workouts to import.'));
    expect(screen.getByTestId('import-preview').textContent).toContain('Squat (Barbell)');

    fireEvent.click(screen.getByTestId('import-submit'));
    await waitFor(() => expect(importWorkouts).toHaveBeenCalledTimes(1));
    const inputs = importWorkouts.mock.calls[0]![0] as { movement_id: number; import_key: string }[];
    expect(inputs.map((input) => input.movement_id)).toEqual([1, 4]);
    expect(inputs.every((input) => IMPORT_KEY_PATTERN.test(input.import_key))).toBe(true);
    expect((await screen.findByTestId('import-result')).textContent).toContain('Imported 2 workouts.');
  });

  it('counts workouts whose key the device holds as already imported', async () => {
    local.rows = [{ id: 9, org_id: 1, type: 'wod', name: 'x', completed_at: '2020-01-01T00:00:00Z', scoring: 'none', import_key: await importKey('v1|lift|2023-01-15T10:30:00|deadlift|1:3:weight=140kilograms') }];
    render(<MemoryRouter><TrainingImportScreen /></MemoryRouter>);
    pickFile(STRONG);
    await waitFor(() => expect(screen.getByTestId('import-summary').textContent).toBe('0 workouts to import. 1 already imported, skipped.'));
    expect(screen.getByTestId('import-submit')).toHaveProperty('disabled', true);
  });
});
