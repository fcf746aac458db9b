import { useState } from 'react';
import i18next from 'i18next';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { LiftSet, Movement } from '../../../../core/contract/types';
import { LiftSetRows } from './LiftSetRows';
import { resizeSets, validateLift, withUnits, type LiftFormValues } from './lift-form';
import { emptyWodValues, scorePayload, validateWod, wodChanges, type WodFormValues } from './wod-form';

const ZONE = 'Pacific/Auckland';
const squat: Movement = { id: 7, name: 'Back squat', properties: [{ type: 'weight' }] };
const boxJump: Movement = { id: 9, name: 'Box jump', properties: [{ type: 'height' }] };

function wod(changes: Partial<WodFormValues>): WodFormValues {
  return { ...emptyWodValues(new Date('2026-11-23T18:30:00Z'), ZONE), name: 'Fran', ...changes };
}

describe('WOD form rules', () => {
  it('needs a name, a date and the score of the scoring type', () => {
    expect(validateWod(wod({ name: ' ', scoring: 'for_time' }), ZONE)).toEqual({ name: 'training.errors.nameRequired', time: 'training.errors.scoreRequired' });
    expect(validateWod(wod({ time: '3:75' }), ZONE)).toEqual({ time: 'training.errors.timeInvalid' });
    expect(validateWod(wod({ time: '3:45' }), ZONE)).toEqual({});
    expect(validateWod(wod({ scoring: 'for_rounds', rounds: '5', reps: '' }), ZONE)).toEqual({});
    expect(validateWod(wod({ scoring: 'for_rounds', rounds: '5.5' }), ZONE)).toEqual({ rounds: 'training.errors.wholeNumber' });
    expect(validateWod(wod({ scoring: 'for_load', load: '62,5' }), ZONE)).toEqual({});
    expect(validateWod(wod({ scoring: 'none' }), ZONE)).toEqual({});
    expect(validateWod(wod({ completedAt: '' , time: '1:00' }), ZONE)).toEqual({ completedAt: 'training.errors.dateRequired' });
  });

  it('sends only the chosen type score, the others cleared', () => {
    const payload = scorePayload(wod({ scoring: 'for_load', load: '62,5', loadUnits: 'pounds', time: '3:45', asPrescribed: false }));
    expect(payload).toMatchObject({ scoring: 'for_load', score_load: 62.5, score_load_units: 'pounds', score_time: null, as_prescribed: false });
    expect(scorePayload(wod({ scoring: 'for_rounds', rounds: '5', reps: '12' }))).toMatchObject({ score_rounds: 5, score_repetitions: 12 });
  });

  it('leaves the date out of an edit unless it changed', () => {
    const values = wod({ time: '3:45' });
    expect(wodChanges(values, values.completedAt, ZONE)).not.toHaveProperty('completed_at');
    expect(wodChanges({ ...values, completedAt: '2026-11-24T08:00' }, values.completedAt, ZONE)).toMatchObject({ completed_at: '2026-11-23T19:00:00.000Z' });
  });
});

describe('lift form rules', () => {
  const base: LiftFormValues = { movementId: 7, name: 'Back squat', repScheme: '5x5', sets: [], units: {}, completedAt: '2026-11-24T07:30', notes: '' };

  it('gives one set per scheme entry and none for an invalid scheme', () => {
    expect(resizeSets(base, squat)).toHaveLength(5);
    expect(resizeSets({ ...base, repScheme: '5-3-1' }, squat).map((s) => s.repetitions)).toEqual([5, 3, 1]);
    expect(resizeSets({ ...base, repScheme: '5 3 1' }, squat)).toEqual([]);
    expect(validateLift({ ...base, repScheme: '5 3 1' }, ZONE).repScheme).toBe('training.errors.repSchemeInvalid');
  });

  it('keeps typed weights when the scheme changes, in the chosen units', () => {
    const typed = resizeSets({ ...base, repScheme: '3x5' }, squat).map((set, i) => ({ ...set, values: { weight: { value: 100 + i * 10, units: 'kilograms' as const } } }));
    const pounds = withUnits(typed, 'weight', 'pounds');
    const grown = resizeSets({ ...base, repScheme: '5-5-5-3', sets: pounds, units: { weight: 'pounds' } }, squat);
    expect(grown.map((s) => s.values.weight)).toEqual([
      { value: 100, units: 'pounds' }, { value: 110, units: 'pounds' }, { value: 120, units: 'pounds' }, { value: 120, units: 'pounds' },
    ]);
    expect(grown.map((s) => s.repetitions)).toEqual([5, 5, 5, 3]);
  });

  it('flags sets with no reps or a weight that is not a number', () => {
    const sets: LiftSet[] = [
      { position: 1, repetitions: Number.NaN, movement_id: 7, values: { weight: { value: 100, units: 'kilograms' } } },
      { position: 2, repetitions: 5, movement_id: 7, values: { weight: { value: Number.NaN, units: 'kilograms' } } },
    ];
    expect(validateLift({ ...base, repScheme: '2x5', sets }, ZONE).sets).toEqual({ '0.repetitions': 'training.errors.reps', '1.weight': 'training.errors.number' });
  });

  it('refuses a box jump of 0 cm with its own message, but keeps a 0 kg set', () => {
    const sets: LiftSet[] = [
      { position: 1, repetitions: 3, movement_id: 7, values: { height: { value: 0, units: 'centimetres' } } },
      { position: 2, repetitions: 3, movement_id: 7, values: { weight: { value: 0, units: 'kilograms' } } },
    ];
    expect(validateLift({ ...base, repScheme: '2x3', sets }, ZONE).sets).toEqual({ '0.height': 'training.errors.positive' });
  });
});

describe('LiftSetRows', () => {
  function Harness({ movement, onValue, onDone = () => undefined }: { movement: Movement; onValue: (n: number) => void; onDone?: (index: number, done: boolean) => void }) {
    const [sets, setSets] = useState(() => resizeSets({ repScheme: '2x5', sets: [], units: {} }, movement));
    const [done, setDone] = useState<boolean[]>([]);
    return (
      <LiftSetRows sets={sets} movement={movement} units={{}} done={done}
        onDone={(i, isDone) => {
          onDone(i, isDone);
          setDone((all) => Object.assign([...all], { [i]: isDone }));
        }}
        onReps={(i, repetitions) => setSets((all) => all.map((s, j) => (j === i ? { ...s, repetitions } : s)))}
        onValue={(i, property, value) => {
          onValue(value);
          setSets((all) => all.map((s, j) => (j === i ? { ...s, values: { ...s.values, [property]: { value, units: 'kilograms' } } } : s)));
        }} />
    );
  }

  it('shows a labelled row per set and keeps a decimal comma while typing', () => {
    const onValue = vi.fn();
    render(<Harness movement={squat} onValue={onValue} />);
    expect(screen.getAllByTestId('set-row')).toHaveLength(2);
    expect(screen.getByRole('group', { name: i18next.t('training.setNumber', { ns: 'training', number: 2 }) })).toBeTruthy();
    const weights = screen.getAllByLabelText('Weight (kg)');
    fireEvent.change(weights[0]!, { target: { value: '62,' } });
    expect((weights[0] as HTMLInputElement).value).toBe('62,');
    fireEvent.change(weights[0]!, { target: { value: '62,5' } });
    expect((weights[0] as HTMLInputElement).value).toBe('62,5');
    expect(onValue).toHaveBeenLastCalledWith(62.5);
    expect((screen.getAllByLabelText('Reps')[1] as HTMLInputElement).value).toBe('5');
  });

  it('asks for height in centimetres for a movement measured by height', () => {
    render(<Harness movement={boxJump} onValue={() => undefined} />);
    expect(screen.getAllByLabelText('Height (cm)')).toHaveLength(2);
  });

  it('has a labelled done tick per set that reports the set', () => {
    const onDone = vi.fn();
    render(<Harness movement={squat} onValue={() => undefined} onDone={onDone} />);
    const tick = screen.getByRole('checkbox', { name: 'Set 2 done' });
    fireEvent.click(tick);
    expect(onDone).toHaveBeenLastCalledWith(1, true);
    expect((tick as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Set 1 done' }) as HTMLInputElement).checked).toBe(false);
  });
});
