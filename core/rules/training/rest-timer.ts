// The rest timer between sets (docs/rules.md#training): its end is an absolute time, so the time
// left is worked out again from the clock on every render, after a reload, and in the service
// worker. Presets are whole seconds per movement, changed in steps of 15 s.
import { isAppPath } from '../app-path';

export const REST_DEFAULT_SECONDS = 90;
export const REST_MIN_SECONDS = 15;
/** Ten minutes: longer than any rest between sets, and a browser stops an idle service worker after minutes (docs/decisions.md). */
export const REST_MAX_SECONDS = 600;
export const REST_STEP_SECONDS = 15;

/** One rest timer at a time: a newer one replaces the shown or scheduled older one. */
export const REST_TIMER_TAG = 'rest-timer';
/** Page → service worker: show a notification at endAt unless a page shows the end itself. */
export const REST_TIMER_MESSAGE = 'rest-timer';
/** Page → service worker: the rest was skipped (or replaced by one not needing a notification). */
export const REST_TIMER_CANCEL_MESSAGE = 'rest-timer-cancel';
/** Service worker → pages at endAt, with a port: a page that shows the end on screen answers `true`. */
export const REST_TIMER_DUE_MESSAGE = 'rest-timer-due';
/** What a rest timer notification carries to the click handler. */
export const REST_TIMER_NOTIFICATION_KIND = 'rest-timer';

/** The running timer: when it ends, and for which movement. */
export interface RestTimer {
  endAt: number;
  /** The preset it started from (or was adjusted to), in seconds. */
  seconds: number;
  movementId: number;
  movementName: string;
}

/** A preset the member may have: a whole number of seconds between the minimum and the maximum. */
export function clampRestSeconds(seconds: number): number {
  if (!Number.isFinite(seconds)) return REST_DEFAULT_SECONDS;
  return Math.min(REST_MAX_SECONDS, Math.max(REST_MIN_SECONDS, Math.round(seconds)));
}

export function startRest(seconds: number, movement: { id: number; name: string }, now: number): RestTimer {
  const clamped = clampRestSeconds(seconds);
  return { endAt: now + clamped * 1000, seconds: clamped, movementId: movement.id, movementName: movement.name };
}

export function restRemainingMs(timer: Pick<RestTimer, 'endAt'>, now: number): number {
  return Math.max(0, timer.endAt - now);
}

/** Whole seconds left, rounded up: 1:30 shows for the whole first second, 0:00 only at the end. */
export function restSecondsLeft(remainingMs: number): number {
  return Math.max(0, Math.ceil(remainingMs / 1000));
}

/** m:ss, as a stopwatch shows it in every language. */
export function formatRestClock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/**
 * −15 s / +15 s: the running timer moves by the step (never into the past) and the movement's
 * preset follows, within its limits, so the next rest starts from what the member chose.
 */
export function adjustRest(timer: RestTimer, deltaSeconds: number, now: number): RestTimer {
  return { ...timer, endAt: Math.max(now, timer.endAt + deltaSeconds * 1000), seconds: clampRestSeconds(timer.seconds + deltaSeconds) };
}

/** The seconds-left marks read out to a screen reader (besides the start and the end): not every second. */
export const REST_ANNOUNCE_AT = [60, 10] as const;

/** The mark passed going from one count of seconds left to the next, if any. */
export function restMarkPassed(previousSeconds: number, nextSeconds: number): number | null {
  return REST_ANNOUNCE_AT.find((mark) => previousSeconds > mark && nextSeconds <= mark && nextSeconds > 0) ?? null;
}

export interface RestTimerSchedule {
  type: typeof REST_TIMER_MESSAGE;
  tag: string;
  endAt: number;
  /** Already translated by the page: the service worker has no translations. */
  title: string;
  body: string;
  /** The screen a tap opens when no window of the app is open. */
  path: string;
}

export interface RestTimerCancel {
  type: typeof REST_TIMER_CANCEL_MESSAGE;
  tag: string;
}

const isText = (value: unknown, max: number): value is string => typeof value === 'string' && value.length > 0 && value.length <= max;

/** A page's message to the service worker, checked: anything else is not ours and is ignored. */
export function parseRestTimerMessage(data: unknown): RestTimerSchedule | RestTimerCancel | null {
  if (typeof data !== 'object' || data === null) return null;
  const message = data as Record<string, unknown>;
  if (!isText(message.tag, 64)) return null;
  if (message.type === REST_TIMER_CANCEL_MESSAGE) return { type: REST_TIMER_CANCEL_MESSAGE, tag: message.tag };
  if (message.type !== REST_TIMER_MESSAGE) return null;
  const { endAt, title, body, path } = message;
  if (typeof endAt !== 'number' || !Number.isFinite(endAt) || !isText(title, 200) || !isText(body, 500) || !isAppPath(path)) return null;
  return { type: REST_TIMER_MESSAGE, tag: message.tag, endAt, title, body, path };
}
