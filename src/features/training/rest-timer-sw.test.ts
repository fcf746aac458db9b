// The service worker's side of the rest timer with a fake worker scope: the notification at the
// end time unless a window shows the end itself, one timer per tag, cancel on skip, and a tap
// that brings the open window forward without reloading it. Loaded by path like sw.test.ts.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { REST_TIMER_CANCEL_MESSAGE, REST_TIMER_DUE_MESSAGE, REST_TIMER_MESSAGE, REST_TIMER_TAG } from '../../../core/rules/training/rest-timer';

interface Shown {
  title: string;
  options: { body?: string; tag?: string; data?: unknown };
  closed: boolean;
}

interface FakeWindow {
  focused: boolean;
  visibilityState: 'visible' | 'hidden';
  focus: () => Promise<FakeWindow>;
  navigate: (url: string) => Promise<FakeWindow | null>;
  postMessage: (message: unknown, transfer?: MessagePort[]) => void;
}

/** A window that answers the due message with `answer` (or never, like a frozen page). */
function fakeWindow(answer: boolean | 'never'): FakeWindow & { asked: unknown[] } {
  const asked: unknown[] = [];
  const win = {
    asked,
    focused: false,
    visibilityState: 'visible' as const,
    focus: vi.fn(async () => win),
    navigate: vi.fn(async () => win),
    postMessage: (message: unknown, transfer: MessagePort[] = []) => {
      asked.push(message);
      if (answer !== 'never') transfer[0]?.postMessage(answer);
    },
  };
  return win;
}

function fakeScope(windows: FakeWindow[] = []) {
  const shown: Shown[] = [];
  const opened: string[] = [];
  return {
    shown,
    opened,
    registration: {
      showNotification: async (title: string, options: Shown['options']) => {
        for (const s of shown) if (s.options.tag === options.tag) s.closed = true;
        shown.push({ title, options, closed: false });
      },
      getNotifications: async ({ tag }: { tag: string }) =>
        shown.filter((s) => s.options.tag === tag && !s.closed).map((s) => ({ close: () => void (s.closed = true) })),
    },
    clients: {
      matchAll: async () => windows,
      openWindow: async (url: string) => void opened.push(url),
    },
  };
}

type Scope = ReturnType<typeof fakeScope>;
interface RestModule {
  handleRestTimerMessage(self: Scope, data: unknown, now?: number): Promise<void> | null;
}
interface ClickModule {
  handleNotificationClick(self: Scope, notification: { data: unknown; close(): void }): Promise<void>;
}

let rest: RestModule;
let click: ClickModule;
beforeAll(async () => {
  const restPath = '../../../sw/rest-timer';
  const clickPath = '../../../sw/notification-click';
  rest = (await import(/* @vite-ignore */ restPath)) as RestModule;
  click = (await import(/* @vite-ignore */ clickPath)) as ClickModule;
});

const NOW = Date.UTC(2026, 10, 25, 9, 0, 0);
const schedule = (over: Record<string, unknown> = {}) => ({
  type: REST_TIMER_MESSAGE, tag: REST_TIMER_TAG, endAt: NOW + 90_000, title: 'Rest over', body: 'Back Squat: time for the next set.',
  path: '/training/workouts/new/lift', ...over,
});

/** Past the end, then lets the windows' answers (real message ports) arrive. */
async function passTime(ms: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
  for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setImmediate(resolve));
  await vi.advanceTimersByTimeAsync(0);
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('rest timer in the service worker', () => {
  it('shows the translated notification at the end time, not before, when no window is open', async () => {
    const scope = fakeScope();
    const done = rest.handleRestTimerMessage(scope, schedule(), NOW);
    expect(done).not.toBeNull();
    await passTime(89_000);
    expect(scope.shown).toHaveLength(0);
    await passTime(1_000);
    await done;
    expect(scope.shown).toHaveLength(1);
    expect(scope.shown[0]).toMatchObject({
      title: 'Rest over',
      options: { body: 'Back Squat: time for the next set.', tag: REST_TIMER_TAG, data: { kind: 'rest-timer', path: '/training/workouts/new/lift' } },
    });
  });

  it('leaves the end to a window that shows it on screen', async () => {
    const visible = fakeWindow(true);
    const scope = fakeScope([fakeWindow(false), visible]);
    const done = rest.handleRestTimerMessage(scope, schedule(), NOW);
    await passTime(90_000);
    await done;
    expect(visible.asked).toEqual([{ type: REST_TIMER_DUE_MESSAGE, tag: REST_TIMER_TAG }]);
    expect(scope.shown).toHaveLength(0);
  });

  it('notifies when the only window is hidden, or frozen and never answers', async () => {
    const scope = fakeScope([fakeWindow(false), fakeWindow('never')]);
    const done = rest.handleRestTimerMessage(scope, schedule(), NOW);
    await passTime(90_000);
    expect(scope.shown).toHaveLength(0);
    await passTime(1_000);
    await done;
    expect(scope.shown).toHaveLength(1);
  });

  it('a newer timer replaces the older one: one notification, the newer text', async () => {
    const scope = fakeScope();
    const first = rest.handleRestTimerMessage(scope, schedule(), NOW);
    const second = rest.handleRestTimerMessage(scope, schedule({ endAt: NOW + 120_000, title: 'Newer' }), NOW);
    await passTime(120_000);
    await Promise.all([first, second]);
    expect(scope.shown.map((s) => s.title)).toEqual(['Newer']);
  });

  it('a skip cancels the scheduled end and closes a shown one', async () => {
    const scope = fakeScope();
    const done = rest.handleRestTimerMessage(scope, schedule(), NOW);
    await passTime(30_000);
    await rest.handleRestTimerMessage(scope, { type: REST_TIMER_CANCEL_MESSAGE, tag: REST_TIMER_TAG }, NOW + 30_000);
    await passTime(90_000);
    await done;
    expect(scope.shown).toHaveLength(0);

    const again = rest.handleRestTimerMessage(scope, schedule({ endAt: NOW }), NOW);
    await passTime(0);
    await again;
    expect(scope.shown.filter((s) => !s.closed)).toHaveLength(1);
    await rest.handleRestTimerMessage(scope, { type: REST_TIMER_CANCEL_MESSAGE, tag: REST_TIMER_TAG }, NOW);
    expect(scope.shown.filter((s) => !s.closed)).toHaveLength(0);
  });

  it('ignores messages that are not the rest timer’s', () => {
    const scope = fakeScope();
    expect(rest.handleRestTimerMessage(scope, { type: 'SKIP_WAITING' }, NOW)).toBeNull();
    expect(rest.handleRestTimerMessage(scope, schedule({ path: 'https://elsewhere.example/' }), NOW)).toBeNull();
  });

  it('a tap brings the open window forward as it is, or opens the lift form', async () => {
    const open = fakeWindow(false);
    const withWindow = fakeScope([open]);
    const close = vi.fn();
    await click.handleNotificationClick(withWindow, { data: { kind: 'rest-timer', path: '/training/workouts/new/lift' }, close });
    expect(close).toHaveBeenCalled();
    expect(open.focus).toHaveBeenCalled();
    expect(open.navigate).not.toHaveBeenCalled();
    expect(open.asked).toEqual([]);

    const none = fakeScope();
    await click.handleNotificationClick(none, { data: { kind: 'rest-timer', path: '/training/workouts/lift/12/edit' }, close });
    expect(none.opened).toEqual(['/training/workouts/lift/12/edit']);
  });
});
