import { describe, expect, it } from 'vitest';
import { newRecord, percentWeight, roundToStep, suggestNextStep, withWeight } from './lift-plan';
import { BACK_SQUAT, BOX_JUMP, kg, lb, lift, set } from './fixtures.test-support';

describe('roundToStep: nearest 2.5 kg / 5 lb', () => {
  it.each([
    [81, 'kilograms', 80],
    [81.25, 'kilograms', 82.5],
    [83.7, 'kilograms', 82.5],
    [83.75, 'kilograms', 85],
    [182, 'pounds', 180],
    [182.5, 'pounds', 185],
    [-3, 'kilograms', 0],
  ] as const)('%d %s → %d', (value, units, rounded) => {
    expect(roundToStep(value, units)).toBe(rounded);
  });
});

describe('percentWeight: a share of the one-rep max, rounded to the step', () => {
  it('80 % of 125 kg is 100 kg', () => expect(percentWeight(kg(125), 80)).toEqual(kg(100)));
  it('72.5 % of 117 kg is 85 kg (84.8 rounded)', () => expect(percentWeight(kg(117), 72.5)).toEqual(kg(85)));
  it('in pounds the step is 5 lb', () => expect(percentWeight(lb(300), 83)).toEqual(lb(250)));
  it('with the studio’s plates, what they load on the bar: 97.5 kg becomes 98 kg without 1.25 kg plates', () => {
    const wellington = { bar: 20, plates: [25, 20, 15, 10, 5, 2.5, 2, 1.5, 1, 0.5] };
    expect(percentWeight(kg(130), 75, wellington)).toEqual(kg(98));
    expect(percentWeight(kg(116.7), 80, wellington)).toEqual(kg(93));
    // Below the bar the plates cannot help: the usual step.
    expect(percentWeight(kg(50), 30, wellington)).toEqual(kg(15));
  });
  it('withWeight fills every weighted set and leaves the rest', () => {
    const sets = [set(1, 3, kg(0)), set(2, 3, kg(50)), set(3, 3)];
    expect(withWeight(sets, kg(100))).toEqual([set(1, 3, kg(100)), set(2, 3, kg(100)), set(3, 3)]);
  });
});

describe('suggestNextStep', () => {
  it('adds 2.5 kg to each set when every set reached its reps', () => {
    const last = lift({ rep_scheme: '3x5', sets: [set(1, 5, kg(100)), set(2, 5, kg(100)), set(3, 6, kg(97.5))] });
    const next = suggestNextStep(last);
    expect(next.heavier).toBe(true);
    expect(next.repScheme).toBe('3x5');
    expect(next.sets.map((s) => s.values.weight)).toEqual([kg(102.5), kg(102.5), kg(100)]);
    expect(next.sets.map((s) => s.repetitions)).toEqual([5, 5, 6]);
  });

  it('adds 5 lb to sets entered in pounds', () => {
    const next = suggestNextStep(lift({ rep_scheme: '2x5', sets: [set(1, 5, lb(225)), set(2, 5, lb(225))] }));
    expect(next.sets.map((s) => s.values.weight)).toEqual([lb(230), lb(230)]);
  });

  it('repeats the same weights when a set fell short', () => {
    const last = lift({ rep_scheme: '3x5', sets: [set(1, 5, kg(100)), set(2, 4, kg(100)), set(3, 3, kg(100))] });
    const next = suggestNextStep(last);
    expect(next.heavier).toBe(false);
    expect(next.sets).toEqual(last.sets);
  });

  it('repeats a movement without a weight, and bodyweight sets', () => {
    const jump = lift({ movement: BOX_JUMP, rep_scheme: '3', sets: [{ position: 1, repetitions: 3, movement_id: BOX_JUMP.id, values: { height: { value: 60, units: 'centimetres' } } }] });
    expect(suggestNextStep(jump).sets).toEqual(jump.sets);
    expect(suggestNextStep(lift({ rep_scheme: '1', sets: [set(1, 1, kg(0))] })).heavier).toBe(false);
  });

  it('reads the sets part of a percentage scheme', () => {
    const next = suggestNextStep(lift({ rep_scheme: '2x3 @ 80%', sets: [set(1, 3, kg(80)), set(2, 3, kg(80))] }));
    expect(next.heavier).toBe(true);
    expect(next.sets.map((s) => s.values.weight)).toEqual([kg(82.5), kg(82.5)]);
  });
});

describe('newRecord', () => {
  const earlier = [
    lift({ id: 1, completed_at: '2026-11-01T07:00:00.000Z', rep_scheme: '3x3', sets: [set(1, 3, kg(100)), set(2, 3, kg(105)), set(3, 3, kg(100))] }),
    lift({ id: 2, completed_at: '2026-11-08T07:00:00.000Z', rep_scheme: '5', sets: [set(1, 5, kg(100))] }),
  ];

  it('a heavier set at a rep count already done is a record (the heaviest such set)', () => {
    expect(newRecord(BACK_SQUAT, earlier, [set(1, 3, kg(107.5)), set(2, 3, kg(110)), set(3, 5, kg(102.5))], 'kilograms'))
      .toEqual({ kind: 'repMax', repetitions: 3, weight: kg(110) });
  });

  it('equal to the record is not a record', () => {
    expect(newRecord(BACK_SQUAT, earlier, [set(1, 3, kg(105))], 'kilograms')).toBeNull();
  });

  it('a new estimated one-rep max counts when no rep count was beaten', () => {
    // 2 × 115 kg: never done 2 reps before; Epley 115 × (1 + 2/30) = 122.7 > 116.7 (5 × 100 / 3 × 105 → 116.7, 115.5).
    expect(newRecord(BACK_SQUAT, earlier, [set(1, 2, kg(115))], 'kilograms')).toEqual({ kind: 'estimate', weight: kg(122.7) });
  });

  it('compares across units and reports in the asked units', () => {
    // 250 lb = 113.4 kg for 3 reps beats 105 kg.
    expect(newRecord(BACK_SQUAT, earlier, [set(1, 3, lb(250))], 'pounds')).toEqual({ kind: 'repMax', repetitions: 3, weight: lb(250) });
  });

  it('the first lift of a movement, a movement without weight and lighter lifts set no record', () => {
    expect(newRecord(BACK_SQUAT, [], [set(1, 3, kg(200))], 'kilograms')).toBeNull();
    expect(newRecord(BOX_JUMP, earlier, [set(1, 3)], 'kilograms')).toBeNull();
    expect(newRecord(BACK_SQUAT, earlier, [set(1, 3, kg(90)), set(2, 8, kg(60))], 'kilograms')).toBeNull();
  });
});
