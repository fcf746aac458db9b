// The bell (see docs/rules.md#notifications): unread count badge that pulses when it rises; the
// dropdown (NotificationsPanel: its title, menu, list, empty and loading texts) closes by itself
// after 10 s. The panel loads when first opened: the first paint needs only the bell and its count.
import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useActionCount } from '../hooks';
import { Dropdown } from '../../../ui/dropdown/index';
import { Icon } from '../../../ui/icon/index';
import { lazyOnce, once, startLoad } from '../../../ui/load-once';
import { ErrorBoundary } from '../../../ui/error-boundary/index';

// Loaded when the pointer or focus reaches the bell, like the dropdown itself, so it opens at once.
const loadPanel = once(() => import('./NotificationsPanel'));
const NotificationsPanel = lazyOnce(loadPanel);
const preloadPanel = () => startLoad(loadPanel);

export const DROPDOWN_AUTO_CLOSE_MS = 10_000;
export const BADGE_PULSE_MS = 760;

/**
 * Whether the badge pulses: for BADGE_PULSE_MS after the count rises. The count read at the start
 * (undefined until then) is not a rise: the badge would pulse at every start, and into the saved screen.
 */
function usePulse(count: number | undefined): boolean {
  const previous = useRef(count);
  const [pulsing, setPulsing] = useState(false);
  useEffect(() => {
    const rose = count !== undefined && previous.current !== undefined && count > previous.current;
    if (count !== undefined) previous.current = count;
    if (!rose) return;
    setPulsing(true);
    const timer = window.setTimeout(() => setPulsing(false), BADGE_PULSE_MS);
    return () => window.clearTimeout(timer);
  }, [count]);
  return pulsing;
}

export function NotificationsBell() {
  const { t } = useTranslation();
  const read = useActionCount();
  const pulsing = usePulse(read);
  const count = read ?? 0;
  const label = count > 0 ? t('notifications.bellActions', { count }) : t('notifications.bell');
  return (
    <Dropdown
      variant="panel"
      align="end"
      label={t('notifications.title')}
      autoCloseMs={DROPDOWN_AUTO_CLOSE_MS}
      renderTrigger={(props) => (
        <button {...props} onPointerEnter={() => (props.onPointerEnter(), preloadPanel())} onFocus={() => (props.onFocus(), preloadPanel())}
          className="btn btn--ghost btn--icon bell" aria-label={label} data-testid="notifications-bell">
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
        <ErrorBoundary fallback={<div className="notifications-panel"><p className="notifications-panel__empty" role="alert">{t('errors.network')}</p></div>}>
          <Suspense fallback={<div className="notifications-panel"><p className="notifications-panel__empty" role="status">{t('notifications.loading')}</p></div>}>
            <NotificationsPanel close={close} />
          </Suspense>
        </ErrorBoundary>
      )}
    </Dropdown>
  );
}
