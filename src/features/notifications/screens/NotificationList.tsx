// Rows of the notifications dropdown, newest first (see docs/rules.md#notifications): tapping one marks it read and opens
// its screen; a waitlist offer can be confirmed or declined right here, declining only once asked
// (the row beside the button opens on tap, so a slip must not give the place away).
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../i18n/use-translation';
import type { AppNotification } from '../../../../core/contract/types';
import { markNotificationRead } from '../commands';
import { notificationOrgName } from '../../../../core/rules/notifications';
import { notificationTarget } from '../../../../core/rules/notification-target';
import { useFormat } from '../../../i18n/useFormat';
import { useFacility, useProfile } from '../../../data/hooks/auth';
import { OfferCountdown, useBookingActions } from '../../booking/public';
import { NotificationText } from './NotificationText';
import { Button } from '../../../ui/button/index';

export default function NotificationList({ notifications, onNavigate }: { notifications: AppNotification[]; onNavigate: () => void }) {
  const { t } = useTranslation();
  const facility = useFacility();
  const accounts = useProfile()?.accounts ?? [];
  const format = useFormat(facility?.time_zone);
  const navigate = useNavigate();
  const perform = useBookingActions();

  const open = (n: AppNotification) => {
    void markNotificationRead(n.id).catch(() => undefined);
    const target = notificationTarget(n);
    if ('ignored' in target) {
      console.warn(`Notification ${n.id} of type "${n.type}" has nowhere to go: ${target.reason}`);
      return;
    }
    onNavigate();
    navigate(target.path);
  };

  const answer = async (n: AppNotification, action: 'confirm' | 'decline') => {
    const cls = n.params.class;
    if (!cls) return;
    // Declining asks first with the class page's reservation prompt, Decline as the one way forward.
    const ask = action === 'decline'
      ? {
        title: t('reservation.title'),
        body: t('reservation.body', { name: cls.name, time: format.time(cls.start_date), date: format.weekdayDate(cls.start_date) }),
        confirmLabel: t('reservation.decline'),
        danger: true,
      }
      : undefined;
    if (await perform(action, { id: cls.id }, ask)) void markNotificationRead(n.id).catch(() => undefined);
  };

  return (
    <ul className="notifications-panel__list" aria-label={t('notifications.title')} data-testid="notification-list">
      {notifications.map((n) => {
        const orgName = notificationOrgName(n, accounts);
        return (
          <li key={n.id} className={`notification${n.read_at ? '' : ' notification--unread'}`} data-testid="notification" data-type={n.type}>
            <button type="button" className="notification__open" onClick={() => open(n)}>
              {!n.read_at && <span className="visually-hidden">{t('notifications.unread')}</span>}
              <NotificationText notification={n} />
              {orgName && <span className="notification__meta" data-testid="notification-org">{orgName}</span>}
              {n.type === 'waitlist' && n.expires_at && <OfferCountdown expiresAt={n.expires_at} className="notification__meta" />}
              <time className="notification__time" dateTime={n.updated_at}>{format.dateTime(n.updated_at)}</time>
            </button>
            {n.type === 'waitlist' && n.params.class && (
              <div className="btn-row notification__actions">
                <Button variant="primary" size="sm" onClick={() => void answer(n, 'confirm')}>{t('reservation.confirm')}</Button>
                <Button size="sm" onClick={() => void answer(n, 'decline')}>{t('reservation.decline')}</Button>
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
