// The bell (see docs/rules.md#notifications): unread count badge that pulses when it rises; the dropdown with its title,
// menu, list, empty and loading texts, closing by itself after 10 s.
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useActionCount, useNotifications, useUnreadCount } from '../hooks';
import { Dropdown, DropdownItem } from '../../../ui/dropdown/index';
import { useCommand } from '../../../ui/use-command';
import { Icon } from '../../../ui/icon/index';
import { withStrings } from '../../../i18n/index';

// The list formats dates (date-fns), which the shell's first paint does not need.
// The list offers booking's waitlist actions, so booking's strings come with it.
const NotificationList = lazy(withStrings('booking', () => import('./NotificationList')));

export const DROPDOWN_AUTO_CLOSE_MS = 10_000;
export const BADGE_PULSE_MS = 760;

function usePulse(count: number): boolean {
  const previous = useRef(count);
  const [pulsing, setPulsing] = useState(false);
  useEffect(() => {
    const rose = count > previous.current;
    previous.current = count;
    if (!rose) return;
    setPulsing(true);
    const timer = window.setTimeout(() => setPulsing(false), BADGE_PULSE_MS);
    return () => window.clearTimeout(timer);
  }, [count]);
  return pulsing;
}

export function NotificationsBell() {
  const { t } = useTranslation();
  const unread = useUnreadCount();
  const count = useActionCount();
  const notifications = useNotifications();
  const pulsing = usePulse(count);
  const navigate = useNavigate();
  const run = useCommand();
  // The commands load on first use: the bell itself is part of the first paint.
  const markAll = () => run(() => import('../commands').then((commands) => commands.markAllNotificationsRead()));
  const label = count > 0 ? t('notifications.bellActions', { count }) : t('notifications.bell');
  return (
    <Dropdown
      variant="panel"
      align="end"
      label={t('notifications.title')}
      autoCloseMs={DROPDOWN_AUTO_CLOSE_MS}
      renderTrigger={(props) => (
        <button {...props} className="btn btn--ghost btn--icon bell" aria-label={label} data-testid="notifications-bell">
          <Icon name="bell" />
          {count > 0 && (
            <span className={`bell__badge${pulsing ? ' bell__badge--pulse' : ''}`} data-testid="notifications-badge" aria-hidden="true">
              {count > 99 ? '99+' : count}
            </span>
          )}
        </button>
      )}
    >
      {({ close }) => (
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
      )}
    </Dropdown>
  );
}
