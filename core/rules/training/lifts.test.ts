import { describe, expect, it } from 'vitest';
import { estimatedOneRepMax, liftDetail, liftSummaries } from './index';
import { BACK_SQUAT, BOX_JUMP, DEADLIFT, kg, lb, lift, set } from './fixtures.test-support';

describe('estimatedOneRepMax (Epley)', () => {
  it.each([
    [100, 1, 100], [100, 5, 116.7], [100, 10, 133.3], [60, 3, 66], [102.5, 2, 109.3],
  ])('%d × %d reps → %d', (weight, reps, estimate) => {
    expect(estimatedOneRepMax(weight, reps)).toBe(estimate);
  });
  it('does not guess from 0 reps or more than 10', () => {
    expect(estimatedOneRepMax(100, 0)).toBeNull();
    expect(estimatedOneRepMax(100, 11)).toBeNull();
  });
});

const squats = [
  lift({ id: 1, completed_at: '2026-11-01T07:00:00.000Z', sets: [set(1, 5, kg(100)), set(2, 5, kg(100)), set(3, 3, kg(110))] }),
  lift({ id: 2, completed_at: '2026-11-15T07:00:00.000Z', sets: [set(1, 1, kg(130)), set(2, 5, kg(105))] }),
  lift({ id: 3, completed_at: '2026-11-08T07:00:00.000Z', sets: [set(1, 5, kg(105)), set(2, 3, lb(250))] }), // 250 lb ≈ 113.4 kg
];
const jumps = [
  lift({ id: 4, completed_at: '2026-11-10T07:00:00.000Z', movement: BOX_JUMP, sets: [{ position: 1, repetitions: 5, movement_id: BOX_JUMP.id, values: { height: { value: 60, units: 'centimetres' } } }] }),
];
const deadlifts = [lift({ id: 5, completed_at: '2026-11-20T07:00:00.000Z', movement: DEADLIFT, sets: [set(1, 12, kg(140), DEADLIFT.id)] })];

describe('liftSummaries', () => {
  it('gives one row per movement, most recently lifted first', () => {
    const rows = liftSummaries([...squats, ...jumps, ...deadlifts]);
    expect(rows.map((r) => [r.id, r.movement.name, r.lifts_count, r.last_completed_at])).toEqual([
      [4, 'Deadlift', 1, '2026-11-20T07:00:00.000Z'],
      [1, 'Back squat', 3, '2026-11-15T07:00:00.000Z'],
      [2, 'Box jump', 1, '2026-11-10T07:00:00.000Z'],
    ]);
  });
  it('reports the heaviest set and the best estimate in kilograms', () => {
    const [squat] = liftSummaries(squats);
    expect(squat?.best_weight).toEqual(kg(130));
    // 130 × 1 = 130 beats 110 × (1 + 3/30) = 121 and 113.4 × 1.1 ≈ 124.7
    expect(squat?.estimated_one_rep_max).toEqual(kg(130));
  });
  it('reports in pounds when asked', () => {
    const [squat] = liftSummaries(squats, 'pounds');
    expect(squat?.best_weight).toEqual(lb(286.6)); // 130 kg
    expect(squat?.estimated_one_rep_max).toEqual(lb(286.6));
  });
  it('movements without weight are counted but have no weights', () => {
    const [jump] = liftSummaries(jumps);
    expect(jump).toMatchObject({ lifts_count: 1, best_weight: null, estimated_one_rep_max: null });
  });
  it('sets above 10 reps give a best weight but no estimate', () => {
    const [deadlift] = liftSummaries(deadlifts);
    expect(deadlift).toMatchObject({ best_weight: kg(140), estimated_one_rep_max: null });
  });
  it('is empty without lifts', () => {
    expect(liftSummaries([])).toEqual([]);
  });
});

describe('liftDetail', () => {
  it('is null for a movement never lifted', () => {
    expect(liftDetail(BACK_SQUAT.id, jumps)).toBeNull();
  });
  it('lists the history newest first, only of that movement', () => {
    const detail = liftDetail(BACK_SQUAT.id, [...squats, ...jumps]);
    expect(detail?.history.map((l) => l.id)).toEqual([2, 3, 1]);
    expect(detail).toMatchObject({ id: 1, lifts_count: 3, last_completed_at: '2026-11-15T07:00:00.000Z', best_weight: kg(130) });
  });
  it('records the heaviest set per rep count, ascending reps', () => {
    const detail = liftDetail(BACK_SQUAT.id, squats);
    expect(detail?.records).toEqual([
      { repetitions: 1, weight: kg(130), completed_at: '2026-11-15T07:00:00.000Z', workout_id: 2 },
      { repetitions: 3, weight: kg(113.4), completed_at: '2026-11-08T07:00:00.000Z', workout_id: 3 },
      { repetitions: 5, weight: kg(105), completed_at: '2026-11-08T07:00:00.000Z', workout_id: 3 },
    ]);
  });
  it('on equal weight the earliest lift holds the record', () => {
    const detail = liftDetail(BACK_SQUAT.id, [
      lift({ id: 8, completed_at: '2026-11-09T07:00:00.000Z', sets: [set(1, 5, kg(100))] }),
      lift({ id: 7, completed_at: '2026-11-02T07:00:00.000Z', sets: [set(1, 5, kg(100))] }),
    ]);
    expect(detail?.records).toEqual([{ repetitions: 5, weight: kg(100), completed_at: '2026-11-02T07:00:00.000Z', workout_id: 7 }]);
  });
  it('ignores sets without weight for records', () => {
    const detail = liftDetail(BACK_SQUAT.id, [lift({ sets: [set(1, 5), set(2, 3, kg(0))] })]);
    expect(detail?.records).toEqual([]);
    expect(detail?.estimated_one_rep_max).toBeNull();
  });
  it('a movement without weight has history but no records', () => {
    const detail = liftDetail(BOX_JUMP.id, jumps);
    expect(detail).toMatchObject({ lifts_count: 1, best_weight: null, estimated_one_rep_max: null, records: [] });
    expect(detail?.history).toHaveLength(1);
  });
  it('converts records to pounds', () => {
    const detail = liftDetail(BACK_SQUAT.id, [lift({ sets: [set(1, 5, lb(225))] })], 'pounds');
    expect(detail?.records[0]?.weight).toEqual(lb(225));
    expect(detail?.estimated_one_rep_max).toEqual(lb(262.5));
  });
});
