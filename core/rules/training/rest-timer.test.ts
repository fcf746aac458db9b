import { describe, expect, it } from 'vitest';
import {
  REST_DEFAULT_SECONDS, REST_MAX_SECONDS, REST_MIN_SECONDS, REST_TIMER_CANCEL_MESSAGE, REST_TIMER_MESSAGE,
  adjustRest, clampRestSeconds, formatRestClock, parseRestTimerMessage, restMarkPassed, restRemainingMs, restSecondsLeft, startRest,
} from './rest-timer';

const SQUAT = { id: 7, name: 'Back Squat' };
const NOW = Date.UTC(2026, 10, 25, 9, 0, 0);

describe('rest presets', () => {
  it('keeps a preset between 15 s and 10 min, in whole seconds, 90 s when unreadable', () => {
    expect(clampRestSeconds(90)).toBe(90);
    expect(clampRestSeconds(0)).toBe(REST_MIN_SECONDS);
    expect(clampRestSeconds(-30)).toBe(15);
    expect(clampRestSeconds(3600)).toBe(REST_MAX_SECONDS);
    expect(clampRestSeconds(44.6)).toBe(45);
    expect(clampRestSeconds(Number.NaN)).toBe(REST_DEFAULT_SECONDS);
  });
});

describe('the running rest timer', () => {
  it('ends at an absolute time the preset after the start', () => {
    expect(startRest(90, SQUAT, NOW)).toEqual({ endAt: NOW + 90_000, seconds: 90, movementId: 7, movementName: 'Back Squat' });
    expect(startRest(5, SQUAT, NOW).endAt).toBe(NOW + 15_000);
  });
  it('works out the time left from the clock, never below zero', () => {
    const timer = startRest(90, SQUAT, NOW);
    expect(restRemainingMs(timer, NOW + 30_000)).toBe(60_000);
    expect(restRemainingMs(timer, NOW + 120_000)).toBe(0);
  });
  it('rounds the seconds left up, so the start shows the whole preset and 0 only at the end', () => {
    expect(restSecondsLeft(90_000)).toBe(90);
    expect(restSecondsLeft(89_001)).toBe(90);
    expect(restSecondsLeft(1)).toBe(1);
    expect(restSecondsLeft(0)).toBe(0);
  });
  it('formats m:ss', () => {
    expect(formatRestClock(90)).toBe('1:30');
    expect(formatRestClock(5)).toBe('0:05');
    expect(formatRestClock(600)).toBe('10:00');
    expect(formatRestClock(0)).toBe('0:00');
    expect(formatRestClock(-3)).toBe('0:00');
  });
  it('moves the end by 15 s either way, never into the past, and the preset follows within its limits', () => {
    const timer = startRest(90, SQUAT, NOW);
    expect(adjustRest(timer, 15, NOW + 10_000)).toMatchObject({ endAt: NOW + 105_000, seconds: 105 });
    expect(adjustRest(timer, -15, NOW + 10_000)).toMatchObject({ endAt: NOW + 75_000, seconds: 75 });
    const short = startRest(15, SQUAT, NOW);
    expect(adjustRest(short, -15, NOW + 5_000)).toMatchObject({ endAt: NOW + 5_000, seconds: 15 });
    expect(adjustRest(startRest(600, SQUAT, NOW), 15, NOW)).toMatchObject({ endAt: NOW + 615_000, seconds: 600 });
  });
  it('reads out the 60 s and 10 s marks once each, not every second nor at the end', () => {
    expect(restMarkPassed(61, 60)).toBe(60);
    expect(restMarkPassed(60, 59)).toBeNull();
    expect(restMarkPassed(14, 9)).toBe(10);
    expect(restMarkPassed(30, 29)).toBeNull();
    expect(restMarkPassed(11, 0)).toBeNull();
  });
});

describe('parseRestTimerMessage', () => {
  const schedule = { type: REST_TIMER_MESSAGE, tag: 'rest-timer', endAt: NOW, title: 'Rest over', body: 'Back Squat: next set', path: '/training/workouts/new/lift' };
  it('accepts a schedule and a cancel', () => {
    expect(parseRestTimerMessage(schedule)).toEqual(schedule);
    expect(parseRestTimerMessage({ type: REST_TIMER_CANCEL_MESSAGE, tag: 'rest-timer' })).toEqual({ type: REST_TIMER_CANCEL_MESSAGE, tag: 'rest-timer' });
  });
  it('ignores other messages and broken schedules', () => {
    expect(parseRestTimerMessage({ type: 'SKIP_WAITING' })).toBeNull();
    expect(parseRestTimerMessage(null)).toBeNull();
    expect(parseRestTimerMessage('rest-timer')).toBeNull();
    expect(parseRestTimerMessage({ ...schedule, endAt: 'soon' })).toBeNull();
    expect(parseRestTimerMessage({ ...schedule, title: '' })).toBeNull();
    expect(parseRestTimerMessage({ ...schedule, path: 'https://elsewhere.example/' })).toBeNull();
    expect(parseRestTimerMessage({ ...schedule, path: '//elsewhere.example/' })).toBeNull();
    expect(parseRestTimerMessage({ ...schedule, path: '/\t/elsewhere.example/' })).toBeNull();
    expect(parseRestTimerMessage({ ...schedule, tag: undefined })).toBeNull();
  });
});
