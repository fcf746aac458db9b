import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import type { LiftSet, WodWorkout } from '../../../../core/contract/types';
import { createFormatter } from '../../../i18n/format';
import { formatMeasurement, formatWodScore, heaviestWeight, liftSummaryParts, prescribedLabel } from './score-format';
import { filterByName, logRows } from './log-rows';
import { fromLocalInput, toLocalInput } from './datetime-local';

const t = i18next.getFixedT(null, 'training');
const format = createFormatter('en-US', 'Pacific/Auckland');
/** Intl may use no-break spaces; compare with plain ones. */
const plain = (s: string) => s.replace(/\s/g, ' ');

const blank = {
  score_time: null, score_rounds: null, score_repetitions: null, score_distance: null, score_load: null, score_load_units: null,
  score_calories: null, score_tabata: null, score_total: null,
} satisfies Partial<WodWorkout>;

describe('formatWodScore', () => {
  it('writes each scoring type the way members read it', () => {
    expect(formatWodScore({ ...blank, scoring: 'for_time', score_time: 225 }, format, t)).toBe('3:45');
    expect(formatWodScore({ ...blank, scoring: 'for_time', score_time: 3725 }, format, t)).toBe('1:02:05');
    expect(formatWodScore({ ...blank, scoring: 'for_rounds', score_rounds: 5, score_repetitions: 12 }, format, t)).toBe('5 rounds + 12 reps');
    expect(formatWodScore({ ...blank, scoring: 'for_rounds', score_rounds: 1, score_repetitions: 1 }, format, t)).toBe('1 round + 1 rep');
    expect(formatWodScore({ ...blank, scoring: 'for_rounds', score_rounds: 7 }, format, t)).toBe('7 rounds');
    expect(plain(formatWodScore({ ...blank, scoring: 'for_distance', score_distance: 1200 }, format, t))).toBe('1,200 m');
    expect(plain(formatWodScore({ ...blank, scoring: 'for_load', score_load: 102.5, score_load_units: 'kilograms' }, format, t))).toBe('102.5 kg');
    expect(plain(formatWodScore({ ...blank, scoring: 'for_load', score_load: 225, score_load_units: 'pounds' }, format, t))).toBe('225 lb');
    expect(formatWodScore({ ...blank, scoring: 'for_repetitions', score_repetitions: 150 }, format, t)).toBe('150 reps');
    expect(formatWodScore({ ...blank, scoring: 'for_calories', score_calories: 80 }, format, t)).toBe('80 cal');
    expect(formatWodScore({ ...blank, scoring: 'tabata', score_tabata: 42 }, format, t)).toBe('42');
    expect(formatWodScore({ ...blank, scoring: 'total', score_total: 1234 }, format, t)).toBe('1,234');
  });

  it('is empty for scoring none and for a missing score', () => {
    expect(formatWodScore({ ...blank, scoring: 'none' }, format, t)).toBe('');
    expect(formatWodScore({ ...blank, scoring: 'for_time' }, format, t)).toBe('');
  });

  it('follows the locale for numbers', () => {
    const fr = createFormatter('fr', 'Europe/Paris');
    expect(plain(formatMeasurement({ value: 62.5, units: 'kilograms' }, fr))).toBe('62,5 kg');
  });

  it('labels Rx and scaled', () => {
    expect(prescribedLabel(true, t)).toBe('Rx');
    expect(prescribedLabel(false, t)).toBe('Scaled');
  });
});

describe('lift summaries', () => {
  const set = (position: number, repetitions: number, value: number, units: 'kilograms' | 'pounds' = 'kilograms'): LiftSet =>
    ({ position, repetitions, movement_id: 1, values: { weight: { value, units } } });

  it('finds the heaviest set comparing in kilograms', () => {
    expect(heaviestWeight([set(1, 5, 100), set(2, 3, 225, 'pounds'), set(3, 1, 95)])).toEqual({ value: 225, units: 'pounds' });
    expect(heaviestWeight([])).toBeNull();
  });

  it('reads rep scheme, heaviest weight and load', () => {
    const parts = liftSummaryParts({ rep_scheme: '5x5', sets: [set(1, 5, 100), set(2, 5, 110)], load: { value: 1050, units: 'kilograms' } }, format, t);
    expect(parts.map(plain)).toEqual(['5x5', '110 kg', 'Load 1,050 kg']);
  });
});

describe('log rows', () => {
  it('puts a year header, then day headers in the facility zone, before the workouts', () => {
    const items = [
      { id: 3, name: 'C', completed_at: '2026-01-01T20:00:00Z' }, // 2 January in Auckland
      { id: 2, name: 'B', completed_at: '2025-12-31T12:00:00Z' }, // 1 January 2026 in Auckland
      { id: 1, name: 'A', completed_at: '2025-12-31T09:00:00Z' }, // 31 December 2025
    ];
    const rows = logRows(items, 'Pacific/Auckland').map((row) => (row.kind === 'item' ? row.item.id : row.kind === 'year' ? `y${row.year}` : row.day));
    expect(rows).toEqual(['y2026', '2026-01-02', 3, '2026-01-01', 2, 'y2025', '2025-12-31', 1]);
  });

  it('filters by every word of the name, ignoring case and accents', () => {
    const items = [{ name: 'Hero WOD Murph' }, { name: 'Pöördlend' }, { name: 'Back squat' }];
    expect(filterByName(items, 'murph hero')).toEqual([items[0]]);
    expect(filterByName(items, 'POORD')).toEqual([items[1]]);
    expect(filterByName(items, '  ')).toBe(items);
  });
});

describe('datetime-local in the facility zone', () => {
  it('shows and reads wall-clock time in the zone', () => {
    expect(toLocalInput('2026-11-23T18:30:00Z', 'Pacific/Auckland')).toBe('2026-11-24T07:30');
    expect(fromLocalInput('2026-11-24T07:30', 'Pacific/Auckland')).toBe('2026-11-23T18:30:00.000Z');
    expect(fromLocalInput('', 'Pacific/Auckland')).toBeNull();
    expect(fromLocalInput('2026-02-30T07:30', 'Pacific/Auckland')).toBeNull();
  });
});
