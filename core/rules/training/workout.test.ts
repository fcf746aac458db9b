import { describe, expect, it } from 'vitest';
import type { WorkoutDefinition } from '../../contract/types';
import { draftFromDefinition, invalidWorkoutTypeMessage, isWorkoutType, workoutUpdatePayload } from './index';
import { BACK_SQUAT, BOX_JUMP, kg, lift, set, wod } from './fixtures.test-support';

describe('record type', () => {
  it('accepts wod and lift only', () => {
    expect(isWorkoutType('wod')).toBe(true);
    expect(isWorkoutType('lift')).toBe(true);
    for (const other of ['run', 'WOD', '', null, undefined, 1, {}]) expect(isWorkoutType(other)).toBe(false);
  });
  it('states that another type is invalid for a workout record', () => {
    expect(invalidWorkoutTypeMessage('run')).toBe('Type "run" is invalid for a workout record.');
    expect(invalidWorkoutTypeMessage('')).toBe('Type "" is invalid for a workout record.');
  });
  it('keeps the same message shape for values that are not strings', () => {
    expect(invalidWorkoutTypeMessage(undefined)).toBe('Type "undefined" is invalid for a workout record.');
    expect(invalidWorkoutTypeMessage(null)).toBe('Type "null" is invalid for a workout record.');
    expect(invalidWorkoutTypeMessage(42)).toBe('Type "42" is invalid for a workout record.');
    expect(invalidWorkoutTypeMessage({ a: 1 })).toBe('Type "{"a":1}" is invalid for a workout record.');
  });
  it('describes any value without throwing: deep nesting, no prototype, long text is cut', () => {
    let deep: unknown = 'wod';
    for (let i = 0; i < 20_000; i++) deep = [deep];
    expect(invalidWorkoutTypeMessage(deep)).toBe('Type "[…]" is invalid for a workout record.');
    expect(invalidWorkoutTypeMessage(Object.create(null))).toBe('Type "{}" is invalid for a workout record.');
    expect(invalidWorkoutTypeMessage('x'.repeat(500))).toBe(`Type "${'x'.repeat(60)}…" is invalid for a workout record.`);
  });
});

describe('workoutUpdatePayload', () => {
  it('omits id, type, session and definition in every spelling', () => {
    const payload = workoutUpdatePayload({
      id: 7, type: 'wod', session: { id: 3 }, session_id: 3, definition: { id: 9 }, workout_definition_id: 9, workout_definition: { id: 9 },
      name: 'Fran', notes: 'ouch',
    });
    expect(payload).toEqual({ name: 'Fran', notes: 'ouch' });
  });
  it('omits what the server computes or owns but keeps movement_id and sets', () => {
    const stored = { ...lift({ sets: [set(1, 5, kg(100))], load: kg(500) }), movement_id: BACK_SQUAT.id, org_id: 2, member_id: 5, member: { id: 5 } };
    const payload = workoutUpdatePayload(stored);
    expect(Object.keys(payload).sort()).toEqual(['completed_at', 'movement_id', 'name', 'notes', 'rep_scheme', 'sets']);
    expect(payload).toMatchObject({ movement_id: 1, rep_scheme: '1', sets: [set(1, 5, kg(100))] });
  });
  it('keeps every score of a WOD', () => {
    const payload = workoutUpdatePayload({ ...wod({ score_time: 300, as_prescribed: false }) });
    expect(payload).toMatchObject({ scoring: 'for_time', score_time: 300, score_rounds: null, as_prescribed: false });
    for (const key of ['id', 'type', 'reactions', 'created_at', 'updated_at', 'session_id', 'workout_definition_id']) expect(payload).not.toHaveProperty(key);
  });
  it('does not change its argument', () => {
    const workout = { id: 1, type: 'wod', name: 'Cindy' };
    workoutUpdatePayload(workout);
    expect(workout).toEqual({ id: 1, type: 'wod', name: 'Cindy' });
  });
});

const NOW = new Date('2026-11-22T10:00:00.000Z');
const liftDefinition: WorkoutDefinition = { id: 11, name: 'Back squat 5x5', type: 'lift', description: null, scoring: null, rep_scheme: '5x5', movement: BACK_SQUAT };
const wodDefinition: WorkoutDefinition = { id: 12, name: 'Fran', type: 'wod', description: '21-15-9', scoring: 'for_time', rep_scheme: null, movement: null };

describe('draftFromDefinition', () => {
  it('drafts a lift with the scheme\'s sets in kilograms at the class start', () => {
    const draft = draftFromDefinition(liftDefinition, { memberId: 5, session: { id: 3, start_date: '2026-11-22T07:00:00.000Z' }, now: NOW });
    expect(draft).toMatchObject({
      member_id: 5, workout_definition_id: 11, name: 'Back squat 5x5', type: 'lift', session_id: 3,
      completed_at: '2026-11-22T07:00:00.000Z', scoring: null, movement_id: 1, rep_scheme: '5x5',
    });
    expect(draft.sets).toHaveLength(5);
    expect(draft.sets[4]).toEqual({ position: 5, repetitions: 5, movement_id: 1, values: { weight: kg(0) } });
  });
  it('measures heights in centimetres', () => {
    const draft = draftFromDefinition({ ...liftDefinition, rep_scheme: '3-2', movement: BOX_JUMP }, { memberId: 5, session: null, now: NOW });
    expect(draft.sets.map((s) => s.values)).toEqual([{ height: { value: 0, units: 'centimetres' } }, { height: { value: 0, units: 'centimetres' } }]);
  });
  it('drafts the sets in the member’s preferred units', () => {
    const units = { weight: 'pounds', length: 'inches' } as const;
    expect(draftFromDefinition(liftDefinition, { memberId: 5, session: null, now: NOW, units }).sets[0]?.values).toEqual({ weight: { value: 0, units: 'pounds' } });
    const jump = draftFromDefinition({ ...liftDefinition, rep_scheme: '1', movement: BOX_JUMP }, { memberId: 5, session: null, now: NOW, units });
    expect(jump.sets[0]?.values).toEqual({ height: { value: 0, units: 'inches' } });
  });
  it('a lift with an invalid scheme or no movement starts without sets', () => {
    expect(draftFromDefinition({ ...liftDefinition, rep_scheme: 'heavy' }, { memberId: 5, session: null, now: NOW }).sets).toEqual([]);
    const noMovement = draftFromDefinition({ ...liftDefinition, movement: null }, { memberId: 5, session: null, now: NOW });
    expect(noMovement).toMatchObject({ movement_id: null, sets: [] });
  });
  it('drafts a WOD with the definition\'s scoring, completed now without a class', () => {
    expect(draftFromDefinition(wodDefinition, { memberId: null, session: null, now: NOW })).toEqual({
      member_id: null, workout_definition_id: 12, name: 'Fran', type: 'wod', session_id: null,
      completed_at: '2026-11-22T10:00:00.000Z', scoring: 'for_time', movement_id: null, rep_scheme: null, sets: [],
    });
  });
  it('a WOD definition without scoring drafts for_time', () => {
    expect(draftFromDefinition({ ...wodDefinition, scoring: null }, { memberId: 1, session: null, now: NOW }).scoring).toBe('for_time');
    expect(draftFromDefinition({ ...wodDefinition, scoring: 'for_rounds' }, { memberId: 1, session: null, now: NOW }).scoring).toBe('for_rounds');
  });
});
