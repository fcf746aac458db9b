// Rows of the notifications dropdown, newest first; unread rows are marked.
import { useTranslation } from 'react-i18next';
import type { AppNotification } from '../../data/api/types';
import { useFormat } from '../../i18n/useFormat';

export default function NotificationList({ notifications, onNavigate: _onNavigate }: { notifications: AppNotification[]; onNavigate: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <ul className="notifications-panel__list" aria-label={t('notifications.title')}>
      {notifications.map((n) => (
        <li key={n.id} className={`notification${n.read_at ? '' : ' notification--unread'}`}>
          <p className="notification__message">{n.message}</p>
          <time className="notification__time" dateTime={n.updated_at}>{format.dateTime(n.updated_at)}</time>
        </li>
      ))}
    </ul>
  );
}
