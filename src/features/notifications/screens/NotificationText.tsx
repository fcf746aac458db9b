import type { TFunction } from 'i18next';
import { useTranslation } from '../../../i18n/use-translation';
import type { AppNotification } from '../../../../core/contract/types';
import { postsSummary } from '../../../../core/rules/notifications';
import { logPromptKind } from '../../../../core/rules/training/log-prompt';

/**
 * The message, with the summary of authors above it (see docs/rules.md#notifications) for post
 * notifications; a prompt to log a class's workout in the member's language (the server writes English).
 */
export function NotificationText({ notification }: { notification: AppNotification }) {
  const { t } = useTranslation();
  const posts = notification.type === 'post' ? notification.params.posts : undefined;
  const summary = posts && posts.length > 0 ? postsSummary(posts) : null;
  const workout = notification.type === 'log_workout' ? notification.params.workout : undefined;
  const message = workout ? t(`notifications.logWorkout.${logPromptKind(workout)}`, { name: workout.name }) : notification.message;
  return (
    <span className="notification__text">
      {summary && <strong className="notification__summary">{summaryText(summary, t)}</strong>}
      <span className="notification__message">{message}</span>
    </span>
  );
}

function summaryText({ names, others }: { names: string[]; others: number }, t: TFunction<'shell'>): string {
  const [a = '', b = '', c = ''] = names;
  if (others > 0) return t('notifications.summary.others', { a, b, count: others });
  if (names.length >= 3) return t('notifications.summary.three', { a, b, c });
  if (names.length === 2) return t('notifications.summary.two', { a, b });
  return t('notifications.summary.one', { a });
}
