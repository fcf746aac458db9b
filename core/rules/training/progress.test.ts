import { describe, expect, it } from 'vitest';
import { liftDetail, liftProgress, progressTrend } from './index';
import { BACK_SQUAT, BOX_JUMP, DEADLIFT, kg, lb, lift, set } from './fixtures.test-support';

const squats = [
  lift({ id: 3, completed_at: '2026-11-15T07:00:00.000Z', sets: [set(1, 1, kg(130)), set(2, 5, kg(105))] }),
  lift({ id: 1, completed_at: '2026-11-01T07:00:00.000Z', sets: [set(1, 5, kg(100)), set(2, 3, kg(110))] }),
  lift({ id: 2, completed_at: '2026-11-08T07:00:00.000Z', sets: [set(1, 5, kg(105)), set(2, 3, lb(250))] }), // 250 lb ≈ 113.4 kg
];

describe('liftProgress', () => {
  it('gives one point per lift, oldest first, with its best estimate and heaviest set', () => {
    expect(liftProgress(squats).map((p) => [p.workout_id, p.completed_at, p.estimated_one_rep_max, p.best_set])).toEqual([
      // 110 × (1 + 3/30) = 121 beats 100 × (1 + 5/30) = 116.7
      [1, '2026-11-01T07:00:00.000Z', 121, { weight: 110, repetitions: 3 }],
      // 113.4 × 1.1 = 124.7 beats 105 × 1.1667 = 122.5
      [2, '2026-11-08T07:00:00.000Z', 124.7, { weight: 113.4, repetitions: 3 }],
      [3, '2026-11-15T07:00:00.000Z', 130, { weight: 130, repetitions: 1 }],
    ]);
  });
  it('marks the points that beat every earlier lift; the first lift is no record', () => {
    expect(liftProgress(squats).map((p) => [p.estimate_record, p.weight_record])).toEqual([[false, false], [true, true], [true, true]]);
  });
  it('a tie or a step back is no record, and the estimate and the heaviest set count apart', () => {
    const points = liftProgress([
      lift({ id: 1, completed_at: '2026-10-01T07:00:00.000Z', sets: [set(1, 5, kg(100))] }), // e1RM 116.7
      lift({ id: 2, completed_at: '2026-10-02T07:00:00.000Z', sets: [set(1, 5, kg(100))] }), // tie
      lift({ id: 3, completed_at: '2026-10-03T07:00:00.000Z', sets: [set(1, 1, kg(110))] }), // heavier, e1RM 110 lower
      lift({ id: 4, completed_at: '2026-10-04T07:00:00.000Z', sets: [set(1, 8, kg(100))] }), // e1RM 126.7, lighter
      lift({ id: 5, completed_at: '2026-10-05T07:00:00.000Z', sets: [set(1, 5, kg(90))] }), // step back
    ]);
    expect(points.map((p) => [p.workout_id, p.estimate_record, p.weight_record])).toEqual([
      [1, false, false], [2, false, false], [3, false, true], [4, true, false], [5, false, false],
    ]);
  });
  it('on equal weight the heaviest set is the one with more reps', () => {
    const [point] = liftProgress([lift({ sets: [set(1, 3, kg(100)), set(2, 5, kg(100)), set(3, 1, kg(100))] })]);
    expect(point?.best_set).toEqual({ weight: 100, repetitions: 5 });
  });
  it('converts to pounds without changing the stored lifts, and the records stay the same', () => {
    const before = JSON.stringify(squats);
    const pounds = liftProgress(squats, 'pounds');
    expect(pounds.map((p) => [p.estimated_one_rep_max, p.best_set.weight])).toEqual([[266.8, 242.5], [275, 250], [286.6, 286.6]]);
    expect(pounds.map((p) => [p.estimate_record, p.weight_record])).toEqual(liftProgress(squats).map((p) => [p.estimate_record, p.weight_record]));
    expect(JSON.stringify(squats)).toBe(before);
  });
  it('its last estimate is the one the lift summary shows', () => {
    for (const units of ['kilograms', 'pounds'] as const) {
      const points = liftProgress(squats, units);
      const best = Math.max(...points.map((p) => p.estimated_one_rep_max ?? 0));
      expect(best).toBe(liftDetail(BACK_SQUAT.id, squats, units)?.estimated_one_rep_max?.value);
    }
  });
  it('sets above 10 reps give a heaviest set but no estimate, and never an estimate record', () => {
    const points = liftProgress([
      lift({ id: 1, completed_at: '2026-10-01T07:00:00.000Z', movement: DEADLIFT, sets: [set(1, 12, kg(100), DEADLIFT.id)] }),
      lift({ id: 2, completed_at: '2026-10-02T07:00:00.000Z', movement: DEADLIFT, sets: [set(1, 12, kg(120), DEADLIFT.id)] }),
    ]);
    expect(points.map((p) => [p.estimated_one_rep_max, p.best_set.weight, p.estimate_record, p.weight_record])).toEqual([[null, 100, false, false], [null, 120, false, true]]);
  });
  it('leaves out bodyweight-only lifts and movements without weight', () => {
    expect(liftProgress([lift({ sets: [set(1, 5), set(2, 5, kg(0))] })])).toEqual([]);
    expect(liftProgress([lift({ movement: BOX_JUMP, sets: [{ position: 1, repetitions: 3, movement_id: BOX_JUMP.id, values: { height: { value: 60, units: 'centimetres' } } }] })])).toEqual([]);
  });
  it('lifts at the same time keep their id order', () => {
    const at = '2026-10-01T07:00:00.000Z';
    const points = liftProgress([lift({ id: 9, completed_at: at, sets: [set(1, 1, kg(100))] }), lift({ id: 4, completed_at: at, sets: [set(1, 1, kg(90))] })]);
    expect(points.map((p) => [p.workout_id, p.weight_record])).toEqual([[4, false], [9, true]]);
  });
});

describe('progressTrend', () => {
  it('tells the estimate from the first to the last lift', () => {
    expect(progressTrend(liftProgress(squats))).toEqual({
      metric: 'estimate', direction: 'up',
      from: { value: 121, at: '2026-11-01T07:00:00.000Z' }, to: { value: 130, at: '2026-11-15T07:00:00.000Z' },
    });
  });
  it('falls back to the heaviest set when fewer than two lifts have an estimate', () => {
    const points = liftProgress([
      lift({ id: 1, completed_at: '2026-10-01T07:00:00.000Z', sets: [set(1, 12, kg(100))] }),
      lift({ id: 2, completed_at: '2026-10-02T07:00:00.000Z', sets: [set(1, 12, kg(90))] }),
    ]);
    expect(progressTrend(points)).toMatchObject({ metric: 'weight', direction: 'down', from: { value: 100 }, to: { value: 90 } });
  });
  it('says when it held, and is null under two points', () => {
    const same = liftProgress([lift({ id: 1, sets: [set(1, 5, kg(100))] }), lift({ id: 2, completed_at: '2026-11-21T07:00:00.000Z', sets: [set(1, 5, kg(100))] })]);
    expect(progressTrend(same)?.direction).toBe('same');
    expect(progressTrend(liftProgress(squats.slice(0, 1)))).toBeNull();
    expect(progressTrend([])).toBeNull();
  });
});
