import { useTranslation } from '../../i18n/use-translation';
import { useOnline } from '../../ui/use-online';
import { Icon } from '../../ui/icon/index';
import { useShownDataAge } from '../../ui/data-age';

/**
 * Tells the member the screen shows what was saved on the device, and from when when the screen
 * says (ui/data-age.ts). It sits in the top bar's second line, before the facility, so going
 * offline or back never moves the page (CLS).
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  const when = useShownDataAge();
  if (online) return null;
  return (
    <span className="topbar__offline" role="status" data-testid="offline-banner">
      <Icon name="cloud-off" size={14} />
      <span aria-hidden="true">{t('sync.offline')}</span>
      {when && <span className="topbar__age" aria-hidden="true" data-testid="data-age">{t('sync.updatedAt', { time: when })}</span>}
      <span className="visually-hidden">{when ? t('common.offlineDataFrom', { time: when }) : t('common.offlineData')}</span>
    </span>
  );
}
