import { describe, expect, it } from 'vitest';
import type { ScoringType } from '../../contract/types';
import { compareWodResults, formatDuration, hasScore, parseDuration, SCORING_TYPES, scoreFieldsFor } from './index';
import { wod } from './fixtures.test-support';

describe('scoreFieldsFor', () => {
  it.each<[ScoringType, string[]]>([
    ['for_time', ['score_time']],
    ['for_rounds', ['score_rounds', 'score_repetitions']],
    ['for_distance', ['score_distance']],
    ['for_load', ['score_load']],
    ['for_repetitions', ['score_repetitions']],
    ['for_calories', ['score_calories']],
    ['tabata', ['score_tabata']],
    ['total', ['score_total']],
    ['none', []],
  ])('%s → %j', (scoring, fields) => {
    expect(scoreFieldsFor(scoring)).toEqual(fields);
  });
  it('covers every scoring type of SPEC §5', () => {
    expect(SCORING_TYPES).toEqual(['for_time', 'for_rounds', 'for_distance', 'for_load', 'for_repetitions', 'for_calories', 'tabata', 'total', 'none']);
  });
});

describe('durations', () => {
  it.each([
    ['12:34', 754], ['0:45', 45], ['00:05', 5], ['1:02:03', 3723], ['90:00', 5400], [' 3:00 ', 180], ['0:00', 0],
  ])('parses %j as %d seconds', (text, seconds) => {
    expect(parseDuration(text)).toBe(seconds);
  });
  it.each(['', '12', '1:5', 'a:bc', '-1:00', '1:60', '1:02:60', '1:60:00', '1:2:03', ':30', '12:', '1:00:00:00', '1.5:00'])(
    'rejects %j',
    (text) => {
      expect(parseDuration(text)).toBeNull();
    },
  );
  it.each([[754, '12:34'], [45, '0:45'], [0, '0:00'], [3600, '1:00:00'], [3723, '1:02:03'], [5400, '1:30:00']])(
    'formats %d seconds as %j',
    (seconds, text) => {
      expect(formatDuration(seconds)).toBe(text);
    },
  );
  it('round-trips', () => {
    for (const seconds of [0, 59, 60, 599, 3599, 3600, 86399]) expect(parseDuration(formatDuration(seconds))).toBe(seconds);
  });
});

describe('hasScore', () => {
  it('needs the scoring type\'s own field', () => {
    expect(hasScore(wod({ scoring: 'for_time', score_time: 300 }))).toBe(true);
    expect(hasScore(wod({ scoring: 'for_time', score_rounds: 3 }))).toBe(false);
    expect(hasScore(wod({ scoring: 'for_calories', score_calories: 0 }))).toBe(true);
    expect(hasScore(wod({ scoring: 'total', score_total: null }))).toBe(false);
  });
  it('for_rounds needs rounds; reps into the next round are optional', () => {
    expect(hasScore(wod({ scoring: 'for_rounds', score_rounds: 5 }))).toBe(true);
    expect(hasScore(wod({ scoring: 'for_rounds', score_repetitions: 12 }))).toBe(false);
  });
  it('none always has its score', () => {
    expect(hasScore(wod({ scoring: 'none' }))).toBe(true);
  });
});

/** Sorts with the comparator and returns the ids. */
const order = (...wods: ReturnType<typeof wod>[]) => [...wods].sort(compareWodResults).map((w) => w.id);

describe('compareWodResults', () => {
  it('for_time: faster first', () => {
    expect(order(wod({ id: 1, score_time: 300 }), wod({ id: 2, score_time: 240 }), wod({ id: 3, score_time: 420 }))).toEqual([2, 1, 3]);
  });
  it('for_rounds: more rounds first, then more reps', () => {
    const s = 'for_rounds' as const;
    expect(order(
      wod({ id: 1, scoring: s, score_rounds: 5, score_repetitions: 3 }),
      wod({ id: 2, scoring: s, score_rounds: 6, score_repetitions: 0 }),
      wod({ id: 3, scoring: s, score_rounds: 5, score_repetitions: 10 }),
      wod({ id: 4, scoring: s, score_rounds: 5, score_repetitions: null }),
    )).toEqual([2, 3, 1, 4]);
  });
  it('for_load: heavier first, compared in kilograms', () => {
    const s = 'for_load' as const;
    expect(order(
      wod({ id: 1, scoring: s, score_load: 100, score_load_units: 'kilograms' }),
      wod({ id: 2, scoring: s, score_load: 225, score_load_units: 'pounds' }), // ≈ 102 kg
      wod({ id: 3, scoring: s, score_load: 200, score_load_units: 'pounds' }), // ≈ 90.7 kg
      wod({ id: 4, scoring: s, score_load: 95, score_load_units: null }), // kilograms
    )).toEqual([2, 1, 4, 3]);
  });
  it.each<[ScoringType, 'score_distance' | 'score_repetitions' | 'score_calories' | 'score_tabata' | 'score_total']>([
    ['for_distance', 'score_distance'],
    ['for_repetitions', 'score_repetitions'],
    ['for_calories', 'score_calories'],
    ['tabata', 'score_tabata'],
    ['total', 'score_total'],
  ])('%s: higher %s first', (scoring, field) => {
    expect(order(wod({ id: 1, scoring, [field]: 10 }), wod({ id: 2, scoring, [field]: 30 }), wod({ id: 3, scoring, [field]: 20 }))).toEqual([2, 3, 1]);
  });
  it('as_prescribed ranks above scaled whatever the score', () => {
    expect(order(wod({ id: 1, score_time: 200, as_prescribed: false }), wod({ id: 2, score_time: 600, as_prescribed: true }))).toEqual([2, 1]);
  });
  it('a missing score ranks last within its Rx group, and an Rx result without a score still above scaled', () => {
    expect(order(
      wod({ id: 1, score_time: null, as_prescribed: true }),
      wod({ id: 2, score_time: 500, as_prescribed: false }),
      wod({ id: 3, score_time: 300, as_prescribed: true }),
      wod({ id: 4, score_time: null, as_prescribed: false }),
    )).toEqual([3, 1, 2, 4]);
  });
  it('a missing time is not a fast time', () => {
    expect(compareWodResults(wod({ score_time: null }), wod({ score_time: 9999 }))).toBeGreaterThan(0);
  });
  it('equal scores tie', () => {
    expect(compareWodResults(wod({ score_time: 300 }), wod({ score_time: 300 }))).toBe(0);
    expect(compareWodResults(wod({ score_time: null }), wod({ score_time: null }))).toBe(0);
    expect(compareWodResults(
      wod({ scoring: 'for_load', score_load: 100, score_load_units: 'kilograms' }),
      wod({ scoring: 'for_load', score_load: 100, score_load_units: null }),
    )).toBe(0);
  });
  it('none: every result ties apart from Rx', () => {
    expect(compareWodResults(wod({ scoring: 'none', score_time: 1 }), wod({ scoring: 'none', score_time: 2 }))).toBe(0);
    expect(compareWodResults(wod({ scoring: 'none', as_prescribed: false }), wod({ scoring: 'none', as_prescribed: true }))).toBeGreaterThan(0);
  });
});
