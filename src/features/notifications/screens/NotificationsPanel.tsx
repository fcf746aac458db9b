// The bell's open panel: its title, menu (mark all as read, settings), the list, and the empty and
// loading texts. Loaded when the bell first opens (NotificationsBell).
import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../i18n/use-translation';
import { useNotifications, useUnreadCount } from '../hooks';
import { Dropdown, DropdownItem } from '../../../ui/dropdown/index';
import { useCommand } from '../../../ui/use-command';
import { Icon } from '../../../ui/icon/index';
import { withStrings } from '../../../i18n/index';

// The list formats dates (date-fns), and offers booking's waitlist actions, so booking's strings come with it.
const NotificationList = lazy(withStrings('booking', () => import('./NotificationList')));

export default function NotificationsPanel({ close }: { close: () => void }) {
  const { t } = useTranslation();
  const unread = useUnreadCount();
  const notifications = useNotifications();
  const navigate = useNavigate();
  const run = useCommand();
  // The commands load on first use.
  const markAll = () => run(() => import('../commands').then((commands) => commands.markAllNotificationsRead()));
  return (
    <div className="notifications-panel">
      <header className="notifications-panel__header">
        <h2 className="notifications-panel__title">{t('notifications.title')}</h2>
        <Dropdown label={t('notifications.menu')} align="end" triggerLabel={t('notifications.menu')} triggerClassName="btn--ghost btn--icon btn--sm"
          trigger={<Icon name="settings" />}>
          <DropdownItem icon="check" disabled={unread === 0} onSelect={() => void markAll()}>{t('notifications.markAllRead')}</DropdownItem>
          <DropdownItem icon="settings" onSelect={() => { close(); navigate('/settings#notifications'); }}>{t('notifications.settings')}</DropdownItem>
        </Dropdown>
      </header>
      {notifications === undefined ? (
        <p className="notifications-panel__empty" role="status">{t('notifications.loading')}</p>
      ) : notifications.length === 0 ? (
        <p className="notifications-panel__empty">{t('notifications.empty')}</p>
      ) : (
        <Suspense fallback={<p className="notifications-panel__empty" role="status">{t('notifications.loading')}</p>}>
          <NotificationList notifications={notifications} onNavigate={() => close()} />
        </Suspense>
      )}
    </div>
  );
}
