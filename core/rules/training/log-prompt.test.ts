import { describe, expect, it } from 'vitest';
import { logPromptKind, logResultPath, promptedWorkout } from './log-prompt';
import { notificationTarget } from '../notification-target';

describe('the prompt to log a class workout', () => {
  it('names the first WOD of the whiteboard, else its first lift, else nothing', () => {
    expect(promptedWorkout([{ type: 'lift', id: 1 }, { type: 'wod', id: 2 }, { type: 'wod', id: 3 }])?.id).toBe(2);
    expect(promptedWorkout([{ type: 'lift', id: 1 }, { type: 'lift', id: 4 }])?.id).toBe(1);
    expect(promptedWorkout([])).toBeNull();
  });

  it('asks a WOD for time for the time, other WODs for the score, a lift by name', () => {
    expect(logPromptKind({ type: 'wod', scoring: 'for_time' })).toBe('time');
    expect(logPromptKind({ type: 'wod', scoring: 'for_rounds' })).toBe('score');
    expect(logPromptKind({ type: 'lift', scoring: null })).toBe('lift');
  });

  it('opens the form prefilled from the class, the same address as "Log my result"', () => {
    const params = { class: { id: 9, name: 'CrossFit', start_date: '2026-11-27T18:00:00Z' }, workout: { definition_id: 4, type: 'wod' as const, name: 'Fran', scoring: 'for_time' } };
    expect(notificationTarget({ type: 'log_workout', params })).toEqual({ path: logResultPath({ type: 'wod', id: 4 }, 9) });
    expect(logResultPath({ type: 'lift', id: 4 }, 9)).toBe('/training/workouts/new/lift?definition=4&session=9');
    expect(notificationTarget({ type: 'log_workout', params: { class: params.class } })).toEqual({ ignored: true, reason: 'missing_params' });
  });
});
