import { useTranslation } from 'react-i18next';
import { useOnline } from '../../ui/use-online';
import { Icon } from '../../ui/icon/index';

/**
 * Tells the member the screen shows what was saved on the device. It sits in the top bar's
 * second line, before the facility, so going offline or back never moves the page (CLS).
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  if (online) return null;
  return (
    <span className="topbar__offline" role="status" data-testid="offline-banner">
      <Icon name="cloud-off" size={14} />
      <span aria-hidden="true">{t('sync.offline')}</span>
      <span className="visually-hidden">{t('common.offlineData')}</span>
    </span>
  );
}
