// The rest timer on the lift form (docs/rules.md#training). Idle, a line under the sets with the
// movement's preset and −15 s / +15 s; running (and just ended), a bar at the foot of the screen
// with the time left worked out from the stored end time, −15 s / +15 s / Skip. The page keeps
// the bar's height free (useBarSpace), so the bar never covers a set. A screen reader hears the
// start, the 60 s and 10 s marks, a change, and the end — not every second.
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import type { Movement } from '../../../../core/contract/types';
import type { StoredRestTimer } from '../../../data/db';
import { Button } from '../../../ui/button/index';
import {
  REST_STEP_SECONDS, REST_TIMER_DUE_MESSAGE, formatRestClock, restMarkPassed, restRemainingMs, restSecondsLeft,
} from '../../../../core/rules/training/rest-timer';
import {
  adjustRestTimer, cancelRestNotification, clearRestTimer, scheduleRestNotification, adjustRestPreset, useRestPreset, useRestTimer,
} from '../rest-timer';
import { playRestAlarm } from './rest-alarm';

/** An end longer ago than this is not worth showing when the form opens again. */
const ENDED_SHOWN_MS = 10 * 60_000;
const TICK_MS = 250;

function useClock(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    if (!running) return undefined;
    const id = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(id);
  }, [running]);
  return now;
}

/**
 * While the bar shows, its height is kept free at the page's foot (--rest-bar-space, read by
 * training.css as the body's padding and the page's scroll-padding), and a control the member ticks
 * or moves to is never left behind it.
 */
function useBarSpace(bar: RefObject<HTMLElement | null>, shown: boolean): void {
  useLayoutEffect(() => {
    const element = bar.current;
    if (!shown || !element) return undefined;
    const root = document.documentElement;
    const reserve = () => root.style.setProperty('--rest-bar-space', `${Math.ceil(element.getBoundingClientRect().height)}px`);
    reserve();
    // The tick the member just pressed, if the bar came over it, goes above the bar.
    const active = document.activeElement;
    if (active instanceof HTMLElement && active !== document.body && !element.contains(active)) {
      const covered = active.getBoundingClientRect().bottom - element.getBoundingClientRect().top;
      if (covered > 0) window.scrollBy(0, covered + 8);
    }
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(reserve);
    observer?.observe(element);
    // A browser's focus scroll does not count the bar (nor scroll-padding): a control the member
    // moves to behind it is scrolled up above it.
    const onFocus = (event: FocusEvent) => {
      const target = event.target;
      if (!(target instanceof HTMLElement) || element.contains(target)) return;
      const covered = target.getBoundingClientRect().bottom - element.getBoundingClientRect().top;
      if (covered > 0) window.scrollBy(0, covered + 8);
    };
    document.addEventListener('focusin', onFocus);
    return () => {
      observer?.disconnect();
      document.removeEventListener('focusin', onFocus);
      root.style.removeProperty('--rest-bar-space');
    };
  }, [bar, shown]);
}

const pageVisible = () => typeof document === 'undefined' || document.visibilityState === 'visible';

/** The service worker asks at the end whether this page shows it on screen (it then does not notify). */
function useAnswerWorker(): void {
  useEffect(() => {
    const container = globalThis.navigator?.serviceWorker;
    if (!container) return undefined;
    const onMessage = (event: MessageEvent) => {
      if ((event.data as { type?: unknown } | null)?.type === REST_TIMER_DUE_MESSAGE) event.ports[0]?.postMessage(pageVisible());
    };
    container.addEventListener('message', onMessage);
    return () => container.removeEventListener('message', onMessage);
  }, []);
}

function notificationPermission(): NotificationPermission | null {
  return typeof Notification === 'undefined' || !globalThis.navigator?.serviceWorker ? null : Notification.permission;
}

export function RestTimerBar({ movement }: { movement: Movement | undefined }) {
  const { t } = useTranslation('training');
  const stored = useRestTimer();
  const preset = useRestPreset(movement?.id ?? null);
  const clockNow = useClock(stored != null && stored.endAt > Date.now());
  const timer = stored && clockNow - stored.endAt < ENDED_SHOWN_MS ? stored : null;
  const secondsLeft = timer ? restSecondsLeft(restRemainingMs(timer, clockNow)) : 0;
  const [announcement, setAnnouncement] = useState('');
  const [permission, setPermission] = useState(notificationPermission);
  useAnswerWorker();
  const bar = useRef<HTMLElement>(null);
  useBarSpace(bar, Boolean(timer));

  // What the worker shows if the page is hidden at the end; the page keeps it up to date.
  const schedule = (current: StoredRestTimer) =>
    scheduleRestNotification(
      current,
      { title: t('training.rest.notifyTitle'), body: t('training.rest.notifyBody', { movement: current.movementName }) },
      window.location.pathname + window.location.search,
    );

  // A new end time (started, adjusted, or another tab's): announce it and tell the worker.
  const seenEnd = useRef<number | null | undefined>(undefined);
  const endAt = stored === undefined ? undefined : (stored?.endAt ?? null);
  useEffect(() => {
    if (endAt === undefined || stored === undefined) return;
    const previous = seenEnd.current;
    seenEnd.current = endAt;
    if (stored === null || stored.endAt <= Date.now()) return;
    schedule(stored);
    if (previous === undefined) return;
    const left = formatRestClock(restSecondsLeft(restRemainingMs(stored, Date.now())));
    setAnnouncement(previous === null || previous <= Date.now() ? t('training.rest.started', { time: left }) : t('training.rest.left', { time: left }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new end time matters
  }, [endAt]);

  // Hidden (screen locked, app in the background): schedule again, so the worker's wait starts fresh.
  const onHidden = useRef<() => void>(() => undefined);
  onHidden.current = () => {
    if (stored && stored.endAt > Date.now()) schedule(stored);
  };
  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') onHidden.current();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);

  // The marks and the end, seen happen on this screen (not an end that passed before it opened).
  const previousSeconds = useRef(secondsLeft);
  useEffect(() => {
    const previous = previousSeconds.current;
    previousSeconds.current = secondsLeft;
    if (!timer || previous === secondsLeft) return;
    if (previous > 0 && secondsLeft === 0) {
      setAnnouncement(t('training.rest.over'));
      if (pageVisible()) playRestAlarm();
      return;
    }
    const mark = restMarkPassed(previous, secondsLeft);
    if (mark !== null) setAnnouncement(t('training.rest.left', { time: formatRestClock(mark) }));
  }, [secondsLeft, timer, t]);

  // The live region stays put while the bar comes and goes, so what it says is read out.
  const live = <p className="visually-hidden" aria-live="polite" data-testid="rest-timer-announcement">{announcement}</p>;
  if (stored === undefined || (!timer && !movement)) return live;

  const running = timer !== null && secondsLeft > 0;
  const adjust = (delta: number) => {
    if (running) void adjustRestTimer(delta);
    else if (movement) void adjustRestPreset(movement.id, delta);
  };
  const end = () => {
    cancelRestNotification();
    void clearRestTimer();
  };
  const askPermission = () => {
    void Notification.requestPermission().then(setPermission, () => undefined);
  };

  return (
    <>
    <section ref={bar} className={`rest-timer${timer ? ' rest-timer--bar' : ''}${running ? ' rest-timer--running' : ''}${timer && !running ? ' rest-timer--over' : ''}`} aria-label={t('training.rest.region')} data-testid="rest-timer">
      <div className="rest-timer__status">
        <span className="rest-timer__label">
          {timer ? (running ? t('training.rest.for', { movement: timer.movementName }) : t('training.rest.over')) : t('training.rest.between')}
        </span>
        <span className="rest-timer__clock" role="timer" aria-label={t('training.rest.timeLeft')} data-testid="rest-timer-clock">
          {formatRestClock(timer ? secondsLeft : (preset ?? 0))}
        </span>
      </div>
      <div className="rest-timer__actions">
        {(running || !timer) && (
          <>
            <Button size="sm" onClick={() => adjust(-REST_STEP_SECONDS)} data-testid="rest-less">{t('training.rest.lessShort')}</Button>
            <Button size="sm" onClick={() => adjust(REST_STEP_SECONDS)} data-testid="rest-more">{t('training.rest.moreShort')}</Button>
          </>
        )}
        {running && <Button size="sm" variant="ghost" onClick={end} data-testid="rest-skip">{t('training.rest.skip')}</Button>}
        {timer && !running && <Button size="sm" onClick={end} data-testid="rest-dismiss">{t('training.rest.dismiss')}</Button>}
        {/* A bell, not a sentence, so the bar stays one line on a phone. */}
        {running && permission === 'default' && (
          <Button size="sm" variant="ghost" iconOnly icon="bell" onClick={askPermission} aria-label={t('training.rest.allowNotifications')} title={t('training.rest.allowNotifications')} data-testid="rest-notify" />
        )}
      </div>
    </section>
    {live}
    </>
  );
}
