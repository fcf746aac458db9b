// Push notifications for this device: asked for only from the member's tap, with the state shown
// and, on iOS, how to get there (push needs the app on the Home Screen).
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { subscribePush, unsubscribePush } from '../push';
import { usePushState } from '../push-state';
import { useCommand } from '../../../ui/use-command';
import { useOnline } from '../../../ui/use-online';

export function NotificationSettings() {
  const { t } = useTranslation();
  const online = useOnline();
  const run = useCommand();
  // Re-read when the page becomes visible and after every turn on or off (push.ts tells it).
  const push = usePushState();
  const support = push?.support ?? null;
  const subscribed = push?.subscribed ?? false;
  const [busy, setBusy] = useState(false);

  const toggle = async () => {
    setBusy(true);
    await (subscribed
      ? run(() => unsubscribePush(), { success: t('notifications.push.turnedOff') })
      : run(() => subscribePush(), { success: t('notifications.push.turnedOn') }));
    setBusy(false);
  };

  return (
    <section className="card" id="notifications" aria-labelledby="settings-notifications">
      <h2 id="settings-notifications" className="card__title">{t('notifications.push.title')}</h2>
      <p>{t('notifications.push.intro')}</p>
      {support === 'unsupported' && <p className="notice notice--info">{t('notifications.push.unsupported')}</p>}
      {support === 'ios-needs-install' && <p className="notice notice--info">{t('notifications.push.ios')}</p>}
      {support === 'denied' && <p className="notice notice--warning">{t('notifications.push.denied')}</p>}
      {(support === 'default' || support === 'granted') && (
        <>
          <p data-testid="push-state">{subscribed ? t('notifications.push.on') : t('notifications.push.off')}</p>
          {!online && <p className="muted">{t('notifications.push.offline')}</p>}
          <button type="button" className={`btn ${subscribed ? 'btn--secondary' : 'btn--primary'}`} disabled={busy || !online} onClick={() => void toggle()}>
            {subscribed ? t('notifications.push.turnOff') : t('notifications.push.turnOn')}
          </button>
        </>
      )}
    </section>
  );
}
