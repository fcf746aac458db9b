// The rest timer bar against a stubbed store: the preset while idle, the time left from the
// stored end, the buttons, what the worker is told, and the end read out and sounded once.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Movement } from '../../../../core/contract/types';
import type { StoredRestTimer } from '../../../data/db';

const store = vi.hoisted(() => ({
  timer: null as StoredRestTimer | null,
  preset: 90,
  adjustRestPreset: vi.fn(async () => 105),
  adjustRestTimer: vi.fn(async () => null),
  clearRestTimer: vi.fn(async () => undefined),
  scheduleRestNotification: vi.fn(),
  cancelRestNotification: vi.fn(),
}));
const alarm = vi.hoisted(() => ({ playRestAlarm: vi.fn(), unlockRestAlarm: vi.fn() }));
vi.mock('../rest-timer', () => ({
  useRestTimer: () => store.timer,
  useRestPreset: () => store.preset,
  adjustRestPreset: store.adjustRestPreset,
  adjustRestTimer: store.adjustRestTimer,
  clearRestTimer: store.clearRestTimer,
  scheduleRestNotification: store.scheduleRestNotification,
  cancelRestNotification: store.cancelRestNotification,
}));
vi.mock('./rest-alarm', () => alarm);

const { RestTimerBar } = await import('./RestTimerBar');

const squat: Movement = { id: 7, name: 'Back Squat', properties: [{ type: 'weight' }] };
const NOW = Date.UTC(2026, 10, 25, 9, 0, 0);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(NOW);
  store.timer = null;
  store.preset = 90;
  vi.clearAllMocks();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('RestTimerBar', () => {
  it('shows the movement’s preset while idle, and the buttons change it', () => {
    render(<RestTimerBar movement={squat} />);
    expect(screen.getByTestId('rest-timer').textContent).toContain('Rest between sets');
    expect(screen.getByRole('timer').textContent).toBe('1:30');
    fireEvent.click(screen.getByRole('button', { name: '+15 s' }));
    expect(store.adjustRestPreset).toHaveBeenCalledWith(7, 15);
    expect(screen.queryByRole('button', { name: 'Skip' })).toBeNull();
  });

  it('shows nothing but its live region without a movement or a timer', () => {
    render(<RestTimerBar movement={undefined} />);
    expect(screen.queryByTestId('rest-timer')).toBeNull();
  });

  it('counts down from the stored end, tells the worker in the member’s language, and adjusts or skips', () => {
    store.timer = { key: 'current', endAt: NOW + 65_000, seconds: 90, movementId: 7, movementName: 'Back Squat' };
    render(<RestTimerBar movement={squat} />);
    expect(screen.getByTestId('rest-timer').textContent).toContain('Rest · Back Squat');
    expect(screen.getByRole('timer').textContent).toBe('1:05');
    expect(store.scheduleRestNotification).toHaveBeenCalledWith(store.timer, { title: 'Rest over', body: 'Back Squat: time for your next set.' }, '/');
    act(() => void vi.advanceTimersByTime(5_000));
    expect(screen.getByRole('timer').textContent).toBe('1:00');
    expect(screen.getByTestId('rest-timer-announcement').textContent).toBe('1:00 rest left');
    fireEvent.click(screen.getByRole('button', { name: '−15 s' }));
    expect(store.adjustRestTimer).toHaveBeenCalledWith(-15);
    fireEvent.click(screen.getByRole('button', { name: 'Skip' }));
    expect(store.clearRestTimer).toHaveBeenCalled();
    expect(store.cancelRestNotification).toHaveBeenCalled();
  });

  it('sounds and reads out the end once, when it happens on screen', () => {
    store.timer = { key: 'current', endAt: NOW + 3_000, seconds: 15, movementId: 7, movementName: 'Back Squat' };
    render(<RestTimerBar movement={squat} />);
    act(() => void vi.advanceTimersByTime(3_500));
    expect(screen.getByRole('timer').textContent).toBe('0:00');
    expect(screen.getByTestId('rest-timer-announcement').textContent).toBe('Rest over');
    expect(screen.getByTestId('rest-timer').textContent).toContain('Rest over');
    act(() => void vi.advanceTimersByTime(2_000));
    expect(alarm.playRestAlarm).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Dismiss' })).toBeTruthy();
  });

  it('does not sound an end that passed before the form opened', () => {
    store.timer = { key: 'current', endAt: NOW - 30_000, seconds: 90, movementId: 7, movementName: 'Back Squat' };
    render(<RestTimerBar movement={squat} />);
    expect(screen.getByTestId('rest-timer').textContent).toContain('Rest over');
    expect(alarm.playRestAlarm).not.toHaveBeenCalled();
    expect(store.scheduleRestNotification).not.toHaveBeenCalled();
  });
});
