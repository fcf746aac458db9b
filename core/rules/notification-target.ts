// Where tapping a notification leads (see docs/rules.md#notifications): the app's list and the
// service worker's notification click share it. Apart from core/rules/notifications.ts, which the
// app's first paint needs (the bell's count), so the addresses load with the list, not the shell.
import type { AppNotification } from '../contract/types';
import { logResultPath } from './training/log-prompt';

export type IgnoredReason = 'unknown_type' | 'missing_params';
export type NotificationTarget = { path: string } | { ignored: true; reason: IgnoredReason };

function idOf(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string' && value.trim() !== '') return encodeURIComponent(value.trim());
  return null;
}

function pathTo(prefix: string, id: unknown): NotificationTarget {
  const clean = idOf(id);
  return clean === null ? { ignored: true, reason: 'missing_params' } : { path: `${prefix}${clean}` };
}

/**
 * Where tapping a notification leads. Other types are ignored; the caller logs a
 * warning, as the product asks, because only it knows the context worth logging.
 */
export function notificationTarget(n: Pick<AppNotification, 'type' | 'params'>): NotificationTarget {
  const params = (n.params ?? {}) as AppNotification['params'];
  switch (n.type) {
    case 'waitlist':
    case 'class_cancelled':
    case 'booking_open':
    case 'recurring_booking':
      return pathTo('/classes/', params.class?.id);
    case 'appointment':
      return pathTo('/appointments/', params.appointment?.id);
    case 'log_workout': {
      // The form prefilled from the class's workout (core/rules/training/log-prompt.ts).
      const workout = params.workout;
      const sessionId = params.class?.id;
      if (!workout || (workout.type !== 'wod' && workout.type !== 'lift') || !Number.isInteger(workout.definition_id) || !Number.isInteger(sessionId)) return { ignored: true, reason: 'missing_params' };
      return { path: logResultPath({ type: workout.type, id: workout.definition_id }, sessionId!) };
    }
    case 'post': {
      const ids = Array.isArray(params.posts) ? params.posts.map((post) => idOf(post?.id)).filter((id): id is string => id !== null) : [];
      if (ids.length === 0) return { ignored: true, reason: 'missing_params' };
      // Commas stay literal: /activity reads `notify` as comma-separated ids.
      return { path: `/activity?notify=${[...new Set(ids)].join(',')}` };
    }
    default:
      return { ignored: true, reason: 'unknown_type' };
  }
}
