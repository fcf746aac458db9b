import { describe, expect, it } from 'vitest';
import { defaultUnits, hasWeight, inWeightUnits, KG_PER_LB, liftLoad, measurementUnitsOf, setsForScheme, setValueProblem, toKilograms, unitsByProperty } from './index';
import { BACK_SQUAT, BOX_JUMP, kg, lb, set, SLED_PUSH } from './fixtures.test-support';

describe('units', () => {
  it('defaults to kilograms and centimetres', () => {
    expect(defaultUnits('weight')).toBe('kilograms');
    expect(defaultUnits('height')).toBe('centimetres');
    expect(defaultUnits('distance')).toBe('centimetres');
  });
  it('converts pounds to kilograms and leaves kilograms alone', () => {
    expect(toKilograms(100, 'kilograms')).toBe(100);
    expect(toKilograms(100, 'pounds')).toBeCloseTo(45.359237, 9);
    expect(KG_PER_LB).toBe(0.45359237);
  });
  it('reads the member’s preferred units, kilograms and centimetres when the profile has none yet', () => {
    expect(measurementUnitsOf(undefined)).toEqual({ weight: 'kilograms', length: 'centimetres' });
    expect(measurementUnitsOf({})).toEqual({ weight: 'kilograms', length: 'centimetres' });
    expect(measurementUnitsOf({ weight_units: 'pounds', length_units: 'inches' })).toEqual({ weight: 'pounds', length: 'inches' });
  });
  it('gives weight the weight units and height and distance the length units', () => {
    expect(unitsByProperty({ weight: 'pounds', length: 'inches' })).toEqual({ weight: 'pounds', height: 'inches', distance: 'inches' });
    expect(unitsByProperty({ weight: 'kilograms', length: 'centimetres' })).toEqual({ weight: 'kilograms', height: 'centimetres', distance: 'centimetres' });
  });
  it('shows a weight in other units to one decimal, and the same object when the units match', () => {
    expect(inWeightUnits(kg(100), 'pounds')).toEqual({ value: 220.5, units: 'pounds' });
    expect(inWeightUnits(lb(225), 'kilograms')).toEqual({ value: 102.1, units: 'kilograms' });
    const same = lb(135);
    expect(inWeightUnits(same, 'pounds')).toBe(same);
  });
  it('knows whether a movement has a weight property', () => {
    expect(hasWeight(BACK_SQUAT)).toBe(true);
    expect(hasWeight(SLED_PUSH)).toBe(true);
    expect(hasWeight(BOX_JUMP)).toBe(false);
  });
});

describe('liftLoad', () => {
  it('sums repetitions × weight', () => {
    expect(liftLoad([set(1, 5, kg(100)), set(2, 3, kg(110)), set(3, 1, kg(120))], BACK_SQUAT)).toEqual(kg(950));
  });
  it('rounds to one decimal: 3 × 33.33 = 99.99 → 100', () => {
    expect(liftLoad([set(1, 3, kg(33.33))], BACK_SQUAT)).toEqual(kg(100));
  });
  it('rounds 0.1 + 0.2 style sums to one decimal', () => {
    expect(liftLoad([set(1, 1, kg(0.1)), set(2, 1, kg(0.2))], BACK_SQUAT)).toEqual(kg(0.3));
    expect(liftLoad([set(1, 2, kg(22.27))], BACK_SQUAT)).toEqual(kg(44.5));
  });
  it('keeps pounds when the sets are in pounds', () => {
    expect(liftLoad([set(1, 5, lb(225)), set(2, 5, lb(225))], BACK_SQUAT)).toEqual(lb(2250));
  });
  it("converts sets in other units to the first weighted set's units", () => {
    // 5 × 100 kg + 5 × 220.46 lb (≈ 100 kg) ≈ 1000 kg
    expect(liftLoad([set(1, 5, kg(100)), set(2, 5, lb(220.46))], BACK_SQUAT)).toEqual(kg(1000));
    // 1 × 100 lb + 1 × 45.359237 kg (= 100 lb) = 200 lb
    expect(liftLoad([set(1, 1, lb(100)), set(2, 1, kg(45.359237))], BACK_SQUAT)).toEqual(lb(200));
  });
  it('counts sets without a weight as zero and takes units from the first weighted set', () => {
    expect(liftLoad([set(1, 5), set(2, 5, lb(100))], BACK_SQUAT)).toEqual(lb(500));
  });
  it('is 0 kg when no set has a weight yet', () => {
    expect(liftLoad([set(1, 5), set(2, 5)], BACK_SQUAT)).toEqual(kg(0));
    expect(liftLoad([], BACK_SQUAT)).toEqual(kg(0));
  });
  it('is null when the movement has no weight property', () => {
    expect(liftLoad([set(1, 5, kg(100))], BOX_JUMP)).toBeNull();
  });
  it('only weight counts towards the load of a movement with several properties', () => {
    const sets = [{ position: 1, repetitions: 2, movement_id: SLED_PUSH.id, values: { weight: kg(80), distance: { value: 2000, units: 'centimetres' as const } } }];
    expect(liftLoad(sets, SLED_PUSH)).toEqual(kg(160));
  });
});

describe('setsForScheme', () => {
  it('makes one set per entry with positions, the movement and zero values in the given units', () => {
    expect(setsForScheme([5, 3, 1], BACK_SQUAT, [], { weight: 'pounds' })).toEqual([
      { position: 1, repetitions: 5, movement_id: 1, values: { weight: lb(0) } },
      { position: 2, repetitions: 3, movement_id: 1, values: { weight: lb(0) } },
      { position: 3, repetitions: 1, movement_id: 1, values: { weight: lb(0) } },
    ]);
  });
  it('uses default units for properties without given units', () => {
    const [first] = setsForScheme([5], SLED_PUSH, [], {});
    expect(first?.values).toEqual({ weight: kg(0), distance: { value: 0, units: 'centimetres' } });
  });
  it('keeps values typed at the same position and takes reps from the scheme', () => {
    const previous = [set(1, 5, kg(100)), set(2, 5, kg(105))];
    expect(setsForScheme([3, 3], BACK_SQUAT, previous, { weight: 'kilograms' })).toEqual([
      { position: 1, repetitions: 3, movement_id: 1, values: { weight: kg(100) } },
      { position: 2, repetitions: 3, movement_id: 1, values: { weight: kg(105) } },
    ]);
  });
  it("new sets beyond the previous ones copy the last previous set's values", () => {
    const sets = setsForScheme([5, 5, 5, 5], BACK_SQUAT, [set(1, 5, kg(60)), set(2, 5, lb(150))], {});
    expect(sets.map((s) => s.values.weight)).toEqual([kg(60), lb(150), lb(150), lb(150)]);
    expect(sets.map((s) => s.position)).toEqual([1, 2, 3, 4]);
  });
  it('drops sets beyond the scheme', () => {
    expect(setsForScheme([5], BACK_SQUAT, [set(1, 5, kg(60)), set(2, 5, kg(70))], {})).toHaveLength(1);
  });
  it('gives no sets for an empty scheme', () => {
    expect(setsForScheme([], BACK_SQUAT, [set(1, 5, kg(60))], {})).toEqual([]);
  });
  it("keeps only the new movement's properties when the movement changes", () => {
    const previous = [set(1, 5, kg(60))];
    const [jump] = setsForScheme([5], BOX_JUMP, previous, {});
    expect(jump).toEqual({ position: 1, repetitions: 5, movement_id: BOX_JUMP.id, values: { height: { value: 0, units: 'centimetres' } } });
  });
  it('does not share value objects with the previous sets', () => {
    const previous = [set(1, 5, kg(60))];
    const [first] = setsForScheme([5], BACK_SQUAT, previous, {});
    expect(first?.values.weight).not.toBe(previous[0]?.values.weight);
  });

  it('refuses a height or distance of 0 but keeps a weight of 0 (bodyweight)', () => {
    expect(setValueProblem('height', 0)).toBe('positive');
    expect(setValueProblem('distance', 0)).toBe('positive');
    expect(setValueProblem('weight', 0)).toBeNull();
    expect(setValueProblem('height', 60)).toBeNull();
    expect(setValueProblem('weight', -1)).toBe('number');
    expect(setValueProblem('weight', Number.NaN)).toBe('number');
    expect(setValueProblem('distance', 10_001)).toBe('tooLarge');
  });
});
