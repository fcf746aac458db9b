import { useTranslation } from 'react-i18next';
import { useOnline } from '../../ui/use-online';

/** Tells the member the screen shows what was saved on the device. */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  if (online) return null;
  return <p className="offline-banner" role="status" data-testid="offline-banner">{t('common.offlineData')}</p>;
}
