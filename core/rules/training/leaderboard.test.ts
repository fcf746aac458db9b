import { describe, expect, it } from 'vitest';
import type { LeaderboardEntry, ScoringType, WodWorkout } from '../../contract/types';
import { compareLiftResults, countsForBoard, rankLeaderboard } from './index';
import { entry, kg, lb, lift, set, wod } from './fixtures.test-support';

const ranks = (board: LeaderboardEntry[]) => board.map((e) => [e.member.id, e.rank]);
const wodBoard = (scoring: ScoringType) => ({ type: 'wod' as const, scoring });
const liftBoard = { type: 'lift' as const, scoring: null };

/** Members 1–3 with scores a member 1, b member 2, c member 3; the expected order is by member id. */
const cases: [ScoringType, Partial<WodWorkout>, Partial<WodWorkout>, Partial<WodWorkout>][] = [
  ['for_time', { score_time: 240 }, { score_time: 300 }, { score_time: 420 }],
  ['for_rounds', { score_rounds: 7, score_repetitions: 0 }, { score_rounds: 6, score_repetitions: 12 }, { score_rounds: 6, score_repetitions: 3 }],
  ['for_distance', { score_distance: 5000 }, { score_distance: 4800 }, { score_distance: 100 }],
  ['for_load', { score_load: 225, score_load_units: 'pounds' }, { score_load: 100, score_load_units: 'kilograms' }, { score_load: 200, score_load_units: 'pounds' }],
  ['for_repetitions', { score_repetitions: 150 }, { score_repetitions: 120 }, { score_repetitions: 99 }],
  ['for_calories', { score_calories: 80 }, { score_calories: 72 }, { score_calories: 50 }],
  ['tabata', { score_tabata: 96 }, { score_tabata: 80 }, { score_tabata: 64 }],
  ['total', { score_total: 400 }, { score_total: 350 }, { score_total: 349 }],
];

describe('rankLeaderboard: WODs', () => {
  it.each(cases)('%s orders best first', (scoring, a, b, c) => {
    const board = rankLeaderboard(wodBoard(scoring), [
      entry(3, wod({ id: 13, scoring, ...c })),
      entry(1, wod({ id: 11, scoring, ...a })),
      entry(2, wod({ id: 12, scoring, ...b })),
    ]);
    expect(ranks(board)).toEqual([[1, 1], [2, 2], [3, 3]]);
  });

  it.each(cases)('%s puts as_prescribed above scaled', (scoring, a, b) => {
    const board = rankLeaderboard(wodBoard(scoring), [
      entry(1, wod({ id: 11, scoring, ...a, as_prescribed: false })),
      entry(2, wod({ id: 12, scoring, ...b, as_prescribed: true })),
    ]);
    expect(ranks(board)).toEqual([[2, 1], [1, 2]]);
  });

  it('ties share a rank and the next rank skips (1, 2, 2, 4)', () => {
    const board = rankLeaderboard(wodBoard('for_time'), [
      entry(1, wod({ id: 11, score_time: 200 })),
      entry(2, wod({ id: 12, score_time: 300, completed_at: '2026-11-20T07:10:00.000Z' })),
      entry(3, wod({ id: 13, score_time: 300, completed_at: '2026-11-20T07:05:00.000Z' })),
      entry(4, wod({ id: 14, score_time: 400 })),
    ]);
    expect(ranks(board)).toEqual([[1, 1], [3, 2], [2, 2], [4, 4]]);
  });

  it('keeps only each member\'s best result', () => {
    const board = rankLeaderboard(wodBoard('for_time'), [
      entry(1, wod({ id: 11, score_time: 500 })),
      entry(2, wod({ id: 12, score_time: 400 })),
      entry(1, wod({ id: 13, score_time: 300 })),
      entry(1, wod({ id: 14, score_time: 250, as_prescribed: false })),
    ]);
    expect(board.map((e) => [e.member.id, e.workout_id, e.rank])).toEqual([[1, 13, 1], [2, 12, 2]]);
  });

  it('results without a score come last within their Rx group', () => {
    const board = rankLeaderboard(wodBoard('for_rounds'), [
      entry(1, wod({ id: 11, scoring: 'for_rounds', score_rounds: null })),
      entry(2, wod({ id: 12, scoring: 'for_rounds', score_rounds: 3 })),
      entry(3, wod({ id: 13, scoring: 'for_rounds', score_rounds: 9, as_prescribed: false })),
      entry(4, wod({ id: 14, scoring: 'for_rounds', score_rounds: null, as_prescribed: false })),
    ]);
    expect(ranks(board)).toEqual([[2, 1], [1, 2], [3, 3], [4, 4]]);
  });

  it('ranks by the board\'s scoring type', () => {
    const board = rankLeaderboard(wodBoard('for_repetitions'), [
      entry(1, wod({ id: 11, scoring: 'for_time', score_repetitions: 50, score_time: 100 })),
      entry(2, wod({ id: 12, scoring: 'for_time', score_repetitions: 80, score_time: 900 })),
    ]);
    expect(ranks(board)).toEqual([[2, 1], [1, 2]]);
  });

  it('scoring none: by completion time, each its own rank, earliest result per member', () => {
    const board = rankLeaderboard(wodBoard('none'), [
      entry(1, wod({ id: 11, scoring: 'none', completed_at: '2026-11-20T07:30:00.000Z' })),
      entry(2, wod({ id: 12, scoring: 'none', completed_at: '2026-11-20T07:10:00.000Z', as_prescribed: false })),
      entry(3, wod({ id: 13, scoring: 'none', completed_at: '2026-11-20T07:10:00.000Z' })),
      entry(1, wod({ id: 14, scoring: 'none', completed_at: '2026-11-20T07:20:00.000Z' })),
    ]);
    expect(board.map((e) => [e.workout_id, e.rank])).toEqual([[12, 1], [13, 2], [14, 3]]);
  });

  it('is empty without results', () => {
    expect(rankLeaderboard(wodBoard('for_time'), [])).toEqual([]);
  });

  it('keeps the entry fields and adds the rank', () => {
    const unranked = { ...entry(1, wod({ id: 11, score_time: 100 })), mine: true };
    expect(rankLeaderboard(wodBoard('for_time'), [unranked])).toEqual([{ ...unranked, rank: 1 }]);
  });
});

describe('rankLeaderboard: lifts', () => {
  it('ranks by heaviest set in kilograms, then by load', () => {
    const board = rankLeaderboard(liftBoard, [
      entry(1, lift({ id: 11, sets: [set(1, 5, kg(100))], load: kg(500) })),
      entry(2, lift({ id: 12, sets: [set(1, 1, lb(250))], load: lb(250) })), // 113.4 kg heaviest
      entry(3, lift({ id: 13, sets: [set(1, 5, kg(100)), set(2, 5, kg(100))], load: kg(1000) })),
      entry(4, lift({ id: 14, sets: [set(1, 3, kg(90))], load: kg(270) })),
    ]);
    expect(ranks(board)).toEqual([[2, 1], [3, 2], [1, 3], [4, 4]]);
  });
  it('equal heaviest set and load tie', () => {
    const board = rankLeaderboard(liftBoard, [
      entry(1, lift({ id: 11, sets: [set(1, 5, kg(100))], load: kg(500) })),
      entry(2, lift({ id: 12, sets: [set(1, 5, kg(100))], load: kg(500) })),
      entry(3, lift({ id: 13, sets: [set(1, 5, kg(80))], load: kg(400) })),
    ]);
    expect(ranks(board)).toEqual([[1, 1], [2, 1], [3, 3]]);
  });
  it('keeps each member\'s heaviest lift', () => {
    const board = rankLeaderboard(liftBoard, [
      entry(1, lift({ id: 11, sets: [set(1, 5, kg(100))], load: kg(500) })),
      entry(1, lift({ id: 12, sets: [set(1, 1, kg(120))], load: kg(120) })),
    ]);
    expect(board.map((e) => e.workout_id)).toEqual([12]);
  });
  it('compareLiftResults: negative when a ranks above b, 0 on a tie', () => {
    const heavy = lift({ sets: [set(1, 1, kg(150))], load: kg(150) });
    const light = lift({ sets: [set(1, 10, kg(100))], load: kg(1000) });
    expect(compareLiftResults(heavy, light)).toBeLessThan(0);
    expect(compareLiftResults(light, heavy)).toBeGreaterThan(0);
    expect(compareLiftResults(heavy, { ...heavy })).toBe(0);
  });
  it('a lift without a load ranks after one with the same heaviest set and a load', () => {
    expect(compareLiftResults(lift({ sets: [set(1, 1, kg(100))], load: null }), lift({ sets: [set(1, 1, kg(100))], load: kg(100) }))).toBeGreaterThan(0);
  });
});

describe('countsForBoard', () => {
  it('needs the same session and definition', () => {
    expect(countsForBoard({ session_id: 3, workout_definition_id: 9 }, 3, 9)).toBe(true);
    expect(countsForBoard({ session_id: 4, workout_definition_id: 9 }, 3, 9)).toBe(false);
    expect(countsForBoard({ session_id: 3, workout_definition_id: 8 }, 3, 9)).toBe(false);
    expect(countsForBoard({ session_id: null, workout_definition_id: 9 }, 3, 9)).toBe(false);
  });
});
